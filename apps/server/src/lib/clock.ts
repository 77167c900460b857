/** Services read the time through this, so tests can fix it. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
export function fixedClock(at: Date | string): Clock & { set(at: Date | string): void } {
  let current = new Date(at);
  return { now: () => new Date(current), set: (next) => (current = new Date(next)) };
}
