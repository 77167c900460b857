import { performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';

// `npm run test:days` moves this process's clock by CLOCK_OFFSET_MS (clock-setup.ts), once: a worker
// runs the setup again before every file it takes (vitest.config.ts, isolate: false), and a clock
// moved at each file put "today" a day further per file.
const offsetSeen = () => Date.now() - (performance.timeOrigin + performance.now());

it('moves the test clock by CLOCK_OFFSET_MS exactly once, however often its setup runs', async () => {
  const expected = Number(process.env.CLOCK_OFFSET_MS ?? 0);
  expect(Math.abs(offsetSeen() - expected)).toBeLessThan(2_000);
  // The setup once more, as a worker's next file runs it.
  const again = './clock-setup.ts?again';
  await import(/* @vite-ignore */ again);
  expect(Math.abs(offsetSeen() - expected)).toBeLessThan(2_000);
  expect(Math.abs(new Date().getTime() - Date.now())).toBeLessThan(2_000);
});
