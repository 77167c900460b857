import { useEffect, useState } from 'react';

/** Milliseconds until the next minute starts (plus a little, so the new minute has begun). */
function untilNextMinute(now: number): number {
  return 60_000 - (now % 60_000) + 50;
}

/**
 * The current instant, renewed at the start of every minute, so the slots offered for today
 * follow the clock while the page stays open. The zone is applied by whoever reads it.
 */
export function useClinicNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = Date.now();
      setNow(new Date(current));
      timer = setTimeout(tick, untilNextMinute(current));
    };
    timer = setTimeout(tick, untilNextMinute(Date.now()));
    return () => clearTimeout(timer);
  }, []);
  return now;
}
