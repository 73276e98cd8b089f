import { Prisma, type Task } from '../../generated/prisma/client.ts';
import { outboxWritten, taskEventInsertSql } from '../../events/outbox.ts';
import { watchTaskSql } from '../notification.ts';
import { DEFAULT_SECTION_TITLE } from './placement.ts';

type Tx = Prisma.TransactionClient;

/** The columns of a new task that its creator chooses (the rest is known before the insert). */
export interface NewTaskFields {
  title: string;
  description: string;
  priority: Task['priority'];
  estimateMinutes: number | null;
  estimateSize: number | null;
  images: string[];
  attachments: string[];
  dueDate: Date | null;
  status: Task['status'];
  parentId: number | null;
}

/** A task to insert: its project, its number (taken before), who creates it, and where it goes. */
export interface NewTask {
  projectId: number;
  uniqueIndex: number;
  ticketNumber: string;
  actorId: number;
  /** A live section of the project, or `backlog`: the project's `Backlog` section when it has one. */
  section: number | 'backlog';
  fields: NewTaskFields;
}

interface InsertedRow extends Task {
  sectionTitle: string;
}

/**
 * Inserts a task, its creator as watcher and its `task.created` outbox event
 * in one statement (a create's hot path: one round trip instead of four).
 * The section is looked up in the same statement; null when there is no
 * such live section (nothing is written then: the caller reports it or adds
 * the Backlog and calls again). Call after `takeTaskNumber`: the project row
 * lock it holds serialises this look-up with section deletes and with
 * another create adding a Backlog.
 */
export async function insertTask(tx: Tx, task: NewTask): Promise<{ task: Task; section: { id: number; title: string } } | null> {
  const f = task.fields;
  // Same rules as placement.ts's requireSectionOf and backlogSection.
  const which =
    task.section === 'backlog'
      ? Prisma.sql`"title" ILIKE ${DEFAULT_SECTION_TITLE}`
      : Prisma.sql`"id" = ${task.section}`;
  const now = new Date();
  const rows = await tx.$queryRaw<InsertedRow[]>`
    WITH section AS (
      SELECT "id", "title" FROM "Section"
      WHERE "projectId" = ${task.projectId} AND "deletedAt" IS NULL AND ${which}
      ORDER BY "ranking", "id"
      LIMIT 1
    ), task AS (
      INSERT INTO "Task" ("projectId", "sectionId", "uniqueIndex", "title", "description", "priority", "estimateMinutes",
        "estimateSize", "images", "attachments", "dueDate", "status", "parentId", "createdById", "createdAt", "updatedAt")
      SELECT ${task.projectId}, section."id", ${task.uniqueIndex}, ${f.title}, ${f.description}, ${f.priority}::"Priority",
        ${f.estimateMinutes}::integer, ${f.estimateSize}::integer, ${f.images}::text[], ${f.attachments}::text[],
        ${f.dueDate}::timestamp(3), ${f.status}::"Status", ${f.parentId}::integer, ${task.actorId}, ${now}::timestamp(3), ${now}::timestamp(3)
      FROM section
      RETURNING *
    ), watcher AS (
      ${watchTaskSql(Prisma.sql`task."id"`, task.actorId, Prisma.sql`task`)}
    ), event AS (
      ${taskEventInsertSql(
        {
          type: 'task.created',
          task: { id: Prisma.sql`task."id"`, projectId: task.projectId, ticketNumber: task.ticketNumber },
          actorId: task.actorId,
          data: { title: f.title, priority: f.priority, status: f.status, dueDate: f.dueDate?.toISOString() ?? null },
          moreData: Prisma.sql`jsonb_build_object('section', jsonb_build_object('id', section."id", 'title', section."title"))`,
          createdAt: now,
        },
        Prisma.sql`task, section`,
      )}
    )
    SELECT task."id", task."projectId", task."sectionId", task."uniqueIndex", task."title", task."description",
      task."priority"::text AS "priority", task."estimateMinutes", task."estimateSize", task."images", task."attachments",
      task."dueDate", task."status"::text AS "status", task."position", task."parentId", task."createdById",
      task."createdAt", task."updatedAt", section."title" AS "sectionTitle"
    FROM task, section`;
  if (!rows.length) return null;
  outboxWritten();
  const { sectionTitle, ...created } = rows[0];
  return { task: created, section: { id: created.sectionId, title: sectionTitle } };
}
