// The benchmark's data set, from a fixed seed: every run and both databases get the same rows. Users, teams, the API
// key and the boards go through the domain functions, as a client would make them; the bulk rows (tasks, assignees,
// labels, watchers, comments) are column arrays fed to `INSERT … SELECT * FROM unnest(…)`, thousands per statement.

import { openDatabase, type SqlRunner } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createApiKey } from '../src/domain/api-key.ts';
import { createTeamBoard } from '../src/domain/board.ts';
import { createTeam } from '../src/domain/team.ts';
import { createUser } from '../src/domain/user.ts';
import { ProgressBar } from './progress.ts';
import { BOARD_NAMES, LABEL_NAMES, PROSE_WORDS, SECTION_TITLES, TITLE_VERBS, TITLE_WORDS } from './vocabulary.ts';

/** How much to seed. */
export interface SeedSize {
  /** Boards in all; about four in five belong to the benchmark user's team. */
  projects: number;
  tasks: number;
  users: number;
}

/** What the load scenarios need to know about the seeded data. */
export interface SeedResult {
  apiKey: string;
  userId: number;
  /** UUID of the benchmark user's team (team board creation). */
  teamUuid: string;
  /** Boards the benchmark user is a member of. */
  visibleProjectIds: number[];
  /** Live tasks of those boards, for updates (a sample, not all). */
  sampleTaskIds: number[];
  counts: Record<string, number>;
  seconds: number;
}

const DAY = 86_400_000;
const BATCH = 2000; // rows per bulk statement

/** Deterministic pseudo-random numbers (mulberry32) with the helpers the generator needs. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const index = (n: number) => Math.floor(next() * n);
  return {
    int: (min: number, max: number) => min + index(max - min + 1),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]) => items[index(items.length)],
    /** `n` distinct elements (all when n ≥ length). */
    sample<T>(items: readonly T[], n: number): T[] {
      if (n >= items.length) return [...items];
      const chosen = new Set<number>();
      while (chosen.size < n) chosen.add(index(items.length));
      return [...chosen].map((i) => items[i]);
    },
    /** An index of `weights`, with probability proportional to its weight. */
    weighted(weights: readonly number[]): number {
      let r = next() * weights.reduce((a, b) => a + b, 0);
      for (let i = 0; i < weights.length; i++) if ((r -= weights[i]) < 0) return i;
      return weights.length - 1;
    },
  };
}

/** `timestamp(3)` text in UTC, as Prisma stores DateTime. */
const ts = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

/** One table's rows as one array per column (what `unnest` takes); `types` are the columns' PostgreSQL types in order. */
function rows(table: string, types: Record<string, string>) {
  const columns = Object.keys(types).map((): unknown[] => []);
  return { table, types, columns, push: (...values: unknown[]) => values.forEach((v, i) => columns[i].push(v)) };
}
type Rows = ReturnType<typeof rows>;
const count = (t: Rows) => t.columns[0].length;

/** Inserts `t` in statements of `BATCH` rows, each column one array parameter (the parameter count stays the column count). */
async function insert(sql: SqlRunner, t: Rows, done: (rows: number) => void): Promise<void> {
  const names = Object.keys(t.types);
  // Enum arrays go through text[]: PGlite only serialises arrays of types it knows.
  const casts = names.map((n, i) => `$${i + 1}::${t.types[n].startsWith('"') ? `text[]::${t.types[n]}` : t.types[n]}[]`);
  const text = `INSERT INTO "${t.table}" ("${names.join('", "')}") SELECT * FROM unnest(${casts.join(', ')})`;
  for (let start = 0; start < count(t); start += BATCH) {
    const batch = t.columns.map((c) => c.slice(start, start + BATCH));
    await sql.query(text, batch);
    done(batch[0].length);
  }
}

/**
 * Migrates and seeds the database at `location` (a PostgreSQL URL, else a PGlite data directory, opened on this
 * thread: a one-shot seeder). Deterministic for a given size: the same titles, assignments and dates (relative to now).
 */
