import { preparePgliteTemplate, preparePostgresTemplate } from './databases';

/** Migrates and seeds the templates once (PGlite image on disk, PostgreSQL template database); each test file then copies them. */
export default async function setup() {
  await Promise.all([preparePgliteTemplate(), process.env.TEST_DATABASE_URL ? preparePostgresTemplate() : undefined]);
}
