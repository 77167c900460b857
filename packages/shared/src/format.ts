import { CLINIC } from './clinic';

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let f = dateFormatters.get(key);
  if (!f) {
    f = make();
    dateFormatters.set(key, f);
  }
  return f;
}

/** A calendar date `YYYY-MM-DD` shown the Vietnamese way: 05/03/2026. */
export function formatDate(value: string | Date | null | undefined, timeZone: string = CLINIC.defaultTimeZone): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(
    `d|${timeZone}`,
    () => new Intl.DateTimeFormat('vi-VN', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }),
  ).format(date);
}

/** A slot's time on its calendar date, as e-mails and screens say it: 08:30 ngày 05/03/2026. */
export function formatTimeOnDate(time: string, date: string): string {
  return `${time} ngày ${formatDate(date)}`;
}

/** An instant shown as clinic time: 14:05 05/03/2026. */
export function formatDateTime(
  value: string | Date | null | undefined,
  timeZone: string = CLINIC.defaultTimeZone,
): string {
  if (value == null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = formatter(
    `dt|${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  ).formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('hour')}:${get('minute')} ${get('day')}/${get('month')}/${get('year')}`;
}

/** A long Vietnamese date: "Thứ Hai, 05 tháng 3, 2026". */
export function formatLongDate(value: string | Date, timeZone: string = CLINIC.defaultTimeZone): string {
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  const zone = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'UTC' : timeZone;
  const text = formatter(
    `long|${zone}`,
    () =>
      new Intl.DateTimeFormat('vi-VN', {
        timeZone: zone,
        weekday: 'long',
        day: '2-digit',
        month: 'long',
        year: 'numeric',
      }),
  ).format(date);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An amount in đồng: 500000 → "500.000 VNĐ". */
export function formatVnd(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (n == null || !Number.isFinite(n)) return '';
  const digits = Math.round(Math.abs(n))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${n < 0 ? '-' : ''}${digits} VNĐ`;
}

/** Today's date in the clinic's zone, `YYYY-MM-DD`, whatever zone this machine is in. */
export function clinicToday(now: Date = new Date(), timeZone: string = CLINIC.defaultTimeZone): string {
  const parts = formatter(
    `iso|${timeZone}`,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
