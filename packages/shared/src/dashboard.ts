import { ledgerSummarySchema } from './payments';
import { z } from './zod';

/** docs/PRODUCT.md §6: a paid or completed visit with no recorded amount counts as this much. */
export const DEFAULT_VISIT_PRICE = 500_000;

export const DASHBOARD_MSG = {
  loadFailed: 'Không thể tải dữ liệu dashboard',
  sampleDone: 'Đã tạo dữ liệu mẫu',
  sampleFailed: 'Không thể tạo dữ liệu mẫu',
  sampleRefused: 'Không thể tạo dữ liệu mẫu trên hệ thống đang vận hành (production)',
  /** The reason and trail note of every generated appointment. */
  sampleNote: 'Dữ liệu mẫu',
} as const;

const money = z.number().int();

export const dashboardMonthSchema = z.object({
  /** YYYY-MM, in the clinic's zone. */
  month: z.string(),
  appointments: z.number().int(),
  completed: z.number().int(),
  revenue: money,
});
export type DashboardMonth = z.infer<typeof dashboardMonthSchema>;

/**
 * The dashboard (specification section 2, docs/PRODUCT.md §6), every figure from the database:
 * the clinic's, or a doctor's or a patient's own appointments only.
 */
export const dashboardSchema = z.object({
  /** Whose figures: the clinic's (ADMIN, STAFF), a doctor's own, or a patient's own bookings. */
  scope: z.enum(['clinic', 'doctor', 'patient']),
  /** The clinic: every account; a doctor: his patients (Patient Control's count); a patient: none. */
  people: z.number().int().nullable(),
  appointments: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    awaitingDoctor: z.number().int(),
    confirmed: z.number().int(),
    today: z.number().int(),
  }),
  /**
   * Paid and completed visits valued at what the payment ledger took (issue 28), else at the amount
   * recorded on the visit, else at DEFAULT_VISIT_PRICE: `online` is the ledger's part of the total,
   * `estimatedVisits` how many were valued at the estimate.
   */
  revenue: z.object({
    total: money,
    thisMonth: money,
    lastMonth: money,
    paidVisits: z.number().int(),
    online: money,
    estimatedVisits: z.number().int(),
  }),
  pendingPayments: z.object({ count: z.number().int(), amount: money }),
  /**
   * Today's money (the clinic's scope only; issue 35): in by method, refunds out, net, from the same
   * computation as Booking History's payments report, so the two screens show the same figures.
   */
  today: ledgerSummarySchema.extend({ day: z.string() }).nullable(),
  /** The last six months, oldest first, this month last. */
  months: z.array(dashboardMonthSchema),
  /**
   * Percent change against the same days of last month (issue 25: like with like): the 1st to
   * `throughDay` of this month against the 1st to the same day of last month (its last day when it is
   * shorter); null when those days of last month had none.
   */
  growth: z.object({
    appointments: z.number().nullable(),
    revenue: z.number().nullable(),
    throughDay: z.number().int(),
  }),
  /** The waiting lists (the clinic's scope only): places refilled this month, people waiting now. */
  waitingList: z.object({ refilledThisMonth: z.number().int(), waiting: z.number().int() }).nullable(),
  /** Whether the sample-data generator may run here (ADMIN, outside production). */
  sampleDataAvailable: z.boolean(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The sample-data generator (specification section 9): 6 months, 8 to 15 appointments a month. */
export const SAMPLE_DATA = {
  months: 6,
  minPerMonth: 8,
  maxPerMonth: 15,
  statusWeights: { COMPLETED: 40, PAID: 25, CANCELLED: 15, NO_SHOW: 10, PAYMENT_REQUESTED: 10 },
  departments: [
    'REPRODUCTIVE_HEALTH',
    'GYNECOLOGY',
    'OBSTETRICS',
    'FAMILY_PLANNING',
    'STI_TESTING',
    'FERTILITY',
    'GENERAL_PRACTICE',
  ],
} as const;

/** One line of the generator's progress (NDJSON): a month done, or the end. */
export const sampleDataProgressSchema = z.object({
  done: z.number().int(),
  total: z.number().int(),
  month: z.string().optional(),
  created: z.number().int(),
  finished: z.boolean(),
  message: z.string().optional(),
});
export type SampleDataProgress = z.infer<typeof sampleDataProgressSchema>;
