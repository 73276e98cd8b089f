import { inVisibleProject } from './access.ts';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { parseInput } from './validate.ts';
import { idField } from './fields.ts';
import { PAGE_LIMITS, pageFields, pageWindow } from './page.ts';

/** Inbox paging: the common page sizes. */
export const INBOX_PAGE = PAGE_LIMITS;
/** Most ids in one archive or mark-read call. */
export const MAX_NOTIFICATION_IDS = 100;

const listInput = z.object({
  ...pageFields(INBOX_PAGE),
  unreadOnly: z.boolean().default(false),
});

/** The ids of one archive or mark-read call: 1 to MAX_NOTIFICATION_IDS. */
export const notificationIdsField = () => z.array(idField()).min(1).max(MAX_NOTIFICATION_IDS);

const idsInput = z.object({
  ids: notificationIdsField(),
});

/**
 * The filter, order and page of the user's inbox: their notifications not
 * archived, about tasks of projects they belong to (the one visibility
 * rule), newest first (optionally unread only).
 */
export function inboxQuery(userId: number, input: z.input<typeof listInput>) {
  const args = parseInput(listInput, input);
  const where: Prisma.NotificationWhereInput = {
    userId,
    archivedAt: null,
    // An entry about a task the user can no longer see (left the board, task moved away) is hidden:
    // its message, ticket number and task would tell what the board now keeps from them.
    task: inVisibleProject(userId),
    ...(args.unreadOnly ? { read: false } : {}),
  };
  return {
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] as Prisma.NotificationOrderByWithRelationInput[],
    ...pageWindow(args),
  };
}

/**
 * Archives the user's notifications among `ids` (spec 3: the response is the
 * count). Ids of other users' notifications, unknown ids and notifications
 * already archived count 0 and change nothing, so a repeat call answers 0.
 */
export async function archiveNotifications(db: Db, userId: number, ids: number[]): Promise<number> {
  const args = parseInput(idsInput, { ids });
  const result = await db.notification.updateMany({
    where: { id: { in: args.ids }, userId, archivedAt: null },
    data: { archivedAt: new Date() },
  });
  return result.count;
}

/**
 * Marks the user's notifications among `ids` read; returns how many changed
 * (already read, other users' and unknown ids count 0). Archived
 * notifications can still be marked read.
 */
export async function markNotificationsRead(db: Db, userId: number, ids: number[]): Promise<number> {
  const args = parseInput(idsInput, { ids });
  const result = await db.notification.updateMany({
    where: { id: { in: args.ids }, userId, read: false },
    data: { read: true },
  });
  return result.count;
}
