import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createSearchIndex } from '../search/create-search-index.ts';
import { printResult } from './output.ts';
import { stderrProgress } from './progress.ts';

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
