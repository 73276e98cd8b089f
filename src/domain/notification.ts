import { Prisma } from '../generated/prisma/client.ts';
import { notificationEventSql, outboxWritten } from '../events/outbox.ts';
import { projectMemberSql } from './access.ts';

/** Notification `type` values (spec 2.6: `assignment`; the others are ours). */
export const NOTIFICATION_TYPES = ['assignment', 'mention', 'task_updated'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

type Tx = Prisma.TransactionClient;

/** The user watches the task from now on (idempotent). */
export async function watchTask(tx: Tx, taskId: number, userId: number): Promise<void> {
  // Raw SQL: createMany's plan (the only Prisma form of ON CONFLICT DO NOTHING)
  // is compiled on every call, and this runs on every assignment and comment.
  await tx.$executeRaw`INSERT INTO "TaskWatcher" ("taskId", "userId") VALUES (${taskId}, ${userId}) ON CONFLICT DO NOTHING`;
}

/**
 * {@link watchTask} as the body of a data-modifying CTE, for a statement
 * that makes the task too: `taskId` is SQL over `from`, its other CTEs.
 */
export function watchTaskSql(taskId: Prisma.Sql, userId: number, from: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`INSERT INTO "TaskWatcher" ("taskId", "userId") SELECT ${taskId}, ${userId} FROM ${from} ON CONFLICT DO NOTHING`;
}

async function actorName(tx: Tx, actorId: number | null): Promise<string> {
  if (actorId === null) return 'Someone';
  const actor = await tx.user.findUnique({ where: { id: actorId }, select: { displayName: true } });
  return actor?.displayName ?? 'Someone';
}

/**
 * Inbox entries for users newly assigned to a task; the actor is never
 * notified of their own action. Assignees also start watching the task.
 */
export async function notifyAssigned(
  tx: Tx,
  args: { task: { id: number; ticketNumber: string; title: string }; userIds: number[]; actorId: number | null },
): Promise<void> {
  for (const userId of args.userIds) await watchTask(tx, args.task.id, userId);
  await notifyUsers(tx, 'assignment', args, (who) => `${who} assigned you to ${args.task.ticketNumber}: ${args.task.title}`);
}

/** Inbox entries for structured mentions in a comment (never the author). */
export async function notifyMentioned(
  tx: Tx,
  args: { task: { id: number; ticketNumber: string; title: string }; userIds: number[]; actorId: number | null },
): Promise<void> {
  await notifyUsers(tx, 'mention', args, (who) => `${who} mentioned you on ${args.task.ticketNumber}: ${args.task.title}`);
}

/**
 * One inbox entry of `type` about a task for each of `userIds` (each once,
 * never the actor), and their `notification.created` event (the live inbox
 * of each recipient) in the same statement.
 */
async function notifyUsers(
  tx: Tx,
  type: 'assignment' | 'mention',
  args: { task: { id: number; ticketNumber: string }; userIds: number[]; actorId: number | null },
  message: (actorName: string) => string,
): Promise<void> {
  const recipients = [...new Set(args.userIds)].filter((id) => id !== args.actorId);
  if (!recipients.length) return;
  const text = message(await actorName(tx, args.actorId));
  await tx.$executeRaw`
    WITH n AS (
      INSERT INTO "Notification" ("userId", "type", "taskId", "actorId", "message")
      SELECT u, ${type}, ${args.task.id}, ${args.actorId}::int, ${text} FROM unnest(${recipients}::int[]) AS u
      RETURNING "userId"
    )
    ${notificationEventSql({ taskId: args.task.id, ticketNumber: args.task.ticketNumber, actorId: args.actorId, type, recipients: Prisma.sql`n` })}`;
  outboxWritten();
}

/**
 * Inbox entries for the watchers of an updated task (creator and assignees
 * watch by default), except the actor, and only those who still see the
 * task's board: a watch is a standing grant, checked when it is used (a
 * watcher who left the board, or whose task moved to a board they are not
 * on, gets nothing). `fields` names what changed.
 *
 * One statement (watchers, the actor's name and the entries together): it
 * runs on every task change, and the Prisma form (find the watchers, the
 * actor, then `createMany`) took three round trips plus a query plan
 * compiled on every call.
 */
export async function notifyWatchers(
  tx: Tx,
  args: { task: { id: number; ticketNumber: string; title: string }; actorId: number | null; fields: string[] },
): Promise<void> {
  if (!args.fields.length) return;
  const type: NotificationType = 'task_updated';
  // The entries and their `notification.created` event (the recipients' live inbox), still one statement.
  const written = await tx.$executeRaw`
    WITH n AS (
      ${watcherEntriesSql({
        task: {
          id: Prisma.sql`t.id`,
          projectId: Prisma.sql`t."projectId"`,
          ticketNumber: Prisma.sql`${args.task.ticketNumber}::text`,
          title: Prisma.sql`${args.task.title}::text`,
        },
        from: Prisma.sql`"Task" t`,
        where: Prisma.sql`t.id = ${args.task.id}::int`,
        actorId: args.actorId,
        fields: Prisma.sql`${args.fields.join(', ')}::text`,
      })}
    )
    ${notificationEventSql({ taskId: args.task.id, ticketNumber: args.task.ticketNumber, actorId: args.actorId, type, recipients: Prisma.sql`n` })}`;
  if (written > 0) outboxWritten();
}

/**
 * The inbox entries of {@link notifyWatchers} as the body of a data-modifying
 * CTE (`RETURNING "userId"`), for it and for a statement that writes the
 * change itself: the task's id, board, ticket number and (new) title are SQL
 * over `from` filtered by `where` (one row, or none: no entries); `fields`
 * is a text expression, the changed fields as people read them, comma
 * separated (empty: no entries).
 */
export function watcherEntriesSql(args: {
  task: { id: Prisma.Sql; projectId: Prisma.Sql; ticketNumber: Prisma.Sql; title: Prisma.Sql };
  from: Prisma.Sql;
  where: Prisma.Sql;
  actorId: number | null;
  fields: Prisma.Sql;
}): Prisma.Sql {
  const type: NotificationType = 'task_updated';
  const { id, projectId, ticketNumber, title } = args.task;
  return Prisma.sql`
    INSERT INTO "Notification" ("userId", "type", "taskId", "actorId", "message")
    SELECT w."userId", ${type}, ${id}, ${args.actorId}::int,
           COALESCE((SELECT u."displayName" FROM "User" u WHERE u.id = ${args.actorId}::int), 'Someone')
             || ' updated ' || ${args.fields} || ' of ' || ${ticketNumber} || ': ' || ${title}
    FROM ${args.from}
    JOIN "TaskWatcher" w ON w."taskId" = ${id}
    WHERE ${args.where} AND ${args.fields} <> '' AND w."userId" IS DISTINCT FROM ${args.actorId}::int
      AND ${projectMemberSql(projectId, Prisma.sql`w."userId"`)}
    RETURNING "userId"`;
}
