import { preparePostgresTemplate } from './databases';

/** Migrates and seeds the PostgreSQL template once; each test file then copies it. */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) await preparePostgresTemplate();
}
