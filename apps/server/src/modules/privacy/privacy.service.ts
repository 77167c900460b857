import {
  CLINIC,
  CLOSED_STATUSES,
  clinicMoment,
  CONSENT_PURPOSES,
  mobileMsisdn,
  PRIVACY_MSG as P,
  PRIVACY_NOTICE,
  PRIVACY_PROOF_MINUTES,
  toPage,
  type AdminDataRequest,
  type ConsentRenewal,
  type ConsentRenewInput,
  type DataRequest,
  type DataRequestAnswer,
  type DataRequestAnswered,
  type DataRequestChannel,
  type DataRequestCreateInput,
  type DataRequestListQuery,
  type DataRequestPage,
  type DataRequestReplyChannel,
  type PersonalData,
  type PrivacyNotice,
  type Role,
} from '@clinic/shared';
import type { Db } from '../../db/client';
import type { ConsentRow, DataRequestRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { findLinkProof } from '../appointments/claims/claims.service';
import { erasePersonFromPlans, openVisitsOfPersonPlans } from '../care-plans/care-plans.service';
import { endVisits, type EndVisitDeps } from '../appointments/life-cycle/end-visit.service';
import { linkHolder } from '../appointments/private-link/manage-link.service';
import { personalAppointments } from '../appointments/lists/queries.service';
import { eraseEmailsTo, listEmailsTo, privacyAnswerEmail } from '../email/email.service';
import { eraseMessagesTo, listMessagesAbout, maskedPhone } from '../messaging/messaging.service';
import { recordAccess } from './access-log.service';
import { recordConsent } from '../consents/consent.service';
import {
  accountOf,
  anonymiseComments,
  appointmentsOf,
  closeAccount,
  commentsOf,
  consentsOf,
  deidentifyAppointments,
  ERASED_NAME,
  eraseClaimCodes,
  eraseNewsletter,
  eraseWaitingEntries,
  findDataRequest,
  insertDataRequest,
  listDataRequests,
  lockDataRequest,
  newsletterOf,
  requestsOf,
  restrictAppointments,
  updateDataRequest,
  waitingEntriesOf,
  withdrawConsentsOf,
  type PersonKey,
} from './privacy.repository';
import { enqueueNotifications } from '../notifications/notifications.service';

/**
 * A person's rights over her data (issue 26; docs/PRODUCT.md §12): see and download it, ask for a
 * correction, withdraw a consent, ask for deletion. Requests wait in the ADMIN queue with a deadline.
 */

export type PrivacyDeps = Pick<AppDeps, 'db' | 'clock' | 'timeZone' | 'config'>;
type Staff = { id: number; username: string; role: Role };
/** Who asks: a signed-in account, or the holder of a booking's private link. */
export type Requester = { channel: 'ACCOUNT'; userId: number } | { channel: 'LINK'; token: string };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function privacyNotice(deps: Pick<AppDeps, 'config'>): PrivacyNotice {
  const p = deps.config.privacy;
  return {
    version: PRIVACY_NOTICE.version,
    date: PRIVACY_NOTICE.date,
    controller: {
      name: p.controllerName,
      address: CLINIC.address,
      email: p.contactEmail,
      phone: CLINIC.phone,
    },
    answerHours: p.answerHours,
    retention: p.retention,
  };
}

/**
 * Whose data a requester may reach, and how to tell her (name, phone and e-mail as she gave them).
 * A private link speaks for its own booking; for a while after its holder typed the code sent to the
 * booking's e-mail or phone (privacy-proof.service.ts), for everything under that contact (issue 34).
 */
async function identify(deps: PrivacyDeps, who: Requester) {
  if (who.channel === 'LINK') {
    const holder = await linkHolder(deps, who.token);
    const appointmentIds = [holder.appointmentId];
    const proofMs = PRIVACY_PROOF_MINUTES * 60_000;
    const proof = await findLinkProof(deps.db, holder.appointmentId, new Date(deps.clock.now().getTime() - proofMs));
    if (proof?.verifiedAt) {
      const phones = proof.phone ? [proof.phone] : [];
      return {
        key: {
          scope: 'CONTACT',
          userId: null,
          emails: proof.email ? [proof.email] : [],
          phones,
          provenPhones: phones,
          appointmentIds,
        } satisfies PersonKey,
        contact: {
          fullName: holder.fullName,
          phone: proof.phone,
          email: proof.email,
          userId: null,
          appointmentId: holder.appointmentId,
        },
        provenUntil: new Date(proof.verifiedAt.getTime() + proofMs),
      };
    }
    return {
      key: {
        scope: 'BOOKING',
        userId: null,
        emails: [],
        phones: [],
        provenPhones: [],
        appointmentIds,
      } satisfies PersonKey,
      // A visitor who gave only her phone holds a link too (issue 27): answered on her phone.
      contact: {
        fullName: holder.fullName,
        phone: holder.phone,
        email: holder.email?.toLowerCase() || null,
        userId: null,
        appointmentId: holder.appointmentId,
      },
      provenUntil: null,
    };
  }
  const account = await accountOf(deps.db, who.userId);
  if (!account) throw new NotFoundError();
  const email = account.email.toLowerCase();
  return {
    key: {
      scope: 'ACCOUNT',
      userId: who.userId,
      emails: [email],
      phones: account.phone ? [account.phone] : [],
      provenPhones: [],
      appointmentIds: [],
    } satisfies PersonKey,
    contact: { fullName: account.fullName, phone: account.phone, email, userId: who.userId, appointmentId: null },
    provenUntil: null,
  };
}

function requestDto(row: DataRequestRow, now: Date): DataRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    channel: row.channel,
    scope: row.scope,
    purpose: row.purpose,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    answeredAt: iso(row.answeredAt),
    answer: row.answer,
    overdue: row.status === 'OPEN' && row.dueAt.getTime() < now.getTime(),
  };
}

