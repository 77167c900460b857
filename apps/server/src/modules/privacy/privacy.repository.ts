import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  normalizePhone,
  UNVISITED_STATUSES,
  type ConsentPurpose,
  type DataRequestScope,
  type DataRequestStatus,
} from '@clinic/shared';
import { rowsOf, type Db } from '../../db/client';
import {
  accessLogChain,
  accessRecords,
  appointmentEvents,
  appointmentLinks,
  appointments,
  claimCodes,
  comments,
  consents,
  dataRequests,
  newsletterSubscribers,
  users,
  waitingListEntries,
  type AccessRecordRow,
  type ConsentRow,
  type DataRequestRow,
} from '../../db/schema';

/**
 * Whose data (issue 34: what a request or a private link covers, `scope`):
 * - BOOKING, a private link without proof: `appointmentIds` (its booking) alone: the booking, the consent
 *   given with it, the messages and the waiting entry about it, the requests made through it;
 * - CONTACT, the link's holder proved an e-mail (`emails`) or a phone (`provenPhones`, also `phones`) with
 *   a code sent to it: every row carrying it, beside the link's booking;
 * - ACCOUNT, signed in: her account and its e-mail; its phone (`phones`, never proven) reaches only the
 *   messages to it and the waiting entries made with it alone (issue 27).
 */
export type PersonKey = {
  scope: DataRequestScope;
  userId: number | null;
  emails: string[];
  phones: string[];
  provenPhones: string[];
  appointmentIds: number[];
};

/** A table's columns that name a person: her account, her e-mail, the booking it belongs to, the phone given. */
type PersonColumns = { user?: AnyPgColumn; email: AnyPgColumn; appointment?: AnyPgColumn; phone?: AnyPgColumn };

const byPerson = (key: PersonKey, c: PersonColumns): SQL =>
  or(
    c.user && key.userId != null ? eq(c.user, key.userId) : undefined,
    key.emails.length > 0 ? inArray(c.email, key.emails) : undefined,
    c.appointment && key.appointmentIds.length > 0 ? inArray(c.appointment, key.appointmentIds) : undefined,
    c.phone && key.provenPhones.length > 0 ? inArray(c.phone, key.provenPhones) : undefined,
  ) ?? sql`false`;

const CONSENT_PERSON: PersonColumns = {
  user: consents.userId,
  email: consents.email,
  appointment: consents.appointmentId,
  phone: consents.phone,
};

// ---------------------------------------------------------------- consents

export async function consentsOf(db: Db, key: PersonKey): Promise<ConsentRow[]> {
  return db
    .select()
    .from(consents)
    .where(byPerson(key, CONSENT_PERSON))
    .orderBy(asc(consents.givenAt), asc(consents.id));
}

export async function withdrawConsentsOf(
  db: Db,
  key: PersonKey,
  purposes: readonly ConsentPurpose[],
  now: Date,
): Promise<number> {
  const rows = await db
    .update(consents)
    .set({ withdrawnAt: now })
    .where(and(byPerson(key, CONSENT_PERSON), inArray(consents.purpose, purposes), isNull(consents.withdrawnAt)))
    .returning({ id: consents.id });
  return rows.length;
}

// ---------------------------------------------------------------- requests

export async function insertDataRequest(db: Db, row: typeof dataRequests.$inferInsert): Promise<DataRequestRow> {
  const [inserted] = await db.insert(dataRequests).values(row).returning();
  return inserted!;
}

export async function requestsOf(db: Db, key: PersonKey): Promise<DataRequestRow[]> {
  return db
    .select()
    .from(dataRequests)
    .where(
      byPerson(key, {
        user: dataRequests.userId,
        email: dataRequests.email,
        appointment: dataRequests.appointmentId,
        phone: dataRequests.phone,
      }),
    )
    .orderBy(desc(dataRequests.createdAt), desc(dataRequests.id));
}

/** The queue's page: the oldest deadline first; and how many open ones are past it. */
export async function listDataRequests(
  db: Db,
  filter: { status: DataRequestStatus | 'ALL' },
  now: Date,
  page: number,
  size: number,
) {
  const where = filter.status === 'ALL' ? undefined : eq(dataRequests.status, filter.status);
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(dataRequests)
      .where(where)
      .orderBy(asc(dataRequests.dueAt), asc(dataRequests.id))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({
        total: sql<number>`count(*) filter (where ${where ?? sql`true`})`.mapWith(Number),
        overdue:
          sql<number>`count(*) filter (where ${dataRequests.status} = 'OPEN' and ${dataRequests.dueAt} < ${now})`.mapWith(
            Number,
          ),
      })
      .from(dataRequests),
  ]);
  return { rows, total: counts?.total ?? 0, overdue: counts?.overdue ?? 0 };
}

