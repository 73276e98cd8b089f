import type { GraphQLResolveInfo } from 'graphql';
import {
  ACTIVITY_LIMITS,
  activityChanges,
  activityListQuery,
  activityListQueryOf,
} from '../../domain/task/activity.ts';
import type { ConnectionArgs } from '../connection-args.ts';
import { builder } from '../builder.ts';
import { TaskEventKindEnum } from './task-event.ts';
import type { WebhookEventName } from '../../events/outbox.ts';
import { connectionType } from '../connection.ts';
import type { GraphQLContext } from '../context.ts';
import { resolvePrismaConnection } from '../prisma-connection.ts';
import { viewerOf } from '../viewer.ts';
import { TaskType } from './task.ts';
import { TaskRefInput } from './task-ref.ts';

/** One field of a history entry. */
const TaskActivityChangeType = builder
  .objectRef<{ field: string; from: unknown; to: unknown }>('TaskActivityChange')
  .implement({
    description: 'One field a history entry changed, from → to.',
    fields: (t) => ({
      field: t.exposeString('field', {
        description:
          'The field, as in the webhook `changes`: title, description, priority, status, sectionId, dueDate, ' +
          'labels (names), parentId, projectId, estimateMinutes, estimateSize, images, attachments, or `assignees` ' +
          'for an assignment.',
      }),
      from: t.field({
        type: 'JSON',
        nullable: true,
        description: `The value before (null when none). Text is cut to ${ACTIVITY_LIMITS.valueMax} characters.`,
        resolve: (c) => c.from,
      }),
      to: t.field({
        type: 'JSON',
        nullable: true,
        description: `The value after (null when none). Text is cut to ${ACTIVITY_LIMITS.valueMax} characters.`,
        resolve: (c) => c.to,
      }),
    }),
  });

/** One entry of a task's history. */
export const TaskActivityType = builder.prismaObject('TaskActivity', {
  description:
    'One entry of a task’s history: who did what and when. Recorded with every task event (created, updated, ' +
    'assigned) in the same transaction as the change, and kept as long as the task (not purged with the live ' +
    'events after EVENT_RETENTION_DAYS).',
  fields: (t) => ({
    id: t.id({ description: 'Entry id (grows with time).', resolve: (a) => String(a.id) }),
    event: t.field({
      type: TaskEventKindEnum,
      description: 'The task event it records: `TASK_CREATED`, `TASK_UPDATED` or `TASK_ASSIGNED`.',
      resolve: (a) => a.type as WebhookEventName,
    }),
    actor: t.relation('actor', {
      nullable: true,
      description: 'Who did it; null for the service or a deleted account.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it happened.' }),
    changes: t.field({
      type: [TaskActivityChangeType],
      description:
        'What changed, one entry per field (task.updated); for task.assigned one `assignees` change (from the ' +
        'name when unassigned, to the name when assigned); empty for task.created.',
      select: { type: true, data: true },
      resolve: (a) => activityChanges(a.type, a.data),
    }),
    data: t.field({
      type: 'JSON',
      description: 'The event’s `data` as webhooks carry it (text values cut as in `changes`).',
      select: { data: true },
      resolve: (a) => a.data,
    }),
  }),
});

const TaskActivityConnection = connectionType('TaskActivity', TaskActivityType, 'history entries', 'history entry');

const SIZES = { defaultSize: ACTIVITY_LIMITS.defaultSize, maxSize: ACTIVITY_LIMITS.maxSize };
const PAGING =
  `Newest first (createdAt, then id, descending), paged by cursor: \`first\` 1 to ${ACTIVITY_LIMITS.maxSize} ` +
  `(default ${ACTIVITY_LIMITS.defaultSize}) with \`after\`, or \`last\` with \`before\`.`;

function resolveActivity(
  ctx: GraphQLContext,
  info: GraphQLResolveInfo,
  args: ConnectionArgs,
  list: () => ReturnType<typeof activityListQuery> | Promise<ReturnType<typeof activityListQuery>>,
) {
  return resolvePrismaConnection({
    ctx,
    info,
    args,
    model: 'TaskActivity',
    sizes: SIZES,
    list,
    findMany: (q) => ctx.db.taskActivity.findMany(q),
    count: (where) => ctx.db.taskActivity.count({ where }),
  });
}

builder.objectField(TaskType, 'activity', (t) =>
  t.connection(
    {
      type: TaskActivityType,
      description: `The task’s history: who changed what, from → to, and when. ${PAGING}`,
      resolve: (task, args, ctx, info) =>
        resolveActivity(ctx, info, args, () => activityListQuery(viewerOf(ctx).userId, task.id)),
    },
    TaskActivityConnection,
  ),
);

builder.queryField('taskActivity', (t) =>
  t.connection(
    {
      type: TaskActivityType,
      description: `A task’s history (the same as \`Task.activity\`; NOT_FOUND when the task is not visible). ${PAGING}`,
      args: { ref: t.arg({ type: TaskRefInput, required: true, description: 'The task.' }) },
      resolve: (_root, args, ctx, info) =>
        resolveActivity(ctx, info, args, () => activityListQueryOf(ctx.db, viewerOf(ctx).userId, args.ref)),
    },
    TaskActivityConnection,
  ),
);
