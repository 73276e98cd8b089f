import { Prisma, type Section, type Task } from '../../generated/prisma/client.ts';
import { outboxWritten, taskEventInsertSql } from '../../events/outbox.ts';
import { visibleProjectSql } from '../access.ts';
import { watchTaskSql } from '../notification.ts';
import { OPTIONAL_TASK_COLUMNS, OPTIONAL_TASK_COLUMN_NAMES, type OptionalTaskValues } from './fields.ts';
import { DEFAULT_SECTION_TITLE } from './placement.ts';
import { type PrefixedSection, prefixedSectionSql, takeSection } from './task-in-hand.ts';

type Tx = Prisma.TransactionClient;

/**
 * The columns of a new task that its creator chooses (the rest is known
 * before the insert): the optional columns of fields.ts, and these.
 */
export interface NewTaskFields extends OptionalTaskValues {
  title: string;
  description: string;
  /** The markdown `description` was rendered from; null when it was written as HTML. */
  descriptionMarkdown: string | null;
  images: string[];
  attachments: string[];
  dueDate: Date | null;
  status: Task['status'];
  parentId: number | null;
}

/** A task's number: taken before in this transaction (`takeTaskNumber`), or `take` it in the insert itself. */
export type TaskNumber = { uniqueIndex: number; ticketNumber: string } | 'take';

/** A task to insert: its project, its number, who creates it, and where it goes. */
export interface NewTask {
  projectId: number;
  number: TaskNumber;
  actorId: number;
  /** A live section of the project, or `backlog`: the project's `Backlog` section when it has one. */
  section: number | 'backlog';
  fields: NewTaskFields;
}

/** The statement's row: the task's columns, then its section's (prefixed `s_`) and its number. */
interface InsertedRow extends Task, PrefixedSection {
  ticketNumber: string;
  ticketPrefix: string;
}

/** What {@link insertTask} wrote: the task, its section (the whole row) and its ticket number and prefix. */
export interface InsertedTask {
  task: Task;
  section: Section;
  ticketNumber: string;
  ticketPrefix: string;
}

/**
 * The Task columns the insert below leaves to their database default; every
 * other column of the model is written by it. An optional column declared
 * in fields.ts (OPTIONAL_TASK_COLUMNS) is written and answered by itself;
 * any other column added to the Task model goes into the INSERT's column
 * list and its SELECT (and into the answer's list) or here:
 * test/domain/task-insert-columns.test.ts names any column that is in
 * neither, and the create test compares the returned row with Prisma's read.
 */
export const TASK_COLUMNS_LEFT_TO_DEFAULT = ['id', 'position', 'version', 'updatedById'] as const;

// The optional columns' part of the statement, spelt once: their names for
// the INSERT, and for the answer (an enum read as text, as Prisma reads it).
const OPTIONAL_INSERT_COLUMNS = Prisma.raw(OPTIONAL_TASK_COLUMN_NAMES.map((k) => `"${k}"`).join(', '));
const OPTIONAL_ANSWER_COLUMNS = Prisma.raw(
  OPTIONAL_TASK_COLUMN_NAMES.map((k) =>
    OPTIONAL_TASK_COLUMNS[k].sqlType.startsWith('"') ? `task."${k}"::text AS "${k}"` : `task."${k}"`,
  ).join(', '),
);
const OPTIONAL_CASTS = OPTIONAL_TASK_COLUMN_NAMES.map((k) => [k, Prisma.raw(`::${OPTIONAL_TASK_COLUMNS[k].sqlType}`)] as const);

/** The optional columns' values, each cast to its column's type. */
function optionalValues(f: NewTaskFields) {
  return Prisma.join(OPTIONAL_CASTS.map(([k, cast]) => Prisma.sql`${f[k]}${cast}`), ', ');
}

/**
 * Inserts a task, its creator as watcher and its `task.created` outbox event
 * in one statement (a create's hot path: one round trip instead of four).
 * The section is looked up in the same statement; null when there is no
 * such live section (nothing is written then: the caller reports it or adds
 * the Backlog and calls again).
 *
 * With a number taken before (`takeTaskNumber`), the project row lock it
 * holds serialises this look-up with section deletes and with another create
 * adding a Backlog. With `number: 'take'` the statement takes it itself and
 * needs no transaction (one statement is atomic), and has the same
 * guarantees from its lock order, the one `deleteSection` and moves use:
 * 1. the project row, `FOR UPDATE` (the access check; creates of a board
 *    queue here, so numbers are distinct and gap-free);
 * 2. then the section row, `FOR SHARE`: the statement's snapshot predates
 *    the wait in 1, but a locked row that a transaction changed meanwhile is
 *    re-read and re-checked (READ COMMITTED), so a section deleted or
 *    renamed while this waited is not used; and a delete waiting for this
 *    lock finds the task and moves it;
 * 3. then the counter, only when a section was found (nothing is written
 *    otherwise, the number included); the ticket number is spelled in SQL
 *    as `ticketNumberOf` spells it.
 * A section added while it waited is not seen (the snapshot): null, and the
 * caller's transactional path (which sees it) decides.
 */
