import { inVisibleProject, visibleProjectsWhere } from '../../domain/access.ts';
import type { EventMessage } from '../../events/event-message.ts';
import type { BoardEventName } from '../../events/outbox.ts';
import { builder } from '../builder.ts';
import { boardEventStream } from '../live-events.ts';
import { viewerOf } from '../viewer.ts';
import { BOARD_EVENT_KIND, enumValues } from '../enum-names.ts';
import { AFTER_ARG_DESCRIPTION, DELIVERY_GUARANTEES, LiveEventInterface, visibleTask } from './live-event.ts';

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
  'One change of a board, typed by its family (TaskBoardEvent, SectionBoardEvent, LabelBoardEvent, ',
  'CommentBoardEvent, MemberBoardEvent; `event` names it), with the changed thing as you may see it now (each ',
  'with your own selection; null when it is gone or no longer visible to you). A board view stays correct with ',
  'one query and these rules: task events (`TASK_CREATED`, `TASK_UPDATED`, `TASK_ASSIGNED`): take `task`; when ',
  'it is null or its `projectId` is no longer this board (it moved away: `fromProjectId` is this board), drop the ',
  'task, else put it in place (created, updated, moved to another section, status changed, labels changed, ',
  'assigned or unassigned: `data.changes` and `data.action` say what). A task that arrives from another board ',
  '(`fromProjectId` set) brings its comments, which no event of this board lists: load them with `comments` if ',
  'the view shows them. `TASK_DELETED` (deleted for good; webhooks and `taskEvents` get it as `task.updated` with ',
  '`data.deleted`): drop `taskId`. `SECTION_CREATED` / `SECTION_UPDATED` (renamed, moved: `ranking`, shown or ',
  'hidden): take `section`. `SECTION_DELETED`: drop `sectionId`; its tasks moved to `movedToSectionId` (each also ',
  'has its task event). `LABEL_CREATED` / `LABEL_UPDATED`: take `label`; `LABEL_DELETED`: drop `labelId` from the ',
  'board and from every task. `COMMENT_CREATED` / `COMMENT_UPDATED`: take `comment` (of task `taskId`); ',
  '`COMMENT_DELETED`: drop `commentId`. `MEMBER_ADDED`: take `member`; `MEMBER_REMOVED`: drop `userId` ',
  '(assignments stay).',
].join('');

/** Event names of `boardEvents`. */
export const BoardEventKindEnum = builder.enumType('BoardEventKind', {
  description: 'The events of a board view (the outbox names them `task.created`, …; webhooks get the task ones).',
  values: enumValues(BOARD_EVENT_KIND, {
    'task.created': 'A task was created on the board (TaskBoardEvent).',
    'task.assigned': 'A task was assigned or unassigned (TaskBoardEvent, `data.action`).',
    'task.updated': 'Fields of a task changed, or it moved in or out of the board (TaskBoardEvent, `data.changes`).',
    'task.deleted': 'A task was deleted for good (TaskBoardEvent; `task` is null).',
    'section.created': 'A section was added (SectionBoardEvent).',
    'section.updated': 'A section was renamed, moved, hidden or shown (SectionBoardEvent).',
    'section.deleted': 'A section was deleted; its tasks moved to `movedToSectionId` (SectionBoardEvent).',
    'label.created': 'A label was added (LabelBoardEvent).',
    'label.updated': 'A label was renamed or recoloured (LabelBoardEvent).',
    'label.deleted': 'A label was deleted and came off every task (LabelBoardEvent).',
    'comment.created': 'A comment was added (CommentBoardEvent).',
    'comment.updated': 'A comment was edited (CommentBoardEvent).',
    'comment.deleted': 'A comment was deleted (CommentBoardEvent; `comment` is null).',
    'member.added': 'A user joined the board (MemberBoardEvent).',
    'member.removed': 'A user left the board (MemberBoardEvent; `member` is null).',
  }),
});

/** The family of a board event: the GraphQL type it is delivered as. */
const FAMILY_TYPES = {
  task: 'TaskBoardEvent',
  section: 'SectionBoardEvent',
  label: 'LabelBoardEvent',
  comment: 'CommentBoardEvent',
  member: 'MemberBoardEvent',
} as const;

/** The GraphQL type of a board event, by the family its name starts with (`section.deleted` → SectionBoardEvent). */
export function boardEventTypeName(event: EventMessage): (typeof FAMILY_TYPES)[keyof typeof FAMILY_TYPES] {
  const family = event.event.slice(0, event.event.indexOf('.')) as keyof typeof FAMILY_TYPES;
  const name = FAMILY_TYPES[family];
  // The outbox writes only the names of BOARD_EVENTS; anything else is a programming error.
  if (!name) throw new Error(`board event of no family: ${event.event}`);
  return name;
}

/** The fields every board event has: LiveEvent's and its name. */
export const BoardEventInterface = builder.interfaceRef<EventMessage>('BoardEvent').implement({
  description: BOARD_EVENT_RULES,
  interfaces: [LiveEventInterface],
  resolveType: (event) => boardEventTypeName(event),
  fields: (t) => ({
    event: t.field({
      type: BoardEventKindEnum,
      description: 'Event name; its family is the type of the event.',
      resolve: (e) => e.event as BoardEventName,
    }),
  }),
});

/** The id a board event names in its data under `key` (`sectionId`, `labelId`, …); written with every such event. */
function dataId(event: EventMessage, key: string): number {
  const value = event.data[key];
  if (typeof value !== 'number') throw new Error(`${event.event} event ${event.id} has no ${key}`);
  return value;
}

const boardEventInterfaces = [LiveEventInterface, BoardEventInterface];

