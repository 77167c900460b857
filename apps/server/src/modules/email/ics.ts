import { CLINIC, CLINIC_TEXT, clinicInstant, SLOT_MINUTES } from '@clinic/shared';

/** RFC 5545 text: backslash, semicolon, comma and new lines escaped. */
function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (RFC 5545 section 3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

function utcStamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export type CalendarAppointment = {
  id: number;
  appointmentDate: string;
  appointmentTime: string;
  departmentName: string;
  doctorName: string | null;
};

/** A VCALENDAR of the given events, folded and with CRLF line ends. */
function calendar(events: string[][], extra: string[] = []): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//An Tam Clinic//Appointments//VI',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...extra,
    ...events.flat(),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

type EventFields = { uid: string; date: string; time: string; summary: string; description: string; alarm?: boolean };

/** One visit, in UTC so every calendar shows it at the clinic's wall time. */
function event(e: EventFields, options: { timeZone: string; now: Date }): string[] {
  const start = clinicInstant(e.date, e.time, options.timeZone);
  const end = new Date(start.getTime() + SLOT_MINUTES * 60_000);
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    `DTSTART:${utcStamp(start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `LOCATION:${escapeText(CLINIC.address)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    ...(e.alarm
      ? ['BEGIN:VALARM', 'ACTION:DISPLAY', 'TRIGGER:-PT2H', `DESCRIPTION:${escapeText('Nhắc lịch khám')}`, 'END:VALARM']
      : []),
    'END:VEVENT',
  ];
}

/** A calendar file of the visit, for the patient. */
export function appointmentIcs(
  a: CalendarAppointment,
  options: { timeZone: string; now: Date; domain?: string },
): string {
  const description = [
    `Lịch khám tại ${CLINIC.name}`,
    `Khoa: ${a.departmentName}`,
    a.doctorName ? `Bác sĩ: ${a.doctorName}` : null,
    `${CLINIC_TEXT.arriveEarly}.`,
    `Hotline: ${CLINIC.phone}`,
  ]
    .filter(Boolean)
    .join('\n');
  const uid = `appointment-${a.id}@${options.domain ?? 'antamclinic.vn'}`;
  return calendar([
    event(
      {
        uid,
        date: a.appointmentDate,
        time: a.appointmentTime,
        summary: `Lịch khám - ${a.departmentName}`,
        description,
        alarm: true,
      },
      options,
    ),
  ]);
}

export type DoctorFeedAppointment = {
  id: number;
  appointmentDate: string;
  appointmentTime: string;
  departmentName: string;
  fullName: string;
  status: string;
};

/**
 * A doctor's subscription: his visits, each with the patient's name, the department and the
 * appointment's number; never a patient's phone, e-mail or reason.
 */
export function doctorFeedIcs(
  doctorName: string,
  items: DoctorFeedAppointment[],
  options: { timeZone: string; now: Date; statusLabel: (status: string) => string },
): string {
  const events = items.map((a) =>
    event(
      {
        uid: `appointment-${a.id}@antamclinic.vn`,
        date: a.appointmentDate,
        time: a.appointmentTime,
        summary: `Khám: ${a.fullName}`,
        description: [
          `Mã lịch hẹn #${a.id}`,
          `Khoa: ${a.departmentName}`,
          `Trạng thái: ${options.statusLabel(a.status)}`,
        ].join('\n'),
      },
      options,
    ),
  );
  return calendar(events, [
    `X-WR-CALNAME:${escapeText(`Lịch khám - ${doctorName}`)}`,
    `X-WR-TIMEZONE:${options.timeZone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ]);
}
