import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_STEPS, followUpStepDate } from './follow-up-steps';

const [week, twoWeeks, month] = FOLLOW_UP_STEPS;

describe("the follow-up's quick dates (issue 35)", () => {
  it('lands on the next working day when the step falls on a Sunday, and says which day it left', () => {
    // Sunday 29/11/2026: a week later is Sunday 06/12, when the clinic is closed.
    expect(followUpStepDate(week, '2026-11-29')).toEqual({ date: '2026-12-07', movedFrom: '2026-12-06' });
    expect(followUpStepDate(twoWeeks, '2026-11-29')).toEqual({ date: '2026-12-14', movedFrom: '2026-12-13' });
    // Friday 06/11/2026 + 1 month = Sunday 06/12/2026.
    expect(followUpStepDate(month, '2026-11-06')).toEqual({ date: '2026-12-07', movedFrom: '2026-12-06' });
  });

  it('keeps a working day as counted', () => {
    // Tuesday 10/03/2026.
    expect(followUpStepDate(week, '2026-03-10')).toEqual({ date: '2026-03-17', movedFrom: null });
    expect(followUpStepDate(month, '2026-03-10')).toEqual({ date: '2026-04-10', movedFrom: null });
    // A month's end stays inside the shorter month: 31/01 → 28/02/2026 (a Saturday).
    expect(followUpStepDate(month, '2026-01-31')).toEqual({ date: '2026-02-28', movedFrom: null });
  });
});