builder.objectRef<EventMessage>('TaskBoardEvent').implement({
  description: 'A task of the board was created, updated, assigned or deleted (`TASK_*`).',
  interfaces: boardEventInterfaces,
  fields: (t) => ({
    taskId: t.int({ description: 'The task.', resolve: (e) => e.taskId! }),
    ticketNumber: t.string({
      description: 'Ticket number of the task when the event was written.',
      resolve: (e) => e.ticketNumber!,
    }),
    fromProjectId: t.exposeInt('fromProjectId', {
      nullable: true,
      description: 'On a `TASK_UPDATED` that moved a task between boards: the board it left (`projectId` is the new one).',
    }),
    task: t.prismaField({
      type: 'Task',
      nullable: true,
      description: 'The task as it is now; null when deleted or not visible to you.',
      resolve: (query, e, _args, ctx) => visibleTask(ctx, e.taskId, query),
    }),
  }),
});

builder.objectRef<EventMessage>('SectionBoardEvent').implement({
  description: 'A section (column) was created, changed or deleted (`SECTION_*`).',
  interfaces: boardEventInterfaces,
  fields: (t) => ({
    sectionId: t.int({ description: 'The section.', resolve: (e) => dataId(e, 'sectionId') }),
    movedToSectionId: t.int({
      nullable: true,
      description: 'On `SECTION_DELETED`: the section its tasks moved to; null for the other events.',
      resolve: (e) => (typeof e.data.movedTo === 'number' ? e.data.movedTo : null),
    }),
    section: t.prismaField({
      type: 'Section',
      nullable: true,
      description: 'The section as it is now; null once deleted.',
      resolve: (query, e, _args, ctx) =>
        ctx.db.section.findFirst({
          ...query,
          where: { id: dataId(e, 'sectionId'), deletedAt: null, ...inVisibleProject(viewerOf(ctx).userId) },
        }),
    }),
  }),
});

builder.objectRef<EventMessage>('LabelBoardEvent').implement({
  description: 'A label of the board was created, changed or deleted (`LABEL_*`).',
  interfaces: boardEventInterfaces,
  fields: (t) => ({
    labelId: t.int({ description: 'The label.', resolve: (e) => dataId(e, 'labelId') }),
    label: t.prismaField({
      type: 'Label',
      nullable: true,
      description: 'The label as it is now; null once deleted.',
      resolve: (query, e, _args, ctx) =>
        ctx.db.label.findFirst({ ...query, where: { id: dataId(e, 'labelId'), ...inVisibleProject(viewerOf(ctx).userId) } }),
    }),
  }),
});

builder.objectRef<EventMessage>('CommentBoardEvent').implement({
  description: 'A comment on a task of the board was added, edited or deleted (`COMMENT_*`).',
  interfaces: boardEventInterfaces,
  fields: (t) => ({
    commentId: t.int({ description: 'The comment.', resolve: (e) => dataId(e, 'commentId') }),
    taskId: t.int({ description: 'The task commented on.', resolve: (e) => e.taskId! }),
    comment: t.prismaField({
      type: 'Comment',
      nullable: true,
      description: 'The comment as it is now; null once deleted.',
      resolve: (query, e, _args, ctx) =>
        ctx.db.comment.findFirst({
          ...query,
          where: { id: dataId(e, 'commentId'), task: inVisibleProject(viewerOf(ctx).userId) },
        }),
    }),
    task: t.prismaField({
      type: 'Task',
      nullable: true,
      description: 'The task commented on, as it is now; null when gone or not visible to you.',
      resolve: (query, e, _args, ctx) => visibleTask(ctx, e.taskId, query),
    }),
  }),
});

builder.objectRef<EventMessage>('MemberBoardEvent').implement({
  description: 'A user joined or left the board (`MEMBER_*`).',
  interfaces: boardEventInterfaces,
  fields: (t) => ({
    userId: t.int({ description: 'The user who joined or left.', resolve: (e) => dataId(e, 'userId') }),
    member: t.prismaField({
      type: 'ProjectMember',
      nullable: true,
      description: 'The membership as it is now; null once the user left (so always for `MEMBER_REMOVED`).',
      resolve: (query, e, _args, ctx) => {
        const project = visibleProjectsWhere(viewerOf(ctx).userId);
        return ctx.db.projectMember.findFirst({
          ...query,
          where: { projectId: e.projectId, userId: dataId(e, 'userId'), project },
        });
      },
    }),
  }),
});

builder.subscriptionField('boardEvents', (t) =>
  t.field({
    type: BoardEventInterface,
    description:
      'Everything a live board view needs, in commit order: tasks created, updated (moved between sections or ' +
      'boards, status changed, labels changed), assigned, deleted; sections created, renamed, moved, hidden, ' +
      'deleted; labels created, renamed, deleted; comments added, edited, deleted; members added, removed. ' +
      `Render the board with one query, then apply these events (see BoardEvent and BoardEventKind). ` +
      'Only members may subscribe (others get NOT_FOUND). ' +
      DELIVERY_GUARANTEES,
    args: {
      projectId: t.arg.int({ required: true, description: 'Project (board) to follow.' }),
      events: t.arg({ type: [BoardEventKindEnum], description: 'Only these events; all when omitted.' }),
      after: t.arg.id({ description: AFTER_ARG_DESCRIPTION }),
    },
    subscribe: (_root, args, ctx) => {
      const wanted = args.events ? new Set<string>(args.events) : null;
      const after = args.after == null ? null : String(args.after);
      return boardEventStream(ctx, args.projectId, after, (e) => !wanted || wanted.has(asBoardEvent(e).event));
    },
    resolve: (event) => asBoardEvent(event),
  }),
);
