import { CLINIC, CLINIC_TEXT, clinicInstant, SLOT_MINUTES } from '@clinic/shared';

/** RFC 5545 text: backslash, semicolon, comma and new lines escaped. */
function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
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
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export type CalendarAppointment = {
  id: number;
  appointmentDate: string;
  appointmentTime: string;
  departmentName: string;
  doctorName: string | null;
};

/** A calendar file of the visit, in UTC so every calendar shows it at the clinic's wall time. */
export function appointmentIcs(a: CalendarAppointment, options: { timeZone: string; now: Date; domain?: string }): string {
  const start = clinicInstant(a.appointmentDate, a.appointmentTime, options.timeZone);
  const end = new Date(start.getTime() + SLOT_MINUTES * 60_000);
  const description = [
    `Lịch khám tại ${CLINIC.name}`,
    `Khoa: ${a.departmentName}`,
    a.doctorName ? `Bác sĩ: ${a.doctorName}` : null,
    `${CLINIC_TEXT.arriveEarly}.`,
    `Hotline: ${CLINIC.phone}`,
  ]
    .filter(Boolean)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//An Tam Clinic//Appointments//VI',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:appointment-${a.id}@${options.domain ?? 'antamclinic.vn'}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    `DTSTART:${utcStamp(start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(`Lịch khám - ${a.departmentName}`)}`,
    `LOCATION:${escapeText(CLINIC.address)}`,
    `DESCRIPTION:${escapeText(description)}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'TRIGGER:-PT2H',
    `DESCRIPTION:${escapeText('Nhắc lịch khám')}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
