import { useState } from 'react';

const KEY = 'bookings.cardsFolded';

function read(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether Booking Manager's counters are folded away, remembered on this computer: at a 1366×768
 * desk the folded cards leave room for more rows above the fold (issue 25).
 */
export function useFoldedCards(): [boolean, (folded: boolean) => void] {
  const [folded, setFolded] = useState(read);
  const set = (next: boolean) => {
    setFolded(next);
    try {
      if (next) globalThis.localStorage?.setItem(KEY, '1');
      else globalThis.localStorage?.removeItem(KEY);
    } catch {
      // Blocked storage: the choice lasts as long as the page.
    }
  };
  return [folded, set];
}