export async function insertTask(db: Tx, task: NewTask): Promise<InsertedTask | null> {
  const f = task.fields;
  // Same rules as placement.ts's requireSectionOf and backlogSection.
  const which =
    task.section === 'backlog'
      ? Prisma.sql`s."title" ILIKE ${DEFAULT_SECTION_TITLE}`
      : Prisma.sql`s."id" = ${task.section}`;
  const now = new Date();
  const numbering =
    task.number === 'take'
    ? Prisma.sql`project AS MATERIALIZED (
      SELECT "id" FROM "Project"
      WHERE "id" = ${task.projectId} AND ${visibleProjectSql(Prisma.sql`${task.projectId}`, task.actorId)}
      FOR UPDATE
    ), section AS MATERIALIZED (
      SELECT s.* FROM project, "Section" s
      WHERE s."projectId" = project."id" AND s."deletedAt" IS NULL AND ${which}
      ORDER BY s."ranking", s."id"
      LIMIT 1
      FOR SHARE OF s
    ), counter AS (
      UPDATE "Project" SET "taskCounter" = "taskCounter" + 1
      FROM section WHERE "Project"."id" = ${task.projectId}
      RETURNING "taskCounter" AS "uniqueIndex", "ticketPrefix" || '-' || "taskCounter" AS "ticketNumber", "ticketPrefix"
    )`
    : Prisma.sql`section AS (
      SELECT s.* FROM "Section" s
      WHERE s."projectId" = ${task.projectId} AND s."deletedAt" IS NULL AND ${which}
      ORDER BY s."ranking", s."id"
      LIMIT 1
    ), counter AS (
      SELECT ${task.number.uniqueIndex}::integer AS "uniqueIndex", ${task.number.ticketNumber}::text AS "ticketNumber",
        (SELECT "ticketPrefix" FROM "Project" WHERE "id" = ${task.projectId}) AS "ticketPrefix"
    )`;
  const rows = await db.$queryRaw<InsertedRow[]>`
    WITH ${numbering}, task AS (
      INSERT INTO "Task" ("projectId", "sectionId", "uniqueIndex", "title", "description", "descriptionMarkdown", ${OPTIONAL_INSERT_COLUMNS},
        "images", "attachments", "dueDate", "status", "parentId", "createdById", "createdAt", "updatedAt")
      SELECT ${task.projectId}, section."id", counter."uniqueIndex", ${f.title}, ${f.description}, ${f.descriptionMarkdown}::text, ${optionalValues(f)},
        ${f.images}::text[], ${f.attachments}::text[], ${f.dueDate}::timestamp(3), ${f.status}::"Status", ${f.parentId}::integer, ${task.actorId}, ${now}::timestamp(3), ${now}::timestamp(3)
      FROM section, counter
      RETURNING *
    ), watcher AS (
      ${watchTaskSql(Prisma.sql`task."id"`, task.actorId, Prisma.sql`task`)}
    ), event AS (
      ${taskEventInsertSql(
        {
          type: 'task.created',
          task: { id: Prisma.sql`task."id"`, projectId: task.projectId, ticketNumber: Prisma.sql`counter."ticketNumber"` },
          actorId: task.actorId,
          data: { title: f.title, priority: f.priority, status: f.status, dueDate: f.dueDate?.toISOString() ?? null },
          moreData: Prisma.sql`jsonb_build_object('section', jsonb_build_object('id', section."id", 'title', section."title"))`,
          createdAt: now,
        },
        Prisma.sql`task, section, counter`,
      )}
    )
    SELECT task."id", task."projectId", task."sectionId", task."uniqueIndex", task."title", task."description",
      task."descriptionMarkdown", ${OPTIONAL_ANSWER_COLUMNS}, task."images", task."attachments",
      task."dueDate", task."status"::text AS "status", task."position", task."parentId", task."createdById",
      task."createdAt", task."updatedAt", task."version", task."updatedById", counter."ticketNumber", counter."ticketPrefix",
      ${prefixedSectionSql('section')}
    FROM task, section, counter`;
  if (!rows.length) return null;
  outboxWritten();
  const [section, { ticketNumber, ticketPrefix, ...created }] = takeSection(rows[0]);
  return { task: created, section, ticketNumber, ticketPrefix };
}
