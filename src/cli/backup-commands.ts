import { createReadStream, createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { currentControlRun } from '../control/context.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { withDatabase } from './database.ts';
import { printResult } from './output.ts';
import { stderrProgress } from './progress.ts';

/** A path the caller named, read against the caller's working directory (the CLI's, through the control channel). */
export function callerPath(file: string): string {
  return resolve(currentControlRun()?.cwd ?? process.cwd(), file);
}

/**
 * `tasksvc backup <file>`: a logical backup of the whole database
 * (src/domain/backup). The file is written beside its name as
 * `<file>.partial` with mode 0600 (it holds password and key hashes) and
 * renamed when complete, so a failed backup never leaves a file that looks
 * whole; an existing file is never overwritten.
 */
export function registerBackupCommand(program: Command) {
  program
    .command('backup')
    .description('Write a consistent backup of the whole database to <file> (gzip JSON lines; see README: Backup, export, import)')
    .argument('<file>', 'the backup file to create (must not exist)')
    .option('--json', 'print JSON')
    .action(async (file: string, o: { json?: boolean }) => {
      const path = callerPath(file);
      if (existsSync(path)) throw new ConflictError(`${path} exists: a backup never overwrites a file`, 'file', 'exists');
      const partial = `${path}.partial`;
      const { writeBackup } = await import('../domain/backup/write.ts');
      await withDatabase(async (db) => {
        const progress = stderrProgress('Backing up');
        const started = Date.now();
        const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
        try {
          const summary = await writeBackup(db, out, (done, total) => progress.update(done, total));
          progress.end();
          renameSync(partial, path);
          const result = { file: path, ...summary, ms: Date.now() - started };
          printResult(!!o.json, result, `Backed up ${summary.rows} rows of ${summary.tables} tables (schema ${summary.migration}) to ${path} (${summary.bytes} bytes) in ${result.ms} ms.`);
        } catch (err) {
          out.destroy();
          rmSync(partial, { force: true });
          throw err;
        }
      });
    });
}

/** `tasksvc backup` and `tasksvc restore <file>`. */
export function registerBackupCommands(program: Command) {
  registerBackupCommand(program);
  program
    .command('restore')
    .description(
      'Restore a backup into an empty data directory (TASKSVC_DATA_DIR, stopped server) or empty PostgreSQL database (DATABASE_URL), then migrate it to this version',
    )
    .argument('<file>', 'the backup file')
    .option('--json', 'print JSON')
    .action(async (file: string, o: { json?: boolean }) => {
      const path = callerPath(file);
      if (!existsSync(path)) throw new NotFoundError(`backup file ${path}`, 'file');
      const { restoreBackup } = await import('../domain/backup/restore.ts');
      await withDatabase(async (db) => {
        const progress = stderrProgress('Restoring');
        const started = Date.now();
        const summary = await restoreBackup(db, createReadStream(path), (done, total) => progress.update(done, total));
        progress.end();
        const result = { file: path, ...summary, ms: Date.now() - started };
        const migrated = summary.migratedAfter.length ? `, then applied ${summary.migratedAfter.join(', ')}` : '';
        printResult(
          !!o.json,
          result,
          `Restored ${summary.rows} rows of ${summary.tables} tables (schema ${summary.backupMigration}${migrated}) in ${result.ms} ms. ` +
            'With Meilisearch (MEILI_HOST), run `tasksvc reindex` now.',
        );
      });
    });
}
