import {
  APPOINTMENT_MSG,
  CREATE_ACCOUNTS_MSG as M,
  isValidUsername,
  USER_MSG,
  type CreateAccountsResult,
  type Gender,
  type User,
} from '@clinic/shared';
import { ConflictError } from '../../../lib/errors';
import { createAccount, findUserByLogin, newTemporaryPassword } from '../../users/users.service';
import type { AppointmentDeps } from '../appointment-access';
import { findAppointmentContacts, linkAppointmentsToAccount } from '../appointments.repository';

type Contact = Awaited<ReturnType<typeof findAppointmentContacts>>[number];

/**
 * One PATIENT account, user name = e-mail, with a temporary password to change at first sign-in,
 * and every appointment of that e-mail that has no account yet linked to it, in one transaction.
 * Answers 409 when the e-mail or user name is taken.
 */
export async function createPatientAccount(
  deps: Pick<AppointmentDeps, 'db'>,
  patient: {
    email: string;
    fullName: string | null;
    phone: string | null;
    gender?: Gender | null;
    birth?: string | null;
  },
): Promise<{ user: User; temporaryPassword: string; linkedAppointments: number }> {
  const temporary = await newTemporaryPassword();
  return deps.db.transaction(async (tx) => {
    const user = await createAccount(tx, {
      username: patient.email,
      email: patient.email,
      passwordHash: temporary.passwordHash,
      mustChangePassword: true,
      fullName: patient.fullName,
      phone: patient.phone,
      gender: patient.gender ?? null,
      birth: patient.birth ?? null,
      role: 'PATIENT',
      active: true,
    });
    return {
      user,
      temporaryPassword: temporary.password,
      linkedAppointments: await linkAppointmentsToAccount(tx, patient.email, user.id),
    };
  });
}

/**
 * POST /appointments/bulk/create-accounts (specification section 8, docs/PRODUCT.md §5): one
 * PATIENT account per distinct e-mail of the chosen bookings, user name = e-mail, a random
 * temporary password each (shown once, changed at first sign-in). Each account is made in its own
 * transaction with the linking of every appointment of its e-mail that has no account yet, so one
 * failure leaves the others made.
 */
export async function createPatientAccounts(
  deps: Pick<AppointmentDeps, 'db'>,
  ids: number[],
): Promise<CreateAccountsResult> {
  const contacts = await findAppointmentContacts(deps.db, ids);
  const created: CreateAccountsResult['created'] = [];
  const skipped: CreateAccountsResult['skipped'] = [];

  const found = new Set(contacts.map((c) => c.id));
  for (const id of ids)
    if (!found.has(id)) skipped.push({ appointmentId: id, email: null, reason: APPOINTMENT_MSG.notFound });

  // The first chosen appointment of an e-mail gives the account its name and phone.
  const byEmail = new Map<string, Contact>();
  for (const contact of contacts) {
    if (!contact.email) skipped.push({ appointmentId: contact.id, email: null, reason: M.noEmail });
    else if (!byEmail.has(contact.email)) byEmail.set(contact.email, contact);
  }

  for (const [email, contact] of byEmail) {
    const skip = (reason: string) => skipped.push({ appointmentId: contact.id, email, reason });
    if (!isValidUsername(email)) {
      skip(USER_MSG.usernameInvalid);
      continue;
    }
    if (await findUserByLogin(deps.db, email)) {
      skip(M.exists(email));
      continue;
    }
    try {
      const account = await createPatientAccount(deps, { email, fullName: contact.fullName, phone: contact.phone });
      created.push({
        userId: account.user.id,
        username: account.user.username,
        email,
        fullName: account.user.fullName,
        temporaryPassword: account.temporaryPassword,
        linkedAppointments: account.linkedAppointments,
      });
    } catch (err) {
      // Someone made the account between the check above and this insert.
      if (err instanceof ConflictError) skip(M.exists(email));
      else throw err;
    }
  }

  skipped.sort((a, b) => a.appointmentId - b.appointmentId);
  return { created, skipped, message: M.summary(created.length, skipped.length) };
}
