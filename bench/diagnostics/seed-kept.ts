// Seeds a database with the bench's generator and keeps it: a PGlite data
// directory (the bench's PGlite pass removes its own; this is the embedded
// counterpart of `npm run bench -- --keep`) or an existing, empty PostgreSQL
// database. For the bench/diagnostics/ tools, run with TASKSVC_DATA_DIR=DIR or
// DATABASE_URL=URL.
// Usage: npx tsx bench/diagnostics/seed-kept.ts DIR|postgres://… [TASKS]   (default 10,000 tasks, as `--quick`)

import { openDatabase } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { seedBenchData } from '../seed.ts';

const [target, tasks] = process.argv.slice(2);
if (!target) {
  process.stderr.write('usage: npx tsx bench/diagnostics/seed-kept.ts DIR|postgres://… [TASKS]\n');
  process.exit(2);
}
const postgres = /^postgres(ql)?:\/\//.test(target);
// One-shot: PGlite on this thread, as the bench's seeder.
const database = await openDatabase(postgres ? { databaseUrl: target, dataDir: 'memory://' } : { dataDir: target, pgliteInProcess: true });
try {
  await migrate(database);
  const seed = await seedBenchData(database, { projects: 50, tasks: Number(tasks ?? 10_000), users: 60 });
  process.stdout.write(`${JSON.stringify({ target: postgres ? 'postgres' : target, counts: seed.counts, seconds: seed.seconds })}\n`);
} finally {
  await database.close();
}
