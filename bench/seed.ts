// The benchmark's data set: a fixed-seed generator, so every run (and both
// databases) get the same users, boards and tasks. Users, teams, the API key
// and the boards (sections, labels, members) go through the domain functions,
// as a real client would create them; the bulk rows (tasks and their
// assignees, labels, watchers, comments) are column arrays fed to
// `INSERT … SELECT * FROM unnest(…)`, thousands of rows per statement.

import { type Database, openDatabase, type SqlRunner } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createApiKey } from '../src/domain/api-key.ts';
import { createTeamBoard } from '../src/domain/board.ts';
import { createTeam } from '../src/domain/team.ts';
import { createUser } from '../src/domain/user.ts';
import { Prng } from './prng.ts';
import { ProgressBar } from './progress.ts';
import {
  BOARD_NAMES,
  LABEL_NAMES,
  PROSE_WORDS,
  SECTION_TITLES,
  SECTION_WEIGHTS,
  TITLE_VERBS,
  TITLE_WORDS,
} from './vocabulary.ts';

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

const SEED = 20261121;
const DAY = 86_400_000;
/** Rows per bulk statement. */
const BATCH = 2000;

interface Board {
  id: number;
  memberIds: number[];
  sectionIds: number[];
  labelIds: number[];
  visible: boolean;
}

