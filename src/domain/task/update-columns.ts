import { Prisma, type Task } from '../../generated/prisma/client.ts';
import { notificationEventOfSql, outboxWritten, taskEventInsertSql } from '../../events/outbox.ts';
import { visibleProjectSql } from '../access.ts';
import { watcherEntriesSql } from '../notification.ts';
import { fieldWord } from './commit.ts';
import { OPTIONAL_TASK_COLUMN_NAMES, OPTIONAL_TASK_COLUMNS, type OptionalTaskValues } from './fields.ts';
import { type PrefixedSection, type TaskInHand, prefixedSectionSql, takeSection } from './task-in-hand.ts';
import { StaleVersionError } from './version.ts';

type Sql = Prisma.Sql;

/**
 * The new values of an update that touches only the task's own columns
 * (absent: unchanged), as `updateTask` has checked and rendered them.
 */
export interface ColumnChanges extends Partial<OptionalTaskValues> {
  title?: string;
  /** The rendered HTML and the markdown source it came from (null: written as HTML). */
  description?: { html: string; markdown: string | null };
  status?: Task['status'];
  dueDate?: Date | null;
  images?: string[];
  attachments?: string[];
}

/**
 * The update input fields the statement takes (besides `expectedVersion`):
 * an update naming any other field (section, parent, labels, or one added
 * later) takes updateTask's transaction, so nothing it does not know is
 * dropped.
 */
export const COLUMN_UPDATE_FIELDS: ReadonlySet<string> = new Set([
  'title',
  'description',
  'contentType',
  ...OPTIONAL_TASK_COLUMN_NAMES,
  'status',
  'dueDate',
  'images',
  'attachments',
  'expectedVersion',
] satisfies Array<keyof ColumnChanges | 'contentType' | 'expectedVersion'>);

/** The task to update: by id (with the project it must be in, when the reference named one). */
export interface ColumnUpdateTarget {
  taskId: number;
  projectId?: number | null;
}

