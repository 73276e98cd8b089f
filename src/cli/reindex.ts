import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createSearchIndex } from '../search/create-search-index.ts';
import { printResult } from './output.ts';

/** A one-line text progress bar: `[#####---------------]  25%  250/1000`. */
export function progressBar(done: number, total: number, width = 30): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}%  ${done}/${total}`;
}

/**
 * Draws progress on stderr: redrawn in place on a terminal; otherwise one
 * line per tenth, so logs stay short.
 */
function stderrProgress(label: string) {
  const tty = process.stderr.isTTY;
  let lastTenth = -1;
  return {
    update(done: number, total: number) {
      if (tty) {
        process.stderr.write(`\r${label} ${progressBar(done, total)}`);
        return;
      }
      const tenth = total > 0 ? Math.floor((done / total) * 10) : 10;
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        process.stderr.write(`${label} ${progressBar(done, total)}\n`);
      }
    },
    end() {
      if (tty) process.stderr.write('\n');
    },
  };
}

/** `tasksvc reindex`: rebuilds the active search engine's index from the database. */
export function registerReindexCommand(program: Command) {
  program
    .command('reindex')
    .description(
      'Rebuild the task search index from the database (Meilisearch when MEILI_HOST is set, else PostgreSQL)',
    )
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const config = loadConfig();
      const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.TASKSVC_DATA_DIR });
      try {
        await migrate(database);
        const index = createSearchIndex(config, database);
        await index.init();
        const progress = stderrProgress(`Reindexing (${index.engine})`);
        const started = Date.now();
        let count = 0;
        await index.rebuild((done, total) => {
          count = total;
          progress.update(done, total);
        });
        progress.end();
        const tasks = await database.prisma.task.count();
        const result = { engine: index.engine, tasks, steps: count, ms: Date.now() - started };
        printResult(!!o.json, result, `Rebuilt the ${index.engine} search index (${tasks} tasks) in ${result.ms} ms.`);
      } finally {
        await database.close();
      }
    });
}
