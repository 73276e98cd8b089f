import type { Command } from 'commander';
import { printResult } from './output.ts';

/** `tasksvc migrate`: applies pending migrations to DATABASE_URL or the embedded data directory. */
export function registerMigrateCommand(program: Command) {
  program
    .command('migrate')
    .description('Apply pending database migrations (DATABASE_URL, or the embedded data directory)')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const { loadConfig } = await import('../config.ts');
      const { openDatabase } = await import('../db/client.ts');
      const { migrate } = await import('../db/migrate.ts');
      const config = loadConfig();
      if (config.DATABASE_URL) {
        const { waitForDatabase } = await import('../db/wait-for-database.ts');
        const { createLogger } = await import('../logger.ts');
        await waitForDatabase(config.DATABASE_URL, { waitMs: config.DATABASE_WAIT_SECONDS * 1000, logger: createLogger({ LOG_LEVEL: 'warn' }, process.stderr) });
      }
      const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.TASKSVC_DATA_DIR });
      try {
        const r = await migrate(db);
        printResult(
          !!o.json,
          r,
          r.applied.length ? `Applied: ${r.applied.join(', ')}` : `Up to date (${r.alreadyApplied} applied).`,
        );
      } finally {
        await db.close();
      }
    });
}
