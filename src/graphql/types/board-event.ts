import { inVisibleProject, visibleProjectsWhere } from '../../domain/access.ts';
import type { EventMessage } from '../../events/event-message.ts';
import { BOARD_EVENTS, type BoardEventName } from '../../events/outbox.ts';
import { builder } from '../builder.ts';
import { boardEventStream } from '../live-events.ts';
import { viewerOf } from '../viewer.ts';
import { AFTER_ARG_DESCRIPTION, DELIVERY_GUARANTEES, LiveEventInterface, parseEventNames, visibleTask } from './live-event.ts';

/** The id an event names in its data under `key` (`sectionId`, `labelId`, …), or null. */
function subjectId(event: EventMessage, prefix: string, key: string): number | null {
  if (!event.event.startsWith(prefix)) return null;
  const value = event.data[key];
  return typeof value === 'number' ? value : null;
}

/**
 * The event as a board view sees it. A task deleted for good is written as
 * the webhook event `task.updated` with `{deleted: true}` (spec 6 has three
 * webhook events, and `taskEvents` delivers those); boards name it
 * `task.deleted`.
 */
export function asBoardEvent(event: EventMessage): EventMessage {
  return event.event === 'task.updated' && event.data.deleted === true ? { ...event, event: 'task.deleted' } : event;
}

/** How a board view applies each event; the description of `BoardEvent`. */
const BOARD_EVENT_RULES = [
  'One change of a board, with the changed thing as you may see it now (each field with your own selection; ',
  'null when it is gone or no longer visible to you). A board view stays correct with one query and these rules:',
  '`task.*` events: take `task`; when it is null or its `projectId` is no longer this board (it moved away: ',
  '`fromProjectId` is this board), drop the task, else put it in place (created, updated, moved to another ',
  'section, status changed, labels changed, assigned or unassigned: `data.changes` and `data.action` say what). ',
  'A task that arrives from another board (`fromProjectId` set) brings its comments, which no event of this board ',
  'lists: load them with `comments` if the view shows them. ',
  '`task.deleted` (deleted for good; webhooks and `taskEvents` get it as `task.updated` with `data.deleted`): drop `taskId`. ',
  '`section.created` / `section.updated` (renamed, moved: `ranking`, shown or hidden): take `section`. ',
  '`section.deleted`: drop `sectionId`; its tasks moved to `data.movedTo` (each also has its task.updated). ',
  '`label.created` / `label.updated`: take `label`; `label.deleted`: drop `labelId` from the board and from ',
  'every task. `comment.created` / `comment.updated`: take `comment` (of task `taskId`); `comment.deleted`: ',
  'drop `commentId`. `member.added`: take `member`; `member.removed`: drop `userId` (assignments stay).',
].join('');

/** A board event: a change a board view needs, typed. */
export const BoardEventType = builder.objectRef<EventMessage>('BoardEvent').implement({
  description: BOARD_EVENT_RULES,
  interfaces: [LiveEventInterface],
  fields: (t) => ({
    fromProjectId: t.exposeInt('fromProjectId', {
      nullable: true,
      description: 'On a task.updated that moved a task between boards: the board it left (`projectId` is the new one).',
    }),
    taskId: t.exposeInt('taskId', { nullable: true, description: 'The task of task.* and comment.* events.' }),
    ticketNumber: t.exposeString('ticketNumber', {
      nullable: true,
      description: 'Ticket number of that task when the event was written.',
    }),
    task: t.prismaField({
      type: 'Task',
      nullable: true,
      description: 'The task of task.* and comment.* events as it is now; null when gone or not visible to you.',
      resolve: (query, e, _args, ctx) => visibleTask(ctx, e.taskId, query),
    }),
    sectionId: t.int({
      nullable: true,
      description: 'The section of section.* events.',
      resolve: (e) => subjectId(e, 'section.', 'sectionId'),
    }),
    section: t.prismaField({
      type: 'Section',
      nullable: true,
      description: 'The section of section.* events as it is now; null once deleted.',
      resolve: (query, e, _args, ctx) => {
        const id = subjectId(e, 'section.', 'sectionId');
        const args = { ...query, where: { id: id ?? 0, deletedAt: null, ...inVisibleProject(viewerOf(ctx).userId) } };
        return id === null ? null : ctx.db.section.findFirst(args);
      },
    }),
    labelId: t.int({
      nullable: true,
      description: 'The label of label.* events.',
      resolve: (e) => subjectId(e, 'label.', 'labelId'),
    }),
    label: t.prismaField({
      type: 'Label',
      nullable: true,
      description: 'The label of label.* events as it is now; null once deleted.',
      resolve: (query, e, _args, ctx) => {
        const id = subjectId(e, 'label.', 'labelId');
        const args = { ...query, where: { id: id ?? 0, ...inVisibleProject(viewerOf(ctx).userId) } };
        return id === null ? null : ctx.db.label.findFirst(args);
      },
    }),
    commentId: t.int({
      nullable: true,
      description: 'The comment of comment.* events.',
      resolve: (e) => subjectId(e, 'comment.', 'commentId'),
    }),
    comment: t.prismaField({
      type: 'Comment',
      nullable: true,
      description: 'The comment of comment.* events as it is now; null once deleted.',
      resolve: (query, e, _args, ctx) => {
        const id = subjectId(e, 'comment.', 'commentId');
        const args = { ...query, where: { id: id ?? 0, task: inVisibleProject(viewerOf(ctx).userId) } };
        return id === null ? null : ctx.db.comment.findFirst(args);
      },
    }),
    userId: t.int({
      nullable: true,
      description: 'The user who joined or left, for member.* events.',
      resolve: (e) => subjectId(e, 'member.', 'userId'),
    }),
    member: t.prismaField({
      type: 'ProjectMember',
      nullable: true,
      description: 'The membership of member.added as it is now; null once the user left (and for member.removed).',
      resolve: (query, e, _args, ctx) => {
        const userId = subjectId(e, 'member.', 'userId');
        const project = visibleProjectsWhere(viewerOf(ctx).userId);
        const args = { ...query, where: { projectId: e.projectId, userId: userId ?? 0, project } };
        return userId === null ? null : ctx.db.projectMember.findFirst(args);
      },
    }),
  }),
});

builder.subscriptionField('boardEvents', (t) =>
  t.field({
    type: BoardEventType,
    description:
      'Everything a live board view needs, in commit order: tasks created, updated (moved between sections or ' +
      'boards, status changed, labels changed), assigned, deleted; sections created, renamed, moved, hidden, ' +
      'deleted; labels created, renamed, deleted; comments added, edited, deleted; members added, removed. ' +
      `Render the board with one query, then apply these events (see BoardEvent). Names: ${BOARD_EVENTS.join(', ')}. ` +
      'Only members may subscribe (others get NOT_FOUND). ' +
      DELIVERY_GUARANTEES,
    args: {
      projectId: t.arg.int({ required: true, description: 'Project (board) to follow.' }),
      events: t.arg.stringList({ description: 'Only these event names; all when omitted.' }),
      after: t.arg.id({ description: AFTER_ARG_DESCRIPTION }),
    },
    subscribe: (_root, args, ctx) => {
      const wanted = args.events ? new Set<string>(parseEventNames<BoardEventName>(args.events, 'events', BOARD_EVENTS)) : null;
      const after = args.after == null ? null : String(args.after);
      return boardEventStream(ctx, args.projectId, after, (e) => !wanted || wanted.has(asBoardEvent(e).event));
    },
    resolve: (event) => asBoardEvent(event),
  }),
);