export async function lockDataRequest(db: Db, id: number): Promise<DataRequestRow | undefined> {
  const rows = await db.select().from(dataRequests).where(eq(dataRequests.id, id)).for('update');
  return rows[0];
}

export async function findDataRequest(db: Db, id: number): Promise<DataRequestRow | undefined> {
  const rows = await db.select().from(dataRequests).where(eq(dataRequests.id, id)).limit(1);
  return rows[0];
}

export async function updateDataRequest(
  db: Db,
  id: number,
  patch: Partial<typeof dataRequests.$inferInsert>,
): Promise<DataRequestRow> {
  const rows = await db.update(dataRequests).set(patch).where(eq(dataRequests.id, id)).returning();
  return rows[0]!;
}

// ---------------------------------------------------------------- what the clinic holds about her

/** Her appointments: ids, and whether each is a medical record (completed, with the doctor's notes). */
export async function appointmentsOf(db: Db, key: PersonKey, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      id: appointments.id,
      status: appointments.status,
      phone: appointments.phone,
      citizenId: appointments.citizenId,
      hasNotes: sql<boolean>`coalesce(btrim(${appointments.notes}), '') <> ''`,
    })
    .from(appointments)
    .where(
      byPerson(key, {
        user: appointments.userId,
        email: appointments.email,
        appointment: appointments.id,
        phone: appointments.phone,
      }),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.appointmentTime), asc(appointments.id));
  // A deletion changes them: every state change holds its rows' locks (docs/ARCHITECTURE.md, rule 6).
  return options.lock ? query.for('update') : query;
}

/**
 * Her waiting-list entries: those with her e-mail, those with her phone that carry no e-mail (she
 * joined with her phone only, issue 27; an entry with another e-mail is someone else's), and the one
 * that became her link's booking.
 */
type WaitingKey = Pick<PersonKey, 'emails' | 'phones' | 'appointmentIds'>;
const waitingEntriesOfPerson = (key: WaitingKey): SQL =>
  or(
    key.emails.length > 0 ? inArray(waitingListEntries.email, key.emails) : undefined,
    key.appointmentIds.length > 0 ? inArray(waitingListEntries.appointmentId, key.appointmentIds) : undefined,
    key.phones.length > 0
      ? and(isNull(waitingListEntries.email), inArray(waitingListEntries.phone, key.phones))
      : undefined,
  ) ?? sql`false`;

export async function waitingEntriesOf(db: Db, key: WaitingKey) {
  return db
    .select({
      fullName: waitingListEntries.fullName,
      phone: waitingListEntries.phone,
      email: waitingListEntries.email,
      appointmentDate: waitingListEntries.appointmentDate,
      appointmentTime: waitingListEntries.appointmentTime,
      department: waitingListEntries.department,
      status: waitingListEntries.status,
      createdAt: waitingListEntries.createdAt,
    })
    .from(waitingListEntries)
    .where(waitingEntriesOfPerson(key))
    .orderBy(asc(waitingListEntries.id));
}

export async function commentsOf(db: Db, userId: number | null) {
  if (userId == null) return [];
  return db
    .select({
      id: comments.id,
      blogId: comments.blogId,
      authorName: comments.authorName,
      content: comments.content,
      status: comments.status,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .where(eq(comments.userId, userId))
    .orderBy(asc(comments.id));
}

export async function newsletterOf(db: Db, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ email: newsletterSubscribers.email, createdAt: newsletterSubscribers.createdAt })
    .from(newsletterSubscribers)
    .where(inArray(sql`lower(${newsletterSubscribers.email})`, emails));
}