/** One column of the update: when it differs (SQL over the locked row `t`), its event entry and its SET. */
interface Column {
  field: string;
  differs: Sql;
  /** The event's `from`, a jsonb expression over `t`. */
  from: Sql;
  /** The event's `to`, as the event has it (JSON). */
  to: unknown;
  set: Sql;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** `toISOString()` spelled in SQL, for a timestamp(3) column kept in UTC. */
const isoSql = (column: Sql) => Prisma.sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns, in the order updateTask compares them (it orders the inbox message's field words). */
function columnsOf(c: ColumnChanges): Column[] {
  const out: Column[] = [];
  const plain = (field: keyof Task & keyof ColumnChanges, to: unknown, type: Sql, from: Sql = Prisma.sql`to_jsonb(t.${Prisma.raw(`"${field}"`)})`) => {
    const column = Prisma.raw(`"${field}"`);
    out.push({
      field,
      differs: Prisma.sql`t.${column} IS DISTINCT FROM ${to}::${type}`,
      from,
      to,
      set: Prisma.sql`${column} = ${to}::${type}`,
    });
  };
  if (c.title !== undefined) plain('title', c.title, Prisma.sql`text`);
  if (c.description !== undefined) {
    const { html, markdown } = c.description;
    // Another markdown text with the same HTML is still an edit: its source is kept (as updateTask).
    out.push({
      field: 'description',
      differs: Prisma.sql`(t."description" IS DISTINCT FROM ${html}::text OR t."descriptionMarkdown" IS DISTINCT FROM ${markdown}::text)`,
      from: Prisma.sql`to_jsonb(t."description")`,
      to: html,
      set: Prisma.sql`"description" = ${html}::text, "descriptionMarkdown" = ${markdown}::text`,
    });
  }
  for (const column of OPTIONAL_TASK_COLUMN_NAMES) {
    // to_jsonb spells an enum as its label, as the event has it.
    if (c[column] !== undefined) plain(column, c[column], Prisma.raw(OPTIONAL_TASK_COLUMNS[column].sqlType));
  }
  if (c.status !== undefined) plain('status', c.status, Prisma.sql`"Status"`, Prisma.sql`to_jsonb(t."status"::text)`);
  if (c.dueDate !== undefined) {
    out.push({
      field: 'dueDate',
      differs: Prisma.sql`t."dueDate" IS DISTINCT FROM ${c.dueDate}::timestamp(3)`,
      from: Prisma.sql`to_jsonb(${isoSql(Prisma.sql`t."dueDate"`)})`,
      to: iso(c.dueDate),
      set: Prisma.sql`"dueDate" = ${c.dueDate}::timestamp(3)`,
    });
  }
  if (c.images !== undefined) plain('images', c.images, Prisma.sql`text[]`);
  if (c.attachments !== undefined) plain('attachments', c.attachments, Prisma.sql`text[]`);
  return out;
}

/** The enum columns of Task (an optional column's SQL type is quoted when it is one of ours). */
const ENUM_COLUMNS = new Set<string>(['status', ...OPTIONAL_TASK_COLUMN_NAMES.filter((k) => OPTIONAL_TASK_COLUMNS[k].sqlType.startsWith('"'))]);

/** Every scalar column of Task, read back as Prisma reads it (enums as their text). */
const TASK_SELECT = (alias: string) =>
  Prisma.raw(
    (Object.values(Prisma.TaskScalarFieldEnum) as string[])
      .map((c) => (ENUM_COLUMNS.has(c) ? `${alias}."${c}"::text AS "${c}"` : `${alias}."${c}"`))
      .join(', '),
  );

/** The statement's row: the task's columns, what it did, then its board's prefix, its updater's name and its section (`s_`). */
interface ResultRow extends Task, Omit<PrefixedSection, 's_id'> {
  written: boolean;
  /** The `changes` the locked row differs by (`{}`: the update changes nothing). */
  changes: Record<string, unknown>;
  ticketPrefix: string | null;
  updatedByName: string | null;
  /** Null when the task's section is gone (the LEFT JOIN found none). */
  s_id: number | null;
}

/**
 * `updateTask` of the task's own columns (title, description, priority,
 * estimates, status, due date, images, attachments) in one statement, with
 * no transaction: it locks the task (visible to the actor: access.ts's rule),
 * compares what it holds with the new values, and when something differs
 * (and the version is `expectedVersion`, when given) writes the row with a
 * new `updatedAt`, `version` and `updatedById`, its `task.updated` outbox row
 * `{changes}` and the watchers' inbox entries with their event: what
 * `commitTaskChanges` writes, in one round trip instead of six.
 *
 * The lock comes first, so what the changes read `from` is the row written
 * over: a concurrent update or move waited for is re-read (READ COMMITTED
 * re-checks a row locked meanwhile), a deleted task is gone. A stale version
 * throws {@link StaleVersionError} with the task as it is now; an update that
 * changes nothing writes nothing and answers the task as it is.
 *
 * Null when the statement cannot decide, and wrote nothing: no such task
 * visible to the actor (a foreign id, a deleted task, or a task just moved to
 * another board, whose membership row the re-check does not see), or a
 * section or board the statement's snapshot predates. The caller's
 * transactional path decides those (NOT_FOUND, or the update there).
 */
export async function updateTaskColumns(
  db: Pick<Prisma.TransactionClient, '$queryRaw'>,
  actorId: number,
  target: ColumnUpdateTarget,
  changes: ColumnChanges,
  expectedVersion: number | undefined,
): Promise<TaskInHand | null> {
  const columns = columnsOf(changes);
  const none = Prisma.sql`'{}'::jsonb`;
  const changesSql = columns.length
    ? Prisma.join(
        columns.map(
          (c) =>
            Prisma.sql`CASE WHEN ${c.differs} THEN jsonb_build_object(${c.field}::text, jsonb_build_object('from', ${c.from}, 'to', ${JSON.stringify(c.to)}::jsonb)) ELSE ${none} END`,
        ),
        ' || ',
      )
    : none;
  // The message's field words, each once, in the order of their first field (both estimates read `estimate`).
  const words = new Map<string, Sql[]>();
  for (const c of columns) words.set(fieldWord(c.field), [...(words.get(fieldWord(c.field)) ?? []), c.differs]);
  const wordsSql = words.size
    ? Prisma.sql`array_to_string(ARRAY[${Prisma.join(
        [...words].map(([word, differs]) => Prisma.sql`CASE WHEN ${Prisma.join(differs, ' OR ')} THEN ${word}::text END`),
      )}], ', ')`
    : Prisma.sql`''`;
  const sets = columns.length ? Prisma.sql`${Prisma.join(columns.map((c) => c.set))}, ` : Prisma.empty;
  const inProject = target.projectId != null ? Prisma.sql`AND t."projectId" = ${target.projectId}` : Prisma.empty;
  const versionOk = expectedVersion !== undefined ? Prisma.sql`AND cur."version" = ${expectedVersion}::integer` : Prisma.empty;
  const now = new Date();
  const rows = await db.$queryRaw<ResultRow[]>`
    WITH cur AS MATERIALIZED (
      SELECT t.*, ${changesSql} AS "changes", ${wordsSql} AS "words",
        (SELECT p."ticketPrefix" || '-' || t."uniqueIndex" FROM "Project" p WHERE p."id" = t."projectId") AS "ticketNumber"
      FROM "Task" t
      WHERE t."id" = ${target.taskId}::integer ${inProject} AND ${visibleProjectSql(Prisma.sql`t."projectId"`, actorId)}
      FOR UPDATE OF t
    ), upd AS (
      UPDATE "Task" t SET ${sets}"updatedAt" = ${now}::timestamp(3), "version" = t."version" + 1, "updatedById" = ${actorId}::integer
      FROM cur
      WHERE t."id" = cur."id" AND cur."changes" <> ${none} ${versionOk}
        AND cur."ticketNumber" IS NOT NULL AND EXISTS (SELECT 1 FROM "Section" s WHERE s."id" = cur."sectionId")
      RETURNING t.*, cur."changes", cur."words", cur."ticketNumber"
    ), event AS (
      ${taskEventInsertSql(
        {
          type: 'task.updated',
          task: { id: Prisma.sql`upd."id"`, projectId: Prisma.sql`upd."projectId"`, ticketNumber: Prisma.sql`upd."ticketNumber"` },
          actorId,
          data: {},
          moreData: Prisma.sql`jsonb_build_object('changes', upd."changes")`,
          createdAt: now,
        },
        Prisma.sql`upd`,
      )}
      RETURNING "id"
    ), watched AS (
      ${watcherEntriesSql({
        task: { id: Prisma.sql`upd."id"`, projectId: Prisma.sql`upd."projectId"`, ticketNumber: Prisma.sql`upd."ticketNumber"`, title: Prisma.sql`upd."title"` },
        // Reading the event's row makes PostgreSQL write it first: its id (the outbox order) precedes the entries' event, as before.
        from: Prisma.sql`upd CROSS JOIN event`,
        where: Prisma.sql`TRUE`,
        actorId,
        fields: Prisma.sql`upd."words"`,
      })}
    ), watched_event AS (
      ${notificationEventOfSql({
        task: { id: Prisma.sql`upd."id"`, projectId: Prisma.sql`upd."projectId"`, ticketNumber: Prisma.sql`upd."ticketNumber"` },
        from: Prisma.sql`upd`,
        where: Prisma.sql`TRUE`,
        actorId,
        type: 'task_updated',
        recipients: Prisma.sql`watched`,
      })}
    ), answer AS (
      SELECT upd.*, TRUE AS "written" FROM upd
      UNION ALL
      SELECT cur.*, FALSE FROM cur WHERE NOT EXISTS (SELECT 1 FROM upd)
    )
    SELECT ${TASK_SELECT('r')}, r."written", r."changes",
      p."ticketPrefix", u."displayName" AS "updatedByName",
      ${prefixedSectionSql('s')}
    FROM answer r
    LEFT JOIN "Project" p ON p."id" = r."projectId"
    LEFT JOIN "Section" s ON s."id" = r."sectionId"
    LEFT JOIN "User" u ON u."id" = r."updatedById"`;
  const row = rows[0];
  if (!row) return null;
  const [section, { written, changes: differs, ticketPrefix, updatedByName, ...task }] = takeSection(row);
  if (!written) {
    if (expectedVersion !== undefined && task.version !== expectedVersion) {
      throw new StaleVersionError(expectedVersion, {
        version: task.version,
        title: task.title,
        description: task.description,
        updatedAt: task.updatedAt.toISOString(),
        updatedBy: task.updatedById !== null && updatedByName !== null ? { id: task.updatedById, displayName: updatedByName } : null,
      });
    }
    // Something differs but was not written: a section or board newer than the statement's snapshot.
    if (Object.keys(differs).length) return null;
  } else {
    outboxWritten();
  }
  if (row.s_id === null || ticketPrefix === null) return null;
  return { ...task, section, project: { ticketPrefix } };
}
