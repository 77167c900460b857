import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { verifyAccessLog } from './modules/privacy/access-log-chain.service';

/**
 * `npm run access-log:verify` (issue 34): the operator's check of the access log's hash chain, with
 * the server's own configuration (DATABASE_URL or the embedded database in DATA_DIR). Prints what it
 * found and the newest hash (keep it elsewhere: a later run proves nothing before it was rewritten);
 * exits 0 when intact, 1 when a record was changed, removed or added unnoticed, 2 when it could not check.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const result = await verifyAccessLog(database);
    console.log(result.message);
    if (result.broken) console.log(`Bản ghi: ${result.broken.id ?? '—'} (${result.broken.reason})`);
    console.log(`Mã băm mới nhất: ${result.head}`);
    return result.intact ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('Không kiểm tra được nhật ký truy cập:', err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
