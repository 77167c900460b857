/** Services read the time through this, so tests can fix it. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
/** The real time moved by `offsetMs`, running on: a whole server process living another day (CLOCK_OFFSET_MS). */
export function offsetClock(offsetMs: number): Clock {
  return offsetMs === 0 ? systemClock : { now: () => new Date(Date.now() + offsetMs) };
}
export function fixedClock(at: Date | string): Clock & { set(at: Date | string): void } {
  let current = new Date(at);
  return { now: () => new Date(current), set: (next) => (current = new Date(next)) };
}
