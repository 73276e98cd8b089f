import { filter, pipe } from 'graphql-yoga';
import { requireProject } from '../domain/access.ts';
import type { EventMessage } from '../events/event-message.ts';
import { parseResumeCursor } from '../events/outbox-reader.ts';
import type { GraphQLContext } from './context.ts';
import { viewerOf } from './viewer.ts';

/** Membership is checked again at most this often while a subscription runs (and at once when the viewer is removed). */
export const RECHECK_ACCESS_MS = 30_000;

/** The SSE request header a reconnecting EventSource sends (the `id:` of the last event it got). */
export const LAST_EVENT_ID_HEADER = 'Last-Event-ID';

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
  const resume = ctx.lastEventId ?? after ?? null;
  const position =
    resume === null
      ? null
      : await parseResumeCursor(
          ctx.db,
          resume,
          ctx.lastEventId ? LAST_EVENT_ID_HEADER : 'after',
          ctx.services.config.EVENT_RETENTION_DAYS,
        );
  const source = await ctx.services.feed.subscribe(projectId, position);
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
