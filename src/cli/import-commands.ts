import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { type Command, Option } from 'commander';
import { NotFoundError, ValidationError } from '../errors.ts';
import { callerPath } from './backup-commands.ts';
import { withDatabase } from './database.ts';
import { printResult } from './output.ts';
import { stderrProgress } from './progress.ts';

/** The SHA-256 of a file, read as a stream: the default import id. */
async function fileDigest(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * `tasksvc import --from <format> <file>`: the operator's import of a
 * tasksvc team export, a Trello board export, GitHub issues (`gh issue list
 * --json …`), Linear's CSV export or a plain CSV into a team (src/domain/
 * import). One transaction; `--dry-run` reports what it would create and
 * writes nothing; the import id (`--import-id`, default the file's SHA-256
 * with the format and team) makes a retry answer the first run's summary.
 */
export function registerImportCommand(program: Command) {
  program
    .command('import')
    .description('Import a team export, a Trello board, GitHub issues, a Linear CSV or a plain CSV into a team')
    .argument('<file>', 'the file to import')
    .addOption(new Option('--from <format>', 'the file’s format').choices(['tasksvc', 'trello', 'github', 'linear', 'csv']).makeOptionMandatory())
    .option('--team <team>', 'team number or UUID to import into (a tasksvc export without it makes its own team)')
    .option('--board-title <title>', 'board title for formats that do not name one (github, csv)')
    .option('--import-id <id>', 'the import’s id (default: SHA-256 of the file, format and team)')
    .option('--dry-run', 'report what would be created, write nothing')
    .option('--json', 'print JSON')
    .action(
      async (
        file: string,
        o: { from: 'tasksvc' | 'trello' | 'github' | 'linear' | 'csv'; team?: string; boardTitle?: string; importId?: string; dryRun?: boolean; json?: boolean },
      ) => {
        const { IMPORT_LIMITS } = await import('../domain/import/records.ts');
        const path = callerPath(file);
        let size: number;
        try {
          size = statSync(path).size;
        } catch {
          throw new NotFoundError(`import file ${path}`, 'file');
        }
        const max = o.from === 'tasksvc' ? IMPORT_LIMITS.streamedFileBytes : IMPORT_LIMITS.parsedFileBytes;
        if (size > max) throw new ValidationError('file', `the file is ${size} bytes; a ${o.from} import reads at most ${max}`, 'too_large');
        if (o.importId !== undefined && !/^[\w.:-]{1,200}$/.test(o.importId)) {
          throw new ValidationError('importId', 'import-id: 1 to 200 letters, digits, `.`, `:`, `_` or `-`', 'invalid');
        }
        const importId = o.importId ?? `${o.from}:${o.team ?? 'new'}:${await fileDigest(path)}`;
        const [{ runImport }, { recordsOf }] = await Promise.all([import('../domain/import/apply.ts'), import('../domain/import/sources/index.ts')]);
        await withDatabase(
          async (db) => {
            const progress = stderrProgress(o.dryRun ? 'Checking' : 'Importing');
            let read = 0;
            // Counted as the reader takes them (a 'data' listener would start the stream before the reader does).
            const input = (async function* () {
              for await (const chunk of createReadStream(path)) {
                read += (chunk as Buffer).length;
                yield chunk as Buffer;
              }
            })();
            const summary = await runImport(db, recordsOf(o.from, input, { boardTitle: o.boardTitle }), {
              format: o.from,
              importId,
              team: o.team ?? null,
              dryRun: o.dryRun,
              onProgress: () => progress.update(read, size),
            });
            progress.end();
            const c = summary.counts;
            const what =
              `${c.boards} boards, ${c.sections} sections, ${c.labels} labels, ${c.tasks} tasks, ${c.comments} comments; ` +
              `${c.usersMatched} people matched by email, ${c.usersCreated} created without a password`;
            const human = summary.replayed
              ? `Import ${importId} had already run (nothing written now): ${what}.`
              : summary.dryRun
                ? `Dry run, nothing written. Would import into team "${summary.team.title}": ${what}.`
                : `Imported into team "${summary.team.title}" (${summary.team.id}): ${what}. ` +
                  'People created here sign in once you invite them or run `tasksvc users password-link --email …`; with Meilisearch, run `tasksvc reindex`.';
            printResult(!!o.json, summary, human);
          },
          { migrate: true },
        );
      },
    );
}
