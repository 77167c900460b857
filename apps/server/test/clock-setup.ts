/**
 * `npm run test:days` runs the suites as if "now" were another instant: CLOCK_OFFSET_MS moves this
 * test process's Date by that much, and the server processes a test starts inherit the variable,
 * which their config turns into their service clock (config.ts, main.ts): one offset for all.
 *
 * Exactly the real time plus the offset, not vitest's fake timers: their Date advances by ticks of a
 * real interval and fell behind under load (160 ms for 200 ms here), where a test measures durations.
 */
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
// Once per process: a worker runs this file again before each test file it takes (vitest.config.ts,
// isolate: false), and a second Proxy over the first would move the clock twice.
const MOVED = Symbol.for('clinic.test.clockMoved');
const marks = globalThis as unknown as Record<symbol, boolean>;
if (offset && !marks[MOVED]) {
  marks[MOVED] = true;
  const RealDate = Date;
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
}
