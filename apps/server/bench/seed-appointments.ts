// Bulk appointments for the bench: one INSERT ... SELECT over generate_series, so 100,000 rows take
// seconds, and the statement-level triggers keep the counters and patient summaries as the app would.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

const FAMILY = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
];
const MIDDLE = ['Thị', 'Văn', 'Ngọc', 'Thanh', 'Minh', 'Thu', 'Hoài', 'Bảo', 'Gia', 'Quốc'];
const GIVEN = [
  'Mai',
  'Lan',
  'Hương',
  'Hoa',
  'Linh',
  'Trang',
  'Thảo',
  'Vy',
  'Anh',
  'Dung',
  'Hà',
  'Nhung',
  'Yến',
  'Chi',
  'Ngân',
  'Tâm',
  'Phương',
  'Quỳnh',
  'Hạnh',
  'Uyên',
];
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();
const arr = (values: string[]) =>
  sql.raw(`(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[])`);
const n = (value: number) => sql.raw(String(Math.trunc(value)));

const TIMES = [
  '08:00',
  '08:30',
  '09:00',
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '13:30',
  '14:00',
  '14:30',
  '15:00',
  '15:30',
  '16:00',
  '16:30',
  '17:00',
];
const DEPARTMENTS = [
  'REPRODUCTIVE_HEALTH',
  'GYNECOLOGY',
  'OBSTETRICS',
  'FAMILY_PLANNING',
  'STI_TESTING',
  'FERTILITY',
  'GENERAL_PRACTICE',
  'GENERAL_MEDICINE',
];

/**
 * `count` appointments over the last year and the next two months, about three per patient (one
 * e-mail each), statuses as a clinic has them: past visits mostly done or paid, some cancelled or
 * missed; coming ones pending, waiting for a doctor, confirmed or asked to pay. Doctors are those
 * of each department.
 */
export async function seedBenchAppointments(db: Db, count: number): Promise<void> {
  const patients = Math.max(1, Math.floor(count / 3));
  // In batches, so the progress of a large seed can be followed; one statement would do too.
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await insertBatch(db, from, to, patients);
  }
  // The state autovacuum leaves a live database in after a load: statistics, and the visibility map
  // that lets index-only scans (Patient Control's cards) skip the table.
  await db.execute(sql`VACUUM ANALYZE`);
}

const BATCH = 2000;

async function insertBatch(db: Db, from: number, to: number, patients: number): Promise<void> {
  await db.execute(sql`
    WITH doctors AS (SELECT specialty, min(id) AS id FROM users WHERE role = 'DOCTOR' GROUP BY specialty),
    base AS (
      SELECT g AS i, g % ${n(patients)} AS p,
        (current_date + ((g::bigint * 7919) % 425 - 365)::int)::date AS d,
        ${arr(DEPARTMENTS)}[1 + (g % ${n(DEPARTMENTS.length)})] AS dept,
        ${arr(TIMES)}[1 + ((g * 31) % ${n(TIMES.length)})] AS t,
        (g * 2654435761) % 100 AS r
      FROM generate_series(${n(from)}, ${n(to)}) AS g
    ),
    rows AS (
      SELECT b.*,
        ${arr(FAMILY)}[1 + (b.p % ${n(FAMILY.length)})] || ' ' || ${arr(MIDDLE)}[1 + ((b.p / ${n(FAMILY.length)}) % ${n(MIDDLE.length)})] || ' ' || ${arr(GIVEN)}[1 + ((b.p / ${n(FAMILY.length * MIDDLE.length)}) % ${n(GIVEN.length)})] AS name,
        ${arr(FAMILY.map(fold))}[1 + (b.p % ${n(FAMILY.length)})] || ' ' || ${arr(MIDDLE.map(fold))}[1 + ((b.p / ${n(FAMILY.length)}) % ${n(MIDDLE.length)})] || ' ' || ${arr(GIVEN.map(fold))}[1 + ((b.p / ${n(FAMILY.length * MIDDLE.length)}) % ${n(GIVEN.length)})] AS folded,
        'bn' || b.p || '@example.com' AS email,
        '09' || lpad((b.p % 100000000)::text, 8, '0') AS phone,
        CASE WHEN b.d < current_date THEN
          CASE WHEN b.r < 50 THEN 'COMPLETED' WHEN b.r < 65 THEN 'PAID' WHEN b.r < 80 THEN 'CANCELLED' WHEN b.r < 90 THEN 'NO_SHOW' ELSE 'NEEDS_PAYMENT' END
        ELSE
          CASE WHEN b.r < 30 THEN 'PENDING' WHEN b.r < 45 THEN 'AWAITING_DOCTOR_APPROVAL' WHEN b.r < 80 THEN 'CONFIRMED' WHEN b.r < 90 THEN 'PAYMENT_REQUESTED' ELSE 'CANCELLED' END
        END AS status
      FROM base b
    )
    INSERT INTO appointments (full_name, phone, email, appointment_date, appointment_time, department, reason, status, doctor_id,
      payment_completed, payment_amount, doctor_notified_at, search_text, created_at, updated_at)
    SELECT r.name, r.phone, r.email, r.d, r.t, r.dept, 'Khám định kỳ', r.status,
      CASE WHEN r.status IN ('PENDING', 'CANCELLED') THEN NULL ELSE doc.id END,
      r.status IN ('PAID', 'COMPLETED'),
      CASE WHEN r.status IN ('PAID', 'COMPLETED', 'NEEDS_PAYMENT', 'PAYMENT_REQUESTED') THEN 300000 + (r.r * 5000) ELSE NULL END,
      CASE WHEN r.status = 'AWAITING_DOCTOR_APPROVAL' THEN now() - interval '2 hours' ELSE NULL END,
      r.folded || ' ' || r.phone || ' ' || r.email,
      (r.d - 7)::timestamptz, (r.d - 7)::timestamptz
    FROM rows r LEFT JOIN doctors doc ON doc.specialty = r.dept
  `);
}