function adminRequestDto(row: DataRequestRow, now: Date): AdminDataRequest {
  return {
    ...requestDto(row, now),
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    userId: row.userId,
    answeredBy: row.answeredByName,
    replyBy: replyChannelOf(row),
    replyTo:
      replyChannelOf(row) === 'EMAIL'
        ? row.email
        : replyChannelOf(row) === 'PHONE'
          ? maskedPhone(mobileMsisdn(row.phone)!)
          : null,
  };
}

/** She is answered by e-mail when she gave or proved one, else by Zalo (or SMS) to her mobile. */
function replyChannelOf(row: DataRequestRow): DataRequestReplyChannel | null {
  if (row.email) return 'EMAIL';
  return mobileMsisdn(row.phone) ? 'PHONE' : null;
}

/** Everything the clinic holds about the person `key` names (her download, JSON and the readable page). */
export async function collectPersonalData(
  deps: PrivacyDeps,
  key: PersonKey,
  provenUntil: Date | null = null,
): Promise<PersonalData> {
  const now = deps.clock.now();
  const [rows, waiting, consents, messages, comments, newsletter, requests, account] = await Promise.all([
    appointmentsOf(deps.db, key),
    waitingEntriesOf(deps.db, key),
    consentsOf(deps.db, key),
    listEmailsTo(deps.db, key.emails, key.appointmentIds),
    commentsOf(deps.db, key.userId),
    newsletterOf(deps.db, key.emails),
    requestsOf(deps.db, key),
    key.userId != null ? accountOf(deps.db, key.userId) : Promise.resolve(undefined),
  ]);
  const phoneMessages = await listMessagesAbout(deps.db, [
    ...new Set([...key.appointmentIds, ...rows.map((r) => r.id)]),
  ]);
  return {
    generatedAt: now.toISOString(),
    noticeVersion: PRIVACY_NOTICE.version,
    identity: {
      scope: key.scope,
      emails: key.emails,
      phones: key.provenPhones,
      userId: key.userId,
      appointmentId: key.appointmentIds[0] ?? null,
      provenUntil: iso(provenUntil),
    },
    account: account ? { ...account, createdAt: account.createdAt.toISOString() } : null,
    appointments: (
      await personalAppointments(
        deps,
        rows.map((r) => r.id),
      )
    ).map((a) => ({ ...a, citizenId: rows.find((r) => r.id === a.id)?.citizenId ?? null })),
    waitingList: waiting.map((w) => ({ ...w, createdAt: w.createdAt.toISOString() })),
    consents: consents.map((c) => ({
      id: c.id,
      purpose: c.purpose,
      source: c.source,
      channel: c.channel,
      noticeVersion: c.noticeVersion,
      phone: c.phone,
      email: c.email,
      givenAt: c.givenAt.toISOString(),
      withdrawnAt: iso(c.withdrawnAt),
    })),
    messages: [
      ...messages.map((m) => ({ ...m, createdAt: m.createdAt, sentAt: m.sentAt })),
      ...phoneMessages.map((m) => ({
        kind: m.template,
        toAddress: `0${m.recipient.slice(2)}`,
        subject: PHONE_CHANNEL_LABEL[m.channel],
        status: m.status,
        createdAt: m.createdAt,
        sentAt: m.sentAt,
      })),
    ]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((m) => ({ ...m, createdAt: m.createdAt.toISOString(), sentAt: iso(m.sentAt) })),
    comments: comments.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    newsletter: newsletter.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    requests: requests.map((r) => requestDto(r, now)),
  };
}

