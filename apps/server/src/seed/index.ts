import { DEPARTMENTS, type DepartmentCode, type Gender, type Role } from '@clinic/shared';
import type { Config } from '../config';
import { hashPassword } from '../lib/password';
import { countDepartments, insertDepartments, insertSpecialties } from '../modules/departments/departments.repository';
import { countAdmins, countUsers, insertUser } from '../modules/users/users.repository';
import { holdSeedLock, type Db } from '../db/client';
import { seedDemoAppointments } from './demo-appointments';
import { seedDemoBlog } from './demo-blog';

type DemoAccount = {
  username: string;
  password: string;
  fullName: string;
  role: Role;
  email: string;
  specialty?: DepartmentCode;
  gender?: Gender;
  phone?: string;
  birth?: string;
};

const DOCTOR_NAMES: Record<DepartmentCode, { fullName: string; gender: Gender }> = {
  GENERAL_PRACTICE: { fullName: 'BS. Nguyễn Văn An', gender: 'MALE' },
  REPRODUCTIVE_HEALTH: { fullName: 'BS. Trần Thị Bích Ngọc', gender: 'FEMALE' },
  GYNECOLOGY: { fullName: 'BS. Lê Thị Hồng Nhung', gender: 'FEMALE' },
  OBSTETRICS: { fullName: 'BS. Phạm Minh Châu', gender: 'FEMALE' },
  FAMILY_PLANNING: { fullName: 'BS. Hoàng Thu Trang', gender: 'FEMALE' },
  STI_TESTING: { fullName: 'BS. Võ Quốc Bảo', gender: 'MALE' },
  FERTILITY: { fullName: 'BS. Đặng Thanh Hương', gender: 'FEMALE' },
  GENERAL_MEDICINE: { fullName: 'BS. Bùi Đức Minh', gender: 'MALE' },
};

/** The demo accounts of docs/PRODUCT.md §5: `doctor` is the general practitioner, doctor2… one per other department. */
export function demoAccounts(): DemoAccount[] {
  const otherDepartments = DEPARTMENTS.map((d) => d.code).filter((c) => c !== 'GENERAL_PRACTICE');
  const doctors: DemoAccount[] = (['GENERAL_PRACTICE', ...otherDepartments] as DepartmentCode[]).map((code, i) => {
    const username = i === 0 ? 'doctor' : `doctor${i + 1}`;
    return {
      username,
      password: 'Doctor@123',
      role: 'DOCTOR',
      email: `${username}@antamclinic.vn`,
      specialty: code,
      phone: `090${String(1000000 + i * 1111).slice(0, 7)}`,
      ...DOCTOR_NAMES[code],
    };
  });
  return [
    {
      username: 'admin',
      password: 'Admin@123',
      fullName: 'Quản trị viên',
      role: 'ADMIN',
      email: 'admin@antamclinic.vn',
    },
    {
      username: 'staff',
      password: 'Staff@123',
      fullName: 'Lê Thị Thu Hà',
      role: 'STAFF',
      email: 'staff@antamclinic.vn',
      gender: 'FEMALE',
      phone: '0903456789',
    },
    ...doctors,
    {
      username: 'patient',
      password: 'Patient@123',
      fullName: 'Nguyễn Thị Mai',
      role: 'PATIENT',
      email: 'patient@example.com',
      gender: 'FEMALE',
      phone: '0912345678',
      birth: '1995-04-12',
    },
  ];
}

export type SeedReport = {
  departments: boolean;
  demoAccounts: boolean;
  demoBlog: boolean;
  adminFromEnv: string | null;
};

/** Reference data always; demo accounts only where allowed and only into an empty users table. */
export async function seedDatabase(
  db: Db,
  config: Pick<Config, 'seedDemo' | 'adminUsername' | 'adminPassword' | 'env'> & { clinicTz?: string },
  /** "Today" of the demo appointments. */
  now: Date = new Date(),
): Promise<SeedReport> {
  const report: SeedReport = { departments: false, demoAccounts: false, demoBlog: false, adminFromEnv: null };
  await db.transaction(async (tx) => {
    await holdSeedLock(tx);
    if ((await countDepartments(tx)) === 0) {
      await insertSpecialties(
        tx,
        DEPARTMENTS.map((d) => ({ code: d.code, displayName: d.specialtyName })),
      );
      await insertDepartments(
        tx,
        DEPARTMENTS.map((d) => ({ code: d.code, departmentName: d.departmentName, specialtyName: d.specialtyName })),
      );
      report.departments = true;
    }
    if (config.seedDemo && (await countUsers(tx)) === 0) {
      for (const account of demoAccounts()) {
        const { password, ...fields } = account;
        await insertUser(tx, { ...fields, passwordHash: await hashPassword(password) });
      }
      await seedDemoAppointments(tx, { now, timeZone: config.clinicTz });
      report.demoAccounts = true;
    }
    if (config.seedDemo) report.demoBlog = await seedDemoBlog(tx, now);
    if (config.adminUsername && config.adminPassword && (await countAdmins(tx)) === 0) {
      await insertUser(tx, {
        username: config.adminUsername,
        email: `${config.adminUsername}@localhost`,
        fullName: 'Quản trị viên',
        role: 'ADMIN',
        passwordHash: await hashPassword(config.adminPassword),
      });
      report.adminFromEnv = config.adminUsername;
    }
  });
  if (config.env === 'production' && (await countAdmins(db)) === 0) {
    throw new Error('No administrator exists: set ADMIN_USERNAME and ADMIN_PASSWORD to create the first one.');
  }
  return report;
}
