// The benchmark's data set: a fixed-seed generator, so every run (and both
// databases) get the same users, boards and tasks. Users, teams, the API key
// and the boards (sections, labels, members) go through the domain functions,
// as a real client would create them; the bulk rows (tasks and their
// assignees, labels, watchers, comments) are column arrays fed to
// `INSERT … SELECT * FROM unnest(…)`, thousands of rows per statement.

import type { Database, SqlRunner } from '../src/db/client.ts';
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

/**
 * Inserts rows given as columns: one statement per `BATCH` rows, each column
 * one array parameter (`unnest` keeps the parameter count at the column count).
 */
async function insertColumns(
  sql: SqlRunner,
  table: string,
  columns: [name: string, pgType: string, values: unknown[]][],
  onBatch?: (rows: number) => void,
): Promise<void> {
  const total = columns[0][2].length;
  const names = columns.map(([n]) => `"${n}"`).join(', ');
  // Enum arrays go through text[]: PGlite only serialises arrays of types it knows.
  const casts = columns.map(([, type], i) => (type.startsWith('"') ? `$${i + 1}::text[]::${type}[]` : `$${i + 1}::${type}[]`)).join(', ');
  const text = `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${casts})`;
  for (let start = 0; start < total; start += BATCH) {
    const end = Math.min(total, start + BATCH);
    await sql.query(text, columns.map(([, , values]) => values.slice(start, end)));
    onBatch?.(end - start);
  }
}

/**
 * VACUUM ANALYZE, as autovacuum would leave a loaded database. Should a plain
 * ANALYZE of "Task" fail (on PostgreSQL 17, PGlite's engine, ANALYZE runs
 * index expressions under a restricted search_path, which an expression
 * calling unqualified functions does not survive), "Task" is analysed by
 * column list, which skips expression statistics, and the failure is shown.
 */