/** GET /api/privacy/me/data and /api/privacy/link/{token}/data. */
export async function myPersonalData(deps: PrivacyDeps, who: Requester): Promise<PersonalData> {
  const { key, provenUntil } = await identify(deps, who);
  return collectPersonalData(deps, key, provenUntil);
}

/**
 * What she is asked to confirm again: each purpose whose consents in force were all given under an
 * earlier version of the notice (a withdrawn consent is never asked again; a form's new consent is
 * already under the current version).
 */
function renewalDue(rows: ConsentRow[]): ConsentRenewal {
  const due: ConsentRenewal['due'] = [];
  for (const purpose of CONSENT_PURPOSES) {
    const live = rows.filter((c) => c.purpose === purpose && !c.withdrawnAt);
    if (live.length === 0 || live.some((c) => c.noticeVersion === PRIVACY_NOTICE.version)) continue;
    const last = live[live.length - 1]!;
    due.push({ purpose, givenVersion: last.noticeVersion, givenAt: last.givenAt.toISOString() });
  }
  return { noticeVersion: PRIVACY_NOTICE.version, noticeDate: PRIVACY_NOTICE.date, due };
}

/** GET /privacy/me/consents and /privacy/link/{token}/consents. */
export async function consentRenewal(deps: PrivacyDeps, who: Requester): Promise<ConsentRenewal> {
  const { key } = await identify(deps, who);
  return renewalDue(await consentsOf(deps.db, key));
}

/** POST …/consents: her consent given again under the current notice, through her account or her link. */
export async function renewConsent(
  deps: PrivacyDeps,
  who: Requester,
  input: ConsentRenewInput,
): Promise<{ message: string; renewal: ConsentRenewal }> {
  const { key, contact } = await identify(deps, who);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = renewalDue(await consentsOf(tx, key));
    if (!before.due.some((d) => d.purpose === input.purpose))
      throw new ConflictError(P.nothingToRenew, 'NO_CONSENT_TO_RENEW');
    await recordConsent(
      tx,
      {
        purpose: input.purpose,
        source: 'RENEWAL',
        channel: who.channel === 'ACCOUNT' ? 'ACCOUNT' : 'WEB',
        phone: contact.phone,
        email: contact.email,
        userId: contact.userId,
        appointmentId: contact.appointmentId,
      },
      now,
    );
    return { message: P.renewed, renewal: renewalDue(await consentsOf(tx, key)) };
  });
}

export async function myDataRequests(deps: PrivacyDeps, who: Requester): Promise<DataRequest[]> {
  const { key } = await identify(deps, who);
  const now = deps.clock.now();
  return (await requestsOf(deps.db, key)).map((r) => requestDto(r, now));
}

/**
 * A request from the person: it waits in the queue, due within PRIVACY_ANSWER_HOURS. A withdrawal
 * takes effect at once (the consent is marked withdrawn; a marketing one also ends the newsletter),
 * and still reaches the queue so the clinic acts on what it had planned with her data.
 */
