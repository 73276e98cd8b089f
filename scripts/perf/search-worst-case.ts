// Diagnostic: what the costliest searches a caller can send cost (long,
// misspelt queries on a few hundred tasks), alone and 8 at a time.
//
//   DATABASE_URL=postgres://… npx tsx scripts/perf/search-worst-case.ts [--tasks 600]
//
// Seeds a throw-away user and board (in the database given, or an in-memory
// PGlite), then times `searchTasks` for each query shape.
import { readFileSync } from 'node:fs';
import { openDatabase } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createUser } from '../../src/domain/user.ts';
import { PostgresSearchIndex } from '../../src/search/postgres-engine.ts';
import { searchTasks } from '../../src/search/search-tasks.ts';

const tasksArg = process.argv.indexOf('--tasks');
const TASKS = tasksArg > 0 ? Number(process.argv[tasksArg + 1]) : 600;
const url = process.env.DATABASE_URL;
const database = await openDatabase(url ? { databaseUrl: url, dataDir: 'memory://' } : { dataDir: 'memory://' });
if (!url) await migrate(database);
const db = database.prisma;
const { titles } = JSON.parse(
  readFileSync(new URL('../../test/fixtures/search-relevance.json', import.meta.url), 'utf8'),
) as { titles: string[] };

const user = await createUser(db, { email: `worst-${Date.now()}@bench.local`, displayName: 'Worst case' });
const project = await db.project.create({
  data: {
    title: 'Worst case',
    ticketPrefix: 'WC',
    members: { create: [{ userId: user.id }] },
    sections: { create: [{ title: 'Todo', ranking: 'a0' }] },
  },
  include: { sections: true },
});
await db.task.createMany({
  data: Array.from({ length: TASKS }, (_, i) => ({
    projectId: project.id,
    sectionId: project.sections[0].id,
    uniqueIndex: i + 1,
    title: titles[i % titles.length],
    description: `${titles[(i * 7) % titles.length]}. ${titles[(i * 13) % titles.length]}.`,
  })),
});
const index = new PostgresSearchIndex(db, { server: Boolean(url) });

// Drops one letter of every word longer than 3: every word misspelt.
const misspell = (text: string) => text.replace(/\b(\w)(\w)(\w{2,})/g, '$1$3');
const fill = (source: string[], max = 200) => {
  let out = '';
  for (const t of source) {
    if ((out + ' ' + t).length > max) break;
    out = out ? `${out} ${t}` : t;
  }
  return out;
};
const shapes: Record<string, string> = {
  'short misspelt': 'pasword reset emial',
  '200 chars misspelt titles': misspell(fill(titles.slice(40))),
  '200 chars of long misspelt words': fill(Array.from({ length: 20 }, (_, i) => misspell('internationalization' + 'abcdefghij'[i % 10]))),
  'one long misspelt word': misspell('internationalizationa'),
  'four long misspelt words': fill(Array.from({ length: 4 }, (_, i) => misspell('internationalization' + 'abcdefghij'[i % 10]))),
  '200 chars, 100 words': fill(Array.from({ length: 100 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[i % 26])),
  '200 chars, one word': 'q'.repeat(200),
};
const time = async (query: string) => {
  const started = performance.now();
  await searchTasks(db, index, user.id, { query });
  return performance.now() - started;
};
for (const [name, query] of Object.entries(shapes)) {
  await time(query); // warm
  const alone = await time(query);
  const parallel = await Promise.all(Array.from({ length: 8 }, () => time(query)));
  console.log(
    `${name.padEnd(34)} len ${String(query.length).padStart(3)}  alone ${alone.toFixed(0).padStart(5)} ms  8 parallel max ${Math.max(...parallel).toFixed(0).padStart(5)} ms`,
  );
}
await db.task.deleteMany({ where: { projectId: project.id } });
await db.project.delete({ where: { id: project.id } });
await database.close();