async function analyze(database: Database): Promise<void> {
  try {
    await database.sql.exec('VACUUM ANALYZE');
    return;
  } catch (err) {
    process.stderr.write(`seed: VACUUM ANALYZE failed (${(err as Error).message}); analysing "Task" by column list\n`);
  }
  await database.sql.exec('VACUUM');
  const tables = await database.sql.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'Task'`,
  );
  for (const t of tables) await database.sql.exec(`ANALYZE "${t.name}"`);
  const cols = await database.sql.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'Task'`,
  );
  await database.sql.exec(`ANALYZE "Task" (${cols.map((c) => `"${c.name}"`).join(', ')})`);
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

  // Bulk rows: generated column by column, then inserted in batches.
  const task = {
    id: [] as number[], projectId: [] as number[], sectionId: [] as number[], uniqueIndex: [] as number[],
    title: [] as string[], description: [] as string[], priority: [] as (string | null)[],
    estimateMinutes: [] as (number | null)[], dueDate: [] as (string | null)[], status: [] as string[],
    createdById: [] as number[], createdAt: [] as string[], updatedAt: [] as string[],
  };
  const assignee = { taskId: [] as number[], userId: [] as number[], createdAt: [] as string[] };
  const taskLabel = { taskId: [] as number[], labelId: [] as number[] };
  const watcher = { taskId: [] as number[], userId: [] as number[], createdAt: [] as string[] };
  const comment = { taskId: [] as number[], authorId: [] as number[], text: [] as string[], createdAt: [] as string[], updatedAt: [] as string[] };
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
    task.id.push(id);
    task.projectId.push(board.id);
    task.sectionId.push(board.sectionIds[rng.weighted(SECTION_WEIGHTS)]);
    task.uniqueIndex.push(uniqueIndex);
    task.title.push(taskTitle(rng));
    task.description.push(rng.chance(0.8) ? paragraph(rng, 10, 50) + (rng.chance(0.3) ? paragraph(rng, 5, 30) : '') : '');
    task.priority.push(rng.chance(0.3) ? null : rng.pick(['urgent', 'high', 'medium', 'low']));
    task.estimateMinutes.push(rng.chance(0.5) ? null : rng.pick([30, 60, 120, 240, 480, 960]));
    task.dueDate.push(rng.chance(0.4) ? ts(now + rng.int(-60, 90) * DAY) : null);
    task.status.push(status);
    task.createdById.push(creator);
    task.createdAt.push(ts(createdAt));
    task.updatedAt.push(ts(updatedAt));
    if (board.visible && status === 'Normal' && sampleTaskIds.length < 5000 && rng.chance(0.2)) sampleTaskIds.push(id);

    const assignees = rng.sample(board.memberIds, [0, 1, 2, 3][rng.weighted([30, 50, 15, 5])]);
    for (const userId of assignees) {
      assignee.taskId.push(id);
      assignee.userId.push(userId);
      assignee.createdAt.push(ts(createdAt));
    }
    for (const labelId of rng.sample(board.labelIds, [0, 1, 2, 3][rng.weighted([25, 45, 20, 10])])) {
      taskLabel.taskId.push(id);
      taskLabel.labelId.push(labelId);
    }
    // The creator and the assignees watch the task, as the domain makes them.
    for (const userId of new Set([creator, ...assignees])) {
      watcher.taskId.push(id);
      watcher.userId.push(userId);
      watcher.createdAt.push(ts(createdAt));
    }
    const comments = [0, 1, 2, 3][rng.weighted([40, 30, 20, 10])];
    for (let c = 0; c < comments; c++) {
      const at = ts(Math.min(now - 1000, createdAt + rng.int(0, 30) * DAY + rng.int(0, DAY)));
      comment.taskId.push(id);
      comment.authorId.push(rng.pick(board.memberIds));
      comment.text.push(paragraph(rng, 5, 40));
      comment.createdAt.push(at);
      comment.updatedAt.push(at);
    }
  }

  const totalRows = size.tasks + assignee.taskId.length + taskLabel.taskId.length + watcher.taskId.length + comment.taskId.length;
  const bar = new ProgressBar('seed: bulk rows', totalRows);
  let rowsDone = 0;
  const step = (note: string) => (n: number) => bar.update((rowsDone += n), note);
  const sql = database.sql;
  // Secondary indexes of "Task" (the search index's expression is costly per
  // row) are dropped for the load and rebuilt in one pass each: far faster
  // than maintaining them row by row, and they end up the same.
  // (Set BENCH_SEED_KEEP_INDEXES=1 to load with them in place.)
  const taskIndexes = process.env.BENCH_SEED_KEEP_INDEXES
    ? []
    : await sql.query<{ name: string; def: string }>(
        `SELECT indexname AS name, indexdef AS def FROM pg_indexes i
         WHERE tablename = 'Task' AND schemaname = current_schema()
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
           AND indexdef NOT LIKE 'CREATE UNIQUE%'`,
      );
  for (const ix of taskIndexes) await sql.exec(`DROP INDEX "${ix.name}"`);
  await insertColumns(
    sql,
    'Task',
    [
      ['id', 'int', task.id], ['projectId', 'int', task.projectId], ['sectionId', 'int', task.sectionId],
      ['uniqueIndex', 'int', task.uniqueIndex], ['title', 'text', task.title], ['description', 'text', task.description],
      ['priority', '"Priority"', task.priority], ['estimateMinutes', 'int', task.estimateMinutes],
      ['dueDate', 'timestamp(3)', task.dueDate], ['status', '"Status"', task.status], ['createdById', 'int', task.createdById],
      ['createdAt', 'timestamp(3)', task.createdAt], ['updatedAt', 'timestamp(3)', task.updatedAt],
    ],
    step('tasks'),
  );
  for (const ix of taskIndexes) await sql.exec(ix.def);
  await insertColumns(sql, 'TaskAssignee', [['taskId', 'int', assignee.taskId], ['userId', 'int', assignee.userId], ['createdAt', 'timestamp(3)', assignee.createdAt]], step('assignees'));
  await insertColumns(sql, 'TaskLabel', [['taskId', 'int', taskLabel.taskId], ['labelId', 'int', taskLabel.labelId]], step('labels'));
  await insertColumns(sql, 'TaskWatcher', [['taskId', 'int', watcher.taskId], ['userId', 'int', watcher.userId], ['createdAt', 'timestamp(3)', watcher.createdAt]], step('watchers'));
  await insertColumns(
    sql,
    'Comment',
    [
      ['taskId', 'int', comment.taskId], ['authorId', 'int', comment.authorId], ['text', 'text', comment.text],
      ['createdAt', 'timestamp(3)', comment.createdAt], ['updatedAt', 'timestamp(3)', comment.updatedAt],
    ],
    step('comments'),
  );
  bar.finish('done');

  // Ids were given explicitly: move the sequence past them; counters follow the tasks.
  await sql.query(`SELECT setval(pg_get_serial_sequence('"Task"', 'id'), (SELECT MAX(id) FROM "Task"))`);
  await sql.query(
    `UPDATE "Project" p SET "taskCounter" = c.n FROM (SELECT "projectId", MAX("uniqueIndex") AS n FROM "Task" GROUP BY 1) c WHERE c."projectId" = p.id`,
  );
  process.stderr.write('seed: VACUUM ANALYZE\n');
  await analyze(database);

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
      assignees: assignee.taskId.length,
      taskLabels: taskLabel.taskId.length,
      watchers: watcher.taskId.length,
      comments: comment.taskId.length,
    },
    seconds: (performance.now() - started) / 1000,
  };
}
