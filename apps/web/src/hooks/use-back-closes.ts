import { useEffect, useRef } from 'react';

/**
 * The browser's back button (a phone's back gesture) closes the window that is open instead of
 * leaving the screen under it (issue 25). Each open window adds a history entry for the same address;
 * back pops it and closes the top window only. A window closed another way (its X, Escape, a save)
 * takes its entry back with it, unless the page has moved on meanwhile (a link in the window).
 */
type Open = { marker: string; close: () => void; pushed: boolean; popped: boolean };

const stack: Open[] = [];
/** Entries this code is taking back itself: their popstate closes nothing. */
let ownBacks = 0;
/** Windows opened while an entry was being taken back: they add theirs once it is gone. */
const waiting: (() => void)[] = [];
let listening = false;

const stateMarker = () => (window.history.state as { modalMarker?: string } | null)?.modalMarker;

function onPopState() {
  if (ownBacks > 0) {
    ownBacks -= 1;
    if (ownBacks === 0) for (const push of waiting.splice(0)) push();
    return;
  }
  const top = stack[stack.length - 1];
  if (!top || !top.pushed || stateMarker() === top.marker) return;
  top.popped = true;
  top.close();
}

let counter = 0;

export function useBackCloses(onClose: () => void): void {
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (!listening) {
      window.addEventListener('popstate', onPopState);
      listening = true;
    }
    counter += 1;
    const open: Open = { marker: `w${counter}`, close: () => closeRef.current(), pushed: false, popped: false };
    const push = () => {
      // The router's own state (its key and index) is kept: to it, this entry is the same page.
      window.history.pushState({ ...(window.history.state as object | null), modalMarker: open.marker }, '');
      open.pushed = true;
    };
    stack.push(open);
    if (ownBacks > 0) waiting.push(push);
    else push();
    return () => {
      stack.splice(stack.indexOf(open), 1);
      const queued = waiting.indexOf(push);
      if (queued >= 0) waiting.splice(queued, 1);
      if (open.pushed && !open.popped && stateMarker() === open.marker) {
        ownBacks += 1;
        window.history.back();
      }
    };
  }, []);
}