export async function accountOf(db: Db, userId: number) {
  const rows = await db
    .select({
      username: users.username,
      email: users.email,
      fullName: users.fullName,
      phone: users.phone,
      birthDate: users.birth,
      gender: users.gender,
      citizenId: users.citizenId,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

// ---------------------------------------------------------------- deletion

/** A name that says what happened, where the counts and history still need a row. */
export const ERASED_NAME = 'Đã xóa theo yêu cầu';

/**
 * Erases the person from these appointments (not medical records): name, phone, e-mail, citizen
 * identification number, reason,
 * notes, the account link; their history keeps what happened and when, without its notes. The rows
 * stay, so the dashboard's counts and the history's figures do not change.
 */
export async function deidentifyAppointments(db: Db, ids: number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(appointments)
    .set({
      fullName: ERASED_NAME,
      phone: '',
      email: null,
      citizenId: null,
      reason: null,
      notes: null,
      cancelReason: null,
      patientStatus: null,
      doctorResponse: null,
      doctorMessage: null,
      userId: null,
      searchText: '',
      deidentifiedAt: now,
      updatedAt: now,
    })
    .where(inArray(appointments.id, ids))
    .returning({ id: appointments.id });
  await db.update(appointmentEvents).set({ note: null }).where(inArray(appointmentEvents.appointmentId, ids));
  await db.delete(appointmentLinks).where(inArray(appointmentLinks.appointmentId, ids));
  return rows.length;
}

export async function restrictAppointments(db: Db, ids: number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(appointments)
    .set({ restricted: true, updatedAt: now })
    .where(inArray(appointments.id, ids))
    .returning({ id: appointments.id });
  return rows.length;
}

export async function eraseWaitingEntries(db: Db, key: WaitingKey): Promise<number> {
  const rows = await db
    .delete(waitingListEntries)
    .where(waitingEntriesOfPerson(key))
    .returning({ id: waitingListEntries.id });
  return rows.length;
}

/**
 * The claim codes her account (or her link, issue 34) asked for and any sent to her e-mail or phones (hers,
 * and, beyond a link's booking alone, those of her bookings, as for her phone messages) (issue 25, defect 9):
 * short-lived, but they name where she booked from. The account is closed, not deleted, so they do
 * not go with it on their own.
 */
export async function eraseClaimCodes(db: Db, key: PersonKey, bookedPhones: string[]): Promise<void> {
  const phones = [...new Set([...key.phones, ...bookedPhones].map(normalizePhone))];
  await db
    .delete(claimCodes)
    .where(
      or(
        byPerson(key, { user: claimCodes.userId, email: claimCodes.email, appointment: claimCodes.appointmentId }),
        phones.length > 0 ? inArray(claimCodes.phone, phones) : undefined,
      ),
    );
}

export async function anonymiseComments(db: Db, userId: number | null): Promise<number> {
  if (userId == null) return 0;
  const rows = await db
    .update(comments)
    .set({ authorName: 'Ẩn danh', userId: null })
    .where(eq(comments.userId, userId))
    .returning({ id: comments.id });
  return rows.length;
}

export async function eraseNewsletter(db: Db, emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const rows = await db
    .delete(newsletterSubscribers)
    .where(inArray(sql`lower(${newsletterSubscribers.email})`, emails))
    .returning({ id: newsletterSubscribers.id });
  return rows.length;
}

/** Closes a patient account: no sign-in, no session, nothing that names her. */
export async function closeAccount(db: Db, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      username: `da-xoa-${userId}`,
      email: `da-xoa-${userId}@invalid`,
      fullName: null,
      phone: null,
      birth: null,
      gender: null,
      citizenId: null,
      active: false,
      passwordHash: '!',
      mfaSecret: null,
      mfaEnabledAt: null,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), eq(users.role, 'PATIENT')))
    .returning({ id: users.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- retention

/**
 * Bookings that never became a visit (cancelled, missed, or left pending or awaiting a doctor) whose
 * day is before `beforeDate`: the person's details go, the rows stay for the counts.
 */
export async function unvisitedBookingsBefore(db: Db, beforeDate: string): Promise<number[]> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        lt(appointments.appointmentDate, beforeDate),
        inArray(appointments.status, [...UNVISITED_STATUSES]),
        isNull(appointments.deidentifiedAt),
      ),
    );
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- access records

export type NewAccessRecord = Omit<typeof accessRecords.$inferInsert, 'id' | 'subjectEmail' | 'subjectName'> & {
  subjectEmail?: string | null;
  /** Her name where it was read (a care plan's): it names her before the appointment does. */
  subjectName?: string | null;
};

/**
 * Writes access records in one statement, in the order given (the chain's trigger links each in
 * turn). Whose: the appointment's person as it is now (whether the answer came from the database or
 * from memory), or the e-mail read by; a name given comes first. A FHIR search page names its 20 to
 * 100 people at once: one insert, not one per person.
 */
export async function insertAccessRecords(db: Db, records: readonly NewAccessRecord[]): Promise<void> {
  if (records.length === 0) return;
  const rows = records.map(
    (r, i) => sql`(${i}::integer, ${r.accessedAt.toISOString()}::timestamptz, ${r.actorId ?? null}::integer,
      ${r.actorName ?? null}::text, ${r.actorRole ?? null}::text, ${r.target}::text, ${r.outcome}::text,
      ${r.appointmentId ?? null}::integer, ${r.subjectEmail ?? null}::text, ${r.subjectName ?? null}::text,
      ${r.address ?? null}::text)`,
  );
  await db.execute(sql`
    insert into access_records (accessed_at, actor_id, actor_name, actor_role, target, outcome, appointment_id, subject_email, subject_name, address)
    select r.accessed_at, r.actor_id, r.actor_name, r.actor_role, r.target, r.outcome, r.appointment_id,
           coalesce(r.subject_email, a.email),
           coalesce(r.subject_name, a.full_name,
                    (select s.full_name from patient_summaries s where s.doctor_id = 0 and s.email = r.subject_email)),
           r.address
    from (values ${sql.join(rows, sql`, `)})
      as r(ord, accessed_at, actor_id, actor_name, actor_role, target, outcome, appointment_id, subject_email, subject_name, address)
    left join appointments a on a.id = r.appointment_id
    order by r.ord
  `);
}

function accessWhere(filter: { email?: string; appointmentId?: number }) {
  return and(
    filter.email ? eq(accessRecords.subjectEmail, filter.email) : undefined,
    filter.appointmentId != null ? eq(accessRecords.appointmentId, filter.appointmentId) : undefined,
  );
}

export async function listAccessRecords(
  db: Db,
  filter: { email?: string; appointmentId?: number },
  page: number,
  size: number,
): Promise<{ rows: AccessRecordRow[]; total: number }> {
  const where = accessWhere(filter);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(accessRecords)
      .where(where)
      .orderBy(desc(accessRecords.accessedAt), desc(accessRecords.id))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(accessRecords)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Every record of the filter, newest first, in pages of 1,000 (the export streams them). */
export async function* allAccessRecords(db: Db, filter: { email?: string; appointmentId?: number }) {
  let before: number | null = null;
  for (;;) {
    const rows: AccessRecordRow[] = await db
      .select()
      .from(accessRecords)
      .where(and(accessWhere(filter), before != null ? lt(accessRecords.id, before) : undefined))
      .orderBy(desc(accessRecords.id))
      .limit(1000);
    yield* rows;
    if (rows.length < 1000) return;
    before = rows[rows.length - 1]!.id;
  }
}

/**
 * Retention: the records read before `before` (and more than a year ago: the database holds that
 * floor); the database adds the purge's own record, dated `now`, when any went.
 */
export async function purgeAccessRecords(db: Db, before: Date, now: Date): Promise<number> {
  const result = await db.execute(
    sql`select clinic_purge_access_records(${before.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz) as n`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** An access record as its hash covers it: every value as the database writes it in text. */
export type ChainedAccessRecord = {
  id: string;
  chainSeq: string;
  accessedAt: string;
  actorId: string | null;
  actorName: string | null;
  actorRole: string | null;
  target: string;
  outcome: string;
  appointmentId: string | null;
  subjectEmail: string | null;
  subjectName: string | null;
  address: string | null;
  recordsRemoved: string | null;
  chainResumesFrom: string | null;
  prevHash: string | null;
  hash: string | null;
};

/** The chain's head: the last record's place and hash. */
export async function accessLogHead(db: Db): Promise<{ seq: number; hash: string }> {
  const [head] = await db.select({ seq: accessLogChain.seq, hash: accessLogChain.hash }).from(accessLogChain);
  return head ?? { seq: 0, hash: '0'.repeat(64) };
}

/** The chained records after place `after`, up to place `upTo`, in chain order. */
export async function chainedAccessRecords(
  db: Db,
  after: number,
  upTo: number,
  limit: number,
): Promise<ChainedAccessRecord[]> {
  const result = await db.execute(sql`
    select id::text as "id", chain_seq::text as "chainSeq",
           to_char(accessed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "accessedAt",
           actor_id::text as "actorId", actor_name as "actorName", actor_role as "actorRole", target, outcome,
           appointment_id::text as "appointmentId", subject_email as "subjectEmail", subject_name as "subjectName",
           address, records_removed::text as "recordsRemoved", chain_resumes_from as "chainResumesFrom",
           prev_hash as "prevHash", hash
      from access_records
     where chain_seq > ${after} and chain_seq <= ${upTo}
     order by chain_seq
     limit ${limit}`);
  return rowsOf<ChainedAccessRecord>(result);
}

/** A record outside the chain (written while its trigger was off), the oldest first. */
export async function firstUnchainedAccessRecord(db: Db): Promise<{ id: number; accessedAt: Date } | undefined> {
  const [row] = await db
    .select({ id: accessRecords.id, accessedAt: accessRecords.accessedAt })
    .from(accessRecords)
    .where(isNull(accessRecords.chainSeq))
    .orderBy(accessRecords.id)
    .limit(1);
  return row;
}
