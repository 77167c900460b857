import type { Db } from '../../db/client';
import { emailOutbox, type EmailAttachment, type KeptEmailData } from '../../db/schema';

/** An e-mail outbox row as notifications.service builds it: its body rendered, or kept as its data. */
export type NewEmail = {
  kind: string;
  toAddress: string;
  subject: string;
  attachments: EmailAttachment[];
  appointmentId: number | null;
} & ({ html: string; text: string } | { data: KeptEmailData });

/** Writes e-mails to the outbox, queued for now, in the caller's transaction. Answers their ids. */
export async function insertEmails(db: Db, emails: NewEmail[], now: Date): Promise<number[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .insert(emailOutbox)
    .values(emails.map((e) => ({ ...e, status: 'queued' as const, nextAttemptAt: now, createdAt: now })))
    .returning({ id: emailOutbox.id });
  return rows.map((r) => r.id);
}