export async function seedDatabase(location: string, size: SeedSize): Promise<SeedResult> {
  const postgres = /^postgres(ql)?:\/\//.test(location);
  const database = await openDatabase(postgres ? { databaseUrl: location, dataDir: 'memory://' } : { dataDir: location, pgliteInProcess: true });
  try {
    await migrate(database);
    const started = performance.now();
    const [db, sql] = [database.prisma, database.sql];
    const rng = prng(20261121);
    const now = Date.now();
    const words = (list: readonly string[], min: number, max: number) => Array.from({ length: rng.int(min, max) }, () => rng.pick(list)).join(' ');
    const paragraph = (min: number, max: number) => {
      const text = words([...PROSE_WORDS, ...TITLE_WORDS], min, max);
      return `<p>${text.charAt(0).toUpperCase()}${text.slice(1)}.</p>`;
    };

    const users: number[] = [];
    for (let i = 0; i < size.users; i++) users.push((await createUser(db, { email: `bench-${i}@example.com`, displayName: i ? `User ${i}` : 'Bench User' })).id);
    // Team A (the benchmark user's) holds most users; team B is another tenant whose boards the benchmark user
    // must never see or pay for.
    const splitAt = Math.max(2, Math.round(size.users * 0.65));
    const teamAUsers = users.slice(0, splitAt);
    const teamBUsers = users.length > splitAt ? users.slice(splitAt) : [users[1]];
    const teamA = await createTeam(db, { title: 'Engineering', memberIds: teamAUsers });
    const teamB = await createTeam(db, { title: 'Other Tenant', memberIds: teamBUsers });
    const key = await createApiKey(db, users[0], { label: 'bench' });
    const visibleCount = Math.max(1, Math.round(size.projects * 0.8));
    const boards = [];
    const setup = new ProgressBar('seed: boards', size.projects);
    const [sections, labels] = [SECTION_TITLES.map((t) => ({ title: t })), LABEL_NAMES.map((name) => ({ name }))];
    for (let p = 0; p < size.projects; p++) {
      const visible = p < visibleCount;
      const round = Math.floor(p / BOARD_NAMES.length);
      const title = `${BOARD_NAMES[p % BOARD_NAMES.length]}${round ? ` ${round + 1}` : ''} ${visible ? 'Platform' : 'Internal'}`;
      const description = `Board ${title}: ${words(PROSE_WORDS, 5, 12)}.`;
      const created = await createTeamBoard(db, visible ? users[0] : teamBUsers[0], (visible ? teamA : teamB).uuid, { title, description, sections, labels });
      const [sectionIds, labelIds] = [created.sections.map((s) => s.id), created.labels.map((l) => l.id)];
      boards.push({ id: created.project.id, memberIds: visible ? teamAUsers : teamBUsers, sectionIds, labelIds, visible, counter: 0 });
      setup.update(p + 1);
    }
    setup.finish();

    // Bulk rows, generated row by row; the generator's calls stay in this order (argument order): the same seed,
    // the same data set.
    const [int, text, time] = ['int', 'text', 'timestamp(3)'];
    const task = rows('Task', {
      id: int, projectId: int, sectionId: int, uniqueIndex: int, title: text, description: text, priority: '"Priority"',
      estimateMinutes: int, dueDate: time, status: '"Status"', createdById: int, createdAt: time, updatedAt: time,
    });
    const assignee = rows('TaskAssignee', { taskId: int, userId: int, createdAt: time });
    const taskLabel = rows('TaskLabel', { taskId: int, labelId: int });
    const watcher = rows('TaskWatcher', { taskId: int, userId: int, createdAt: time });
    const comment = rows('Comment', { taskId: int, authorId: int, text, createdAt: time, updatedAt: time });
    const sampleTaskIds: number[] = [];
    const firstId = Number((await sql.query<{ n: number }>(`SELECT COALESCE(MAX(id), 0)::int AS n FROM "Task"`))[0].n) + 1;
    const of = <T>(choices: T[], weights: number[]) => choices[rng.weighted(weights)];
    for (let i = 0; i < size.tasks; i++) {
      const [id, board] = [firstId + i, boards[i % boards.length]];
      const createdAt = now - rng.int(1, 365) * DAY - rng.int(0, DAY);
      const updatedAt = Math.min(now - 1000, createdAt + rng.int(0, 60) * DAY + rng.int(0, DAY));
      const status = of(['Normal', 'Archive', 'Deleted'], [90, 7, 3]);
      const creator = rng.pick(board.memberIds);
      const sectionId = of(board.sectionIds, [30, 20, 15, 10, 25]); // Backlog … Done
      const title = `${rng.pick(TITLE_VERBS)} ${words(TITLE_WORDS, 1, 3)}`;
      task.push(
        id, board.id, sectionId, ++board.counter,
        rng.chance(0.4) ? `${title} ${rng.pick(['in', 'for', 'on', 'after'])} ${rng.pick(TITLE_WORDS)}` : title,
        rng.chance(0.8) ? paragraph(10, 50) + (rng.chance(0.3) ? paragraph(5, 30) : '') : '',
        rng.chance(0.3) ? null : rng.pick(['urgent', 'high', 'medium', 'low']),
        rng.chance(0.5) ? null : rng.pick([30, 60, 120, 240, 480, 960]),
        rng.chance(0.4) ? ts(now + rng.int(-60, 90) * DAY) : null,
        status, creator, ts(createdAt), ts(updatedAt),
      );
      if (board.visible && status === 'Normal' && sampleTaskIds.length < 5000 && rng.chance(0.2)) sampleTaskIds.push(id);
      const assignees = rng.sample(board.memberIds, of([0, 1, 2, 3], [30, 50, 15, 5]));
      for (const userId of assignees) assignee.push(id, userId, ts(createdAt));
      for (const labelId of rng.sample(board.labelIds, of([0, 1, 2, 3], [25, 45, 20, 10]))) taskLabel.push(id, labelId);
      // The creator and the assignees watch the task, as the domain makes them.
      for (const userId of new Set([creator, ...assignees])) watcher.push(id, userId, ts(createdAt));
      for (let c = of([0, 1, 2, 3], [40, 30, 20, 10]); c > 0; c--) {
        const at = ts(Math.min(now - 1000, createdAt + rng.int(0, 30) * DAY + rng.int(0, DAY)));
        comment.push(id, rng.pick(board.memberIds), paragraph(5, 40), at, at);
      }
    }

    const tables = [task, assignee, taskLabel, watcher, comment];
    const bar = new ProgressBar('seed: bulk rows', tables.reduce((n, t) => n + count(t), 0));
    let rowsDone = 0;
    // Secondary indexes of "Task" (the search's GIN indexes are costly per row) are dropped for the load and rebuilt
    // in one pass each: far faster than maintaining them row by row, and they end up the same.
    const taskIndexes = await sql.query<{ name: string; def: string }>(`SELECT indexname AS name, indexdef AS def FROM pg_indexes i
      WHERE tablename = 'Task' AND schemaname = current_schema() AND indexdef NOT LIKE 'CREATE UNIQUE%'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`);
    for (const ix of taskIndexes) await sql.exec(`DROP INDEX "${ix.name}"`);
    for (const t of tables) {
      await insert(sql, t, (n) => bar.update((rowsDone += n), t.table));
      if (t === task) for (const ix of taskIndexes) await sql.exec(ix.def);
    }
    bar.finish('done');
    // Ids were given explicitly: move the sequence past them; counters follow the tasks.
    await sql.query(`SELECT setval(pg_get_serial_sequence('"Task"', 'id'), (SELECT MAX(id) FROM "Task"))`);
    await sql.query(`UPDATE "Project" p SET "taskCounter" = c.n FROM (SELECT "projectId", MAX("uniqueIndex") AS n FROM "Task" GROUP BY 1) c WHERE c."projectId" = p.id`);
    process.stderr.write('seed: VACUUM ANALYZE\n'); // as autovacuum would leave a loaded database
    await sql.exec('VACUUM ANALYZE');
    return {
      apiKey: key.key,
      userId: users[0],
      teamUuid: teamA.uuid,
      visibleProjectIds: boards.filter((b) => b.visible).map((b) => b.id),
      sampleTaskIds,
      counts: {
        users: size.users, projects: size.projects, visibleProjects: visibleCount, tasks: size.tasks,
        assignees: count(assignee), taskLabels: count(taskLabel), watchers: count(watcher), comments: count(comment),
      },
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await database.close();
  }
}
