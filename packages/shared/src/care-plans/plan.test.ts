import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANCHORS_OF_KIND,
  EXAMPLE_CARE_PLANS,
  bookableRange,
  carePlanTemplateBodySchema,
  planDayText,
  planVisits,
  windowText,
} from './plan';

// Dates are computed here independently of the module: milliseconds since the epoch, in UTC.
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (date: string) => Date.parse(`${date}T00:00:00Z`);
const weekday = (date: string) => new Date(ms(date)).getUTCDay();

// Any date from 2020 to 2036: month ends, 29 February of 2024, 2028, 2032, every weekday.
const anyDate = fc.integer({ min: ms('2020-01-01') / DAY, max: ms('2036-12-31') / DAY }).map((d) => iso(d * DAY));
const anyTemplate = fc.constantFrom(...EXAMPLE_CARE_PLANS);

describe('a plan counted from an anchor date', () => {
  it('puts every window where its days say, across month ends and leap years, with a working day in it', () => {
    fc.assert(
      fc.property(anyTemplate, anyDate, (template, anchorDate) => {
        for (const anchor of template.anchors) {
          const zero =
            anchor === 'EDD'
              ? ms(anchorDate) - 280 * DAY
              : anchor === 'CYCLE_START'
                ? ms(anchorDate) - DAY
                : ms(anchorDate);
          const visits = planVisits(template.milestones, anchor, anchorDate);
          const expected = template.milestones.reduce((n, m) => n + (m.repeat?.times ?? 1), 0);
          expect(visits).toHaveLength(expected);
          for (const v of visits) {
            expect(v.windowStart).toBe(iso(zero + v.fromDay * DAY));
            const end = iso(zero + v.toDay * DAY);
            // Only a window of Sundays alone is widened, to the Monday after.
            if (v.windowEnd !== end) {
              expect(v.fromDay).toBe(v.toDay);
              expect(weekday(end)).toBe(0);
              expect(v.windowEnd).toBe(iso(ms(end) + DAY));
            }
            expect(v.windowStart <= v.windowEnd).toBe(true);
            let working = 0;
            for (let d = ms(v.windowStart); d <= ms(v.windowEnd); d += DAY) if (weekday(iso(d)) !== 0) working++;
            expect(working).toBeGreaterThan(0);
          }
          // In date order.
          expect(visits.map((v) => v.windowStart)).toEqual(visits.map((v) => v.windowStart).sort());
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same pregnancy from its last period or from the due date 280 days later', () => {
    const antenatal = EXAMPLE_CARE_PLANS.find((t) => t.kind === 'ANTENATAL')!;
    fc.assert(
      fc.property(anyDate, (lmp) => {
        const edd = iso(ms(lmp) + 280 * DAY);
        expect(planVisits(antenatal.milestones, 'EDD', edd)).toEqual(planVisits(antenatal.milestones, 'LMP', lmp));
        expect(planDayText('EDD', edd, iso(ms(lmp) + 87 * DAY))).toBe('Tuần 12 + 3 ngày');
      }),
    );
  });

  it('says the week of pregnancy, the day of the cycle or the days since the procedure', () => {
    expect(planDayText('LMP', '2026-02-27', '2026-03-01')).toBe('Tuần 0 + 2 ngày');
    expect(planDayText('LMP', '2024-01-01', '2024-03-28')).toBe('Tuần 12 + 3 ngày');
    expect(planDayText('CYCLE_START', '2026-01-31', '2026-01-31')).toBe('Ngày 1 của chu kỳ');
    expect(planDayText('CYCLE_START', '2026-01-31', '2026-02-04')).toBe('Ngày 5 của chu kỳ');
    expect(planDayText('PROCEDURE', '2026-11-29', '2026-11-29')).toBe('Ngày thực hiện');
    expect(planDayText('PROCEDURE', '2026-11-29', '2027-02-21')).toBe('84 ngày sau khi thực hiện');
  });

  it('writes each window as the template says it', () => {
    const [antenatal, , injection] = EXAMPLE_CARE_PLANS;
    expect(windowText('LMP', antenatal!.milestones[1]!)).toBe('Từ tuần 11 + 0 ngày đến tuần 13 + 6 ngày');
    expect(windowText('PROCEDURE', injection!.milestones[0]!)).toBe(
      'Từ ngày 84 sau khi thực hiện đến ngày 91 sau khi thực hiện, rồi mỗi 12 đến 13 tuần một lần, 4 lần',
    );
    expect(windowText('CYCLE_START', EXAMPLE_CARE_PLANS[1]!.milestones[0]!)).toBe(
      'Từ ngày 2 của chu kỳ đến ngày 3 của chu kỳ',
    );
  });

  it('books from today in the clinic’s zone, never a window already past', () => {
    const zone = 'Asia/Ho_Chi_Minh';
    fc.assert(
      fc.property(
        anyDate,
        fc.integer({ min: 0, max: DAY - 1 }),
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: 0, max: 10 }),
        (date, offset, shift, length) => {
          const now = new Date(ms(date) + offset);
          // The clinic's date at that instant, UTC+7 with no summer time.
          const today = iso(now.getTime() + 7 * 3_600_000);
          const window = {
            windowStart: iso(ms(today) + shift * DAY),
            windowEnd: iso(ms(today) + (shift + length) * DAY),
          };
          const range = bookableRange(window, now, zone);
          if (window.windowEnd < today) expect(range).toBeNull();
          else {
            expect(range!.from).toBe(window.windowStart > today ? window.windowStart : today);
            expect(range!.to).toBe(window.windowEnd);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the examples valid templates, each anchored as its kind allows', () => {
    for (const t of EXAMPLE_CARE_PLANS) {
      expect(carePlanTemplateBodySchema.safeParse(t).success).toBe(true);
      expect(t.anchors.every((a) => ANCHORS_OF_KIND[t.kind].includes(a))).toBe(true);
    }
    const bad = { ...EXAMPLE_CARE_PLANS[0]!, anchors: ['PROCEDURE'] };
    expect(carePlanTemplateBodySchema.safeParse(bad).error?.issues[0]?.message).toBe(
      'Mốc tính không hợp với loại kế hoạch',
    );
    const reversed = {
      ...EXAMPLE_CARE_PLANS[1]!,
      milestones: [{ key: 'x', label: 'X', department: 'FERTILITY', from: 5, to: 3 }],
    };
    expect(carePlanTemplateBodySchema.safeParse(reversed).error?.issues[0]?.message).toBe(
      'Ngày bắt đầu của khoảng phải trước ngày kết thúc',
    );
  });
});