/** `timestamp(3)` text in UTC, as Prisma stores DateTime. */
function ts(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

function words(rng: Prng, list: readonly string[], min: number, max: number): string {
  const n = rng.int(min, max);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(rng.pick(list));
  return out.join(' ');
}

function taskTitle(rng: Prng): string {
  const title = `${rng.pick(TITLE_VERBS)} ${words(rng, TITLE_WORDS, 1, 3)}`;
  return rng.chance(0.4) ? `${title} ${rng.pick(['in', 'for', 'on', 'after'])} ${rng.pick(TITLE_WORDS)}` : title;
}

function paragraph(rng: Prng, min: number, max: number): string {
  const text = words(rng, [...PROSE_WORDS, ...TITLE_WORDS], min, max);
  return `<p>${text.charAt(0).toUpperCase()}${text.slice(1)}.</p>`;
}

/** Rows of one table kept as one array per column (what `unnest` takes); `types` are the columns' PostgreSQL types. */
class Rows<T extends Record<string, string>> {
  readonly columns = {} as Record<keyof T, unknown[]>;
  length = 0;

  constructor(readonly table: string, readonly types: T) {
    for (const name in types) this.columns[name] = [];
  }

  push(row: Record<keyof T, unknown>): void {
    for (const name in this.types) this.columns[name].push(row[name]);
    this.length++;
  }
}

/**
 * Inserts `rows`: one statement per `BATCH` rows, each column one array
 * parameter (`unnest` keeps the parameter count at the column count).
 */
async function insertRows(sql: SqlRunner, rows: Rows<Record<string, string>>, onBatch: (rows: number) => void): Promise<void> {
  const names = Object.keys(rows.types);
  // Enum arrays go through text[]: PGlite only serialises arrays of types it knows.
  const casts = names.map((n, i) => (rows.types[n].startsWith('"') ? `$${i + 1}::text[]::${rows.types[n]}[]` : `$${i + 1}::${rows.types[n]}[]`));
  const text = `INSERT INTO "${rows.table}" (${names.map((n) => `"${n}"`).join(', ')}) SELECT * FROM unnest(${casts.join(', ')})`;
  for (let start = 0; start < rows.length; start += BATCH) {
    const end = Math.min(rows.length, start + BATCH);
    await sql.query(text, names.map((n) => rows.columns[n].slice(start, end)));
    onBatch(end - start);
  }
}

/**
 * Seeds a fresh, migrated database. Deterministic for a given size: the
 * same seed makes the same titles, assignments and dates (relative to now).
 */
export async function seedBenchData(database: Database, size: SeedSize): Promise<SeedResult> {
  const started = performance.now();
  const db = database.prisma;
  const rng = new Prng(SEED);
  const now = Date.now();

  // Users, teams, key and boards through the domain (a few hundred statements).
  const setup = new ProgressBar('seed: users and boards', size.users + size.projects);
  let setupDone = 0;
  const users: number[] = [];
  for (let i = 0; i < size.users; i++) {
    const user = await createUser(db, { email: `bench-${i}@example.com`, displayName: i === 0 ? 'Bench User' : `User ${i}` });
    users.push(user.id);
    setup.update(++setupDone, 'users');
  }
  const benchUser = users[0];
  // Team A (the benchmark user's) holds most users; team B is another tenant
  // whose boards the benchmark user must never see or pay for.
  const splitAt = Math.max(2, Math.round(size.users * 0.65));
  const teamAUsers = users.slice(0, splitAt);
  const teamBUsers = users.slice(splitAt);
  const teamA = await createTeam(db, { title: 'Engineering', memberIds: teamAUsers });
  const teamB = await createTeam(db, { title: 'Other Tenant', memberIds: teamBUsers.length ? teamBUsers : [users[1]] });
  const key = await createApiKey(db, benchUser, { label: 'bench' });

  const visibleCount = Math.max(1, Math.round(size.projects * 0.8));
  const boards: Board[] = [];
  for (let p = 0; p < size.projects; p++) {
    const visible = p < visibleCount;
    const team = visible ? teamA : teamB;
    const owner = visible ? benchUser : (teamBUsers[0] ?? users[1]);
    const round = Math.floor(p / BOARD_NAMES.length);
    const title = `${BOARD_NAMES[p % BOARD_NAMES.length]}${round ? ` ${round + 1}` : ''} ${visible ? 'Platform' : 'Internal'}`;
    const created = await createTeamBoard(db, owner, team.uuid, {
      title,
      description: `Board ${title}: ${words(rng, PROSE_WORDS, 5, 12)}.`,
      sections: SECTION_TITLES.map((t) => ({ title: t })),
      labels: LABEL_NAMES.map((name) => ({ name })),
    });
    boards.push({
      id: created.project.id,
      memberIds: visible ? teamAUsers : teamBUsers.length ? teamBUsers : [users[1]],
      sectionIds: created.sections.map((s) => s.id),
      labelIds: created.labels.map((l) => l.id),
      visible,
    });
    setup.update(++setupDone, 'boards');
  }
  setup.finish();

  // Bulk rows: generated row by row into columns, then inserted in batches.
  const [int, text, time] = ['int', 'text', 'timestamp(3)'];
  const task = new Rows('Task', {
    id: int, projectId: int, sectionId: int, uniqueIndex: int, title: text, description: text, priority: '"Priority"',
    estimateMinutes: int, dueDate: time, status: '"Status"', createdById: int, createdAt: time, updatedAt: time,
  });
  const assignee = new Rows('TaskAssignee', { taskId: int, userId: int, createdAt: time });
  const taskLabel = new Rows('TaskLabel', { taskId: int, labelId: int });
  const watcher = new Rows('TaskWatcher', { taskId: int, userId: int, createdAt: time });
  const comment = new Rows('Comment', { taskId: int, authorId: int, text, createdAt: time, updatedAt: time });
  const counters = new Map<number, number>();
  const sampleTaskIds: number[] = [];
  const firstId = Number((await database.sql.query<{ n: number }>(`SELECT COALESCE(MAX(id), 0)::int AS n FROM "Task"`))[0].n) + 1;

  for (let i = 0; i < size.tasks; i++) {
    const id = firstId + i;
    const board = boards[i % boards.length];
    const uniqueIndex = (counters.get(board.id) ?? 0) + 1;
    counters.set(board.id, uniqueIndex);
    const createdAt = now - rng.int(1, 365) * DAY - rng.int(0, DAY);
    const updatedAt = Math.min(now - 1000, createdAt + rng.int(0, 60) * DAY + rng.int(0, DAY));
    const status = ['Normal', 'Archive', 'Deleted'][rng.weighted([90, 7, 3])];
    const creator = rng.pick(board.memberIds);
    // The generator's calls stay in this order (property order): the same seed, the same data set.
    task.push({
      id,
      projectId: board.id,
      sectionId: board.sectionIds[rng.weighted(SECTION_WEIGHTS)],
      uniqueIndex,
      title: taskTitle(rng),
      description: rng.chance(0.8) ? paragraph(rng, 10, 50) + (rng.chance(0.3) ? paragraph(rng, 5, 30) : '') : '',
      priority: rng.chance(0.3) ? null : rng.pick(['urgent', 'high', 'medium', 'low']),
      estimateMinutes: rng.chance(0.5) ? null : rng.pick([30, 60, 120, 240, 480, 960]),
      dueDate: rng.chance(0.4) ? ts(now + rng.int(-60, 90) * DAY) : null,
      status,
      createdById: creator,
      createdAt: ts(createdAt),
      updatedAt: ts(updatedAt),
    });
    if (board.visible && status === 'Normal' && sampleTaskIds.length < 5000 && rng.chance(0.2)) sampleTaskIds.push(id);

    const assignees = rng.sample(board.memberIds, [0, 1, 2, 3][rng.weighted([30, 50, 15, 5])]);
    for (const userId of assignees) assignee.push({ taskId: id, userId, createdAt: ts(createdAt) });
    for (const labelId of rng.sample(board.labelIds, [0, 1, 2, 3][rng.weighted([25, 45, 20, 10])])) taskLabel.push({ taskId: id, labelId });
    // The creator and the assignees watch the task, as the domain makes them.
    for (const userId of new Set([creator, ...assignees])) watcher.push({ taskId: id, userId, createdAt: ts(createdAt) });
    const comments = [0, 1, 2, 3][rng.weighted([40, 30, 20, 10])];
    for (let c = 0; c < comments; c++) {
      const at = ts(Math.min(now - 1000, createdAt + rng.int(0, 30) * DAY + rng.int(0, DAY)));
      comment.push({ taskId: id, authorId: rng.pick(board.memberIds), text: paragraph(rng, 5, 40), createdAt: at, updatedAt: at });
    }
  }

  const bar = new ProgressBar('seed: bulk rows', task.length + assignee.length + taskLabel.length + watcher.length + comment.length);
  let rowsDone = 0;
  const step = (note: string) => (n: number) => bar.update((rowsDone += n), note);
  const sql = database.sql;
  // Secondary indexes of "Task" (the GIN indexes of the search are costly per
  // row) are dropped for the load and rebuilt in one pass each: far faster
  // than maintaining them row by row, and they end up the same.
  const taskIndexes = await sql.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes i
     WHERE tablename = 'Task' AND schemaname = current_schema()
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
       AND indexdef NOT LIKE 'CREATE UNIQUE%'`,
  );
  for (const ix of taskIndexes) await sql.exec(`DROP INDEX "${ix.name}"`);
  await insertRows(sql, task, step('tasks'));
  for (const ix of taskIndexes) await sql.exec(ix.def);
  await insertRows(sql, assignee, step('assignees'));
  await insertRows(sql, taskLabel, step('labels'));
  await insertRows(sql, watcher, step('watchers'));
  await insertRows(sql, comment, step('comments'));
  bar.finish('done');

  // Ids were given explicitly: move the sequence past them; counters follow the tasks.
  await sql.query(`SELECT setval(pg_get_serial_sequence('"Task"', 'id'), (SELECT MAX(id) FROM "Task"))`);
  await sql.query(
    `UPDATE "Project" p SET "taskCounter" = c.n FROM (SELECT "projectId", MAX("uniqueIndex") AS n FROM "Task" GROUP BY 1) c WHERE c."projectId" = p.id`,
  );
  // As autovacuum would leave a loaded database.
  process.stderr.write('seed: VACUUM ANALYZE\n');
  await sql.exec('VACUUM ANALYZE');

  return {
    apiKey: key.key,
    userId: benchUser,
    teamUuid: teamA.uuid,
    visibleProjectIds: boards.filter((b) => b.visible).map((b) => b.id),
    sampleTaskIds,
    counts: {
      users: size.users,
      projects: size.projects,
      visibleProjects: visibleCount,
      tasks: size.tasks,
      assignees: assignee.length,
      taskLabels: taskLabel.length,
      watchers: watcher.length,
      comments: comment.length,
    },
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * Migrates and seeds the database at `location`: a PostgreSQL URL, else a
 * PGlite data directory (opened on this thread: a one-shot seeder; the app
 * under load runs it in its worker).
 */
export async function seedDatabase(location: string, size: SeedSize): Promise<SeedResult> {
  const postgres = /^postgres(ql)?:\/\//.test(location);
  const database = await openDatabase(postgres ? { databaseUrl: location, dataDir: 'memory://' } : { dataDir: location, pgliteInProcess: true });
  try {
    await migrate(database);
    return await seedBenchData(database, size);
  } finally {
    await database.close();
  }
}
