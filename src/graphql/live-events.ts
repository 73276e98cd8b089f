import { filter, pipe } from 'graphql-yoga';
import { inVisibleProject, requireProject } from '../domain/access.ts';
import type { EventMessage } from '../events/event-message.ts';
import { parseResumeCursor } from '../events/outbox-reader.ts';
import type { GraphQLContext } from './context.ts';
import { viewerOf } from './viewer.ts';

/** Membership is checked again at most this often while a subscription runs (and at once when the viewer is removed). */
export const RECHECK_ACCESS_MS = 30_000;

/** The SSE request header a reconnecting EventSource sends (the `id:` of the last event it got). */
export const LAST_EVENT_ID_HEADER = 'Last-Event-ID';

/**
 * Where a subscription resumes: after the SSE `Last-Event-ID` header when
 * sent (an EventSource reconnects with the URL it started with, so its old
 * `after`, and the id of the last event it received), else after `after`;
 * null (from now on) without either.
 */
async function resumePosition(ctx: GraphQLContext, after: string | null | undefined): Promise<bigint | null> {
  const resume = ctx.lastEventId ?? after ?? null;
  if (resume === null) return null;
  const field = ctx.lastEventId ? LAST_EVENT_ID_HEADER : 'after';
  return parseResumeCursor(ctx.db, resume, field, ctx.services.config.EVENT_RETENTION_DAYS);
}

/**
 * The live events of one board for a subscription resolver: members only
 * (NOT_FOUND otherwise), in commit order, resumed after a cursor when the
 * client gives one. The SSE `Last-Event-ID` header wins over the `after`
 * argument: an EventSource reconnects with the URL it started with (the old
 * `after`) and the id of the last event it received. `wanted` drops events
 * the subscription does not deliver (its position still counts as seen).
 * Membership is re-checked every {@link RECHECK_ACCESS_MS} and when the
 * viewer is removed from the board; a failed check ends the subscription
 * with NOT_FOUND.
 */
export async function boardEventStream(
  ctx: GraphQLContext,
  projectId: number,
  after: string | null | undefined,
  wanted: (event: EventMessage) => boolean,
): Promise<AsyncIterable<EventMessage>> {
  const { userId } = viewerOf(ctx);
  await requireProject(ctx.db, userId, projectId, 'projectId');
  const source = await ctx.services.feed.subscribe(projectId, await resumePosition(ctx, after));
  let checkedAt = Date.now();
  return pipe(
    source,
    // Synchronous unless a membership recheck is due: this runs per subscriber and event.
    filter((event: EventMessage) => {
      const removedMe = event.event === 'member.removed' && event.projectId === projectId && event.data.userId === userId;
      if (!removedMe && Date.now() - checkedAt <= RECHECK_ACCESS_MS) return wanted(event);
      return requireProject(ctx.db, userId, projectId, 'projectId').then(() => {
        checkedAt = Date.now();
        return wanted(event);
      });
    }),
  );
}

/**
 * The viewer's inbox events (`notification.created` naming them) for a
 * subscription resolver, in commit order, resumed as {@link boardEventStream}
 * is. The visibility rule is applied to each event when it is delivered, not
 * only when it was written: an event about a task the viewer can no longer
 * see (they left its board, it moved to a board they are not on) is dropped,
 * as the inbox itself hides such entries.
 */
export async function inboxEventStream(
  ctx: GraphQLContext,
  after: string | null | undefined,
): Promise<AsyncIterable<EventMessage>> {
  const { userId } = viewerOf(ctx);
  const source = await ctx.services.feed.subscribeUser(userId, await resumePosition(ctx, after));
  return pipe(
    source,
    filter(async (event: EventMessage) =>
      event.taskId === null ? false : (await ctx.db.task.count({ where: { id: event.taskId, ...inVisibleProject(userId) } })) > 0,
    ),
  );
}