export async function createDataRequest(
  deps: PrivacyDeps,
  who: Requester,
  input: DataRequestCreateInput,
): Promise<{ message: string; request: DataRequest }> {
  const { key, contact } = await identify(deps, who);
  const now = deps.clock.now();
  const purpose = input.kind === 'WITHDRAWAL' ? (input.purpose ?? 'HEALTH_DATA') : null;
  const row = await deps.db.transaction(async (tx) => {
    let status: DataRequestRow['status'] = 'OPEN';
    let answer: string | null = null;
    if (purpose) {
      const withdrawn = await withdrawConsentsOf(tx, key, [purpose], now);
      if (withdrawn === 0) throw new ConflictError(P.nothingToWithdraw, 'NO_CONSENT_TO_WITHDRAW');
      if (purpose === 'MARKETING') {
        // Nothing is left for anyone to decide: she leaves the newsletter now.
        await eraseNewsletter(tx, key.emails);
        status = 'DONE';
        answer = P.consentWithdrawn;
      }
    }
    return insertDataRequest(tx, {
      kind: input.kind,
      status,
      channel: who.channel satisfies DataRequestChannel,
      scope: key.scope,
      purpose,
      details: input.details,
      ...contact,
      createdAt: now,
      dueAt: new Date(now.getTime() + deps.config.privacy.answerHours * 3_600_000),
      answeredAt: status === 'DONE' ? now : null,
      answer,
    });
  });
  return { message: purpose ? P.consentWithdrawn : P.requestReceived, request: requestDto(row, now) };
}

/** GET /api/privacy/requests: the queue, the oldest deadline first, overdue ones flagged. */
export async function dataRequestQueue(deps: PrivacyDeps, q: DataRequestListQuery): Promise<DataRequestPage> {
  const now = deps.clock.now();
  const { rows, total, overdue } = await listDataRequests(deps.db, { status: q.status }, now, q.page, q.size);
  return {
    ...toPage(
      rows.map((r) => adminRequestDto(r, now)),
      total,
      q.page,
      q.size,
    ),
    overdue,
  };
}

/**
 * The person a request is about, as her download would show her (an ADMIN reads it to answer): a
 * read of her health data, so it writes its access record naming her.
 */
export async function requestersData(
  deps: PrivacyDeps,
  id: number,
  viewer: { actor: Staff; address: string | null },
): Promise<PersonalData> {
  const row = await findDataRequest(deps.db, id);
  if (!row) throw new NotFoundError(P.requestNotFound, 'DATA_REQUEST_NOT_FOUND');
  const data = await collectPersonalData(deps, keyOf(row));
  await recordAccess(deps, {
    actor: viewer.actor,
    target: 'DATA_DOWNLOAD',
    outcome: 'READ',
    subjectEmail: row.email,
    address: viewer.address,
  });
  return data;
}

/** What a request covers, as it was asked (issue 34): the link's booking, the proven contact, or the account. */
function keyOf(row: DataRequestRow): PersonKey {
  const appointmentIds = row.appointmentId != null ? [row.appointmentId] : [];
  if (row.scope === 'BOOKING')
    return { scope: 'BOOKING', userId: null, emails: [], phones: [], provenPhones: [], appointmentIds };
  const phones = row.phone ? [row.phone] : [];
  if (row.scope === 'CONTACT')
    return row.email
      ? { scope: 'CONTACT', userId: null, emails: [row.email], phones: [], provenPhones: [], appointmentIds }
      : { scope: 'CONTACT', userId: null, emails: [], phones, provenPhones: phones, appointmentIds };
  return {
    scope: 'ACCOUNT',
    userId: row.userId,
    emails: row.email ? [row.email] : [],
    phones,
    provenPhones: [],
    appointmentIds,
  };
}

/** Her phones in the providers' 84… form: the ones she gave us and her bookings', each once. */
const msisdnsOf = (phones: (string | null | undefined)[]): string[] => [
  ...new Set(phones.map((p) => mobileMsisdn(p)).filter((p): p is string => p != null)),
];

/** A phone message as her download lists it, beside her e-mails: which event, to which number, when. */
const PHONE_CHANNEL_LABEL = { zalo: 'Tin nhắn Zalo', sms: 'Tin nhắn SMS' } as const;

const ENDED_FOR_DELETION = 'Hủy do người bệnh yêu cầu xóa dữ liệu cá nhân';

/**
 * Deletion that respects medical records: a completed visit with the doctor's notes is kept (the
 * retention period of medical records) and restricted to its treating doctor and ADMIN; everything
 * else is erased or de-identified, in one transaction.
 */
async function erasePerson(deps: EndVisitDeps, tx: Db, key: PersonKey, staff: Staff, now: Date) {
  const rows = await appointmentsOf(tx, key, { lock: true });
  const records = rows.filter((r) => r.status === 'COMPLETED' && r.hasNotes).map((r) => r.id);
  const others = rows.filter((r) => !(r.status === 'COMPLETED' && r.hasNotes));
  // A link's booking alone reaches no other row through its phone: a stranger may have typed hers.
  const bookedPhones = key.scope === 'BOOKING' ? [] : rows.map((r) => r.phone);
  const ids = [...new Set([...key.appointmentIds, ...rows.map((r) => r.id)])];
  // Her care plans (issue 37): a link's booking alone reaches only the plan holding that booking; the
  // plan stops, so its visits still to come end with her other open visits and lose her details.
  const wider = key.scope !== 'BOOKING';
  const planPerson = {
    appointmentIds: ids,
    userId: wider ? key.userId : null,
    emails: wider ? key.emails : [],
    phones: wider ? [...new Set([...key.phones, ...bookedPhones])] : [],
  };
  const planVisits = (await openVisitsOfPersonPlans(tx, planPerson)).filter((id) => !ids.includes(id));
  // Her visits still open end the one way every visit ends, money taken owed back as refunds (issue 36);
  // no message tells an erased person of them.
  await endVisits(
    deps,
    tx,
    [
      ...others.filter((r) => !(CLOSED_STATUSES as readonly string[]).includes(r.status)).map((r) => r.id),
      ...planVisits,
    ],
    { by: { kind: 'erasure', actor: staff }, reason: ENDED_FOR_DELETION },
    now,
  );
  await eraseClaimCodes(tx, key, bookedPhones);
  await erasePersonFromPlans(tx, planPerson, { name: ERASED_NAME, reason: ENDED_FOR_DELETION }, now);
  return {
    appointmentsDeidentified: await deidentifyAppointments(tx, [...others.map((r) => r.id), ...planVisits], now),
    appointmentsRestricted: await restrictAppointments(tx, records, now),
    waitingEntriesErased: await eraseWaitingEntries(tx, key),
    commentsAnonymised: await anonymiseComments(tx, key.userId),
    newsletterErased: await eraseNewsletter(tx, key.emails),
    messagesErased:
      (await eraseEmailsTo(tx, key.emails, [...ids, ...planVisits])) +
      (await eraseMessagesTo(tx, msisdnsOf([...key.phones, ...bookedPhones]), [...ids, ...planVisits])),
    accountClosed: key.userId != null ? await closeAccount(tx, key.userId, now) : false,
  };
}

/**
 * POST /api/privacy/requests/{id}/answer: ADMIN answers; a deletion answered DONE is carried out in
 * the same transaction on what the request covers (its scope), and the person is told by the channel
 * she gave: e-mail, else Zalo (or SMS) to her mobile.
 */
export async function answerDataRequest(
  deps: PrivacyDeps & EndVisitDeps,
  id: number,
  body: DataRequestAnswer,
  staff: Staff,
): Promise<DataRequestAnswered> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockDataRequest(tx, id);
    if (!row) throw new NotFoundError(P.requestNotFound, 'DATA_REQUEST_NOT_FOUND');
    if (row.status !== 'OPEN') throw new ConflictError(P.requestAlreadyAnswered, 'DATA_REQUEST_ANSWERED');
    const deletion =
      row.kind === 'DELETION' && body.outcome === 'DONE' ? await erasePerson(deps, tx, keyOf(row), staff, now) : null;
    let answer = body.answer;
    if (deletion && deletion.appointmentsRestricted > 0) answer = `${answer}\n\n${P.deletionKeptRecords}`;
    if (deletion) await withdrawConsentsOf(tx, keyOf(row), ['HEALTH_DATA', 'MARKETING'], now);
    const updated = await updateDataRequest(tx, id, {
      status: body.outcome,
      answer,
      answeredAt: now,
      answeredById: staff.id,
      answeredByName: staff.username,
    });
    // Told by the channel she gave (also shown on her settings page or her link, while it works).
    const reply = replyChannelOf(row);
    if (reply === 'EMAIL') await enqueueNotifications(tx, [privacyAnswerEmail(row.email!, answer)], now);
    if (reply === 'PHONE')
      await enqueueNotifications(
        tx,
        [
          {
            // No name, no booking: the message outlives what it tells her was erased.
            kind: deletion ? 'PRIVACY_DELETED' : 'PRIVACY_ANSWERED',
            phone: row.phone,
            appointmentId: null,
            params: { customer_name: '', date: clinicMoment(row.createdAt, deps.timeZone).date, time: '' },
          },
        ],
        now,
      );
    return { message: P.answered, request: adminRequestDto(updated, now), deletion };
  });
}
