import { inVisibleProject } from '../../domain/access.ts';
import { resolveTaskRef } from '../../domain/task/task-ref.ts';
import { countTasks, taskListQuery, TASK_LIST_LIMITS, TASK_SEARCH_MAX } from '../../domain/task/list.ts';
import { ticketNumberOf } from '../../domain/task/ticket-number.ts';
import { builder } from '../builder.ts';
import { ContentTypeEnum } from './content-type.ts';
import { foundOrNull } from '../lookup.ts';
import { ASSIGNEE_KIND, enumValues, PRIORITY } from '../enum-names.ts';
import { connectionType } from '../connection.ts';
import { loadPage, pageArgs, pageType } from '../page.ts';
import { resolvePrismaConnection } from '../prisma-connection.ts';
import { viewerOf } from '../viewer.ts';
import { LabelType } from './label.ts';
import { StatusEnum } from './project.ts';
import { TaskRefInput } from './task-ref.ts';
import { UserType } from './user.ts';
import { OPTIONAL_INT_COLUMNS, type OptionalTaskColumn, TASK_FIELD_DESCRIPTIONS as D } from '../../domain/task/fields.ts';
import { descriptionSource } from '../../domain/task/description-source.ts';

/** What GraphQL adds to an optional column's description: the tool API's other name for it. */
const GRAPHQL_NOTES: Partial<Record<OptionalTaskColumn, string>> = { estimateMinutes: " The tool API's `estimate`." };

/** Task priority; a task without priority has `priority: null`. */
export const PriorityEnum = builder.enumType('Priority', {
  description:
    'Task priority. No priority is `null`. The team board manifest numbers map onto it: 0 none, 1 urgent, 2 high, 3 medium, 4 low.',
  values: enumValues(PRIORITY, {
    urgent: 'Urgent (manifest code 1).',
    high: 'High (manifest code 2).',
    medium: 'Medium (manifest code 3).',
    low: 'Low (manifest code 4).',
  }),
});

/** Whether an assignee is a person or an agent. */
export const AssigneeKindEnum = builder.enumType('AssigneeKind', {
  description: 'What kind of identity an assignee is.',
  values: enumValues(ASSIGNEE_KIND, { user: 'A user (numeric id).', agent: 'An agent of a team (UUID).' }),
});

/** One assignment of a task: a user or an agent. */
export const AssigneeType = builder.prismaObject('TaskAssignee', {
  name: 'Assignee',
  description: 'Someone assigned to a task: a user or an agent (exactly one of `userId`, `agentId` is set).',
  fields: (t) => ({
    id: t.string({
      description: 'The user id (as a string) or the agent UUID.',
      select: { userId: true, agentId: true },
      resolve: (a) => (a.userId != null ? String(a.userId) : String(a.agentId)),
    }),
    kind: t.field({
      type: AssigneeKindEnum,
      description: '`user` or `agent`.',
      select: { userId: true },
      resolve: (a) => (a.userId != null ? 'user' : 'agent'),
    }),
    userId: t.exposeInt('userId', { nullable: true, description: 'Numeric user id, for user assignees.' }),
    agentId: t.exposeString('agentId', { nullable: true, description: 'Agent UUID, for agent assignees.' }),
    displayName: t.string({
      description: 'Name of the user or agent.',
      select: { user: { select: { displayName: true } }, agent: { select: { displayName: true } } },
      resolve: (a) => a.user?.displayName ?? a.agent?.displayName ?? '',
    }),
    user: t.relation('user', { nullable: true, description: 'The user, for user assignees.' }),
    agent: t.relation('agent', { nullable: true, description: 'The agent, for agent assignees.' }),
  }),
});

/** A task (spec 2.4). */
export const TaskType = builder.prismaNode('Task', {
  id: { field: 'id' },
  description: 'A task: a card in one section (column) of one project (board).',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Internal task id.' }),
    uniqueIndex: t.exposeInt('uniqueIndex', {
      description: 'Number of the task within its project (the `12` of `ABC-12`).',
    }),
    ticketNumber: t.string({
      description:
        'Ticket number: project prefix, hyphen, unique index (`ABC-12`). Changes when the task moves to another project.',
      select: { uniqueIndex: true, project: { select: { ticketPrefix: true } } },
      resolve: (task) => ticketNumberOf(task.project.ticketPrefix, task.uniqueIndex),
    }),
    title: t.exposeString('title', { description: D.title }),
    description: t.exposeString('description', { description: `${D.description} See \`descriptionSource\` to edit it.` }),
    descriptionSource: t.string({
      description:
        'The description as it was written, for editing: the markdown when it was written as markdown ' +
        '(`descriptionContentType` `MARKDOWN`; also an empty description), else the sanitised HTML itself (`HTML`). Saving it unchanged with ' +
        'its content type gives the same `description`.',
      select: { description: true, descriptionMarkdown: true },
      resolve: (task) => descriptionSource(task).text,
    }),
    descriptionContentType: t.field({
      type: ContentTypeEnum,
      description: 'The content type of `descriptionSource`: `MARKDOWN` or `HTML` (send it back as `contentType`).',
      select: { description: true, descriptionMarkdown: true },
      resolve: (task) => descriptionSource(task).contentType,
    }),
    priority: t.expose('priority', { type: PriorityEnum, nullable: true, description: D.priority }),
    status: t.expose('status', { type: StatusEnum, description: `${D.status} \`NORMAL\`, \`ARCHIVE\` or \`DELETED\`.` }),
    projectId: t.exposeInt('projectId', { description: 'Project (board) id.' }),
    sectionId: t.exposeInt('sectionId', { description: 'Section (column) id.' }),
    position: t.exposeString('position', {
      nullable: true,
      description:
        'Order within the section: tasks sort by `position` ascending (compare as bytes), then tasks with a null ' +
        'position (never placed by hand) by `id` ascending. Set by `placeTask`; cleared when the task changes section otherwise.',
    }),
    section: t.relation('section', { description: 'The section (column) the task is in.' }),
    project: t.relation('project', { description: 'The project (board) of the task.' }),
    assignees: t.relation('assignees', {
      description: 'Users and agents assigned, in assignment order (not paged: a task has few).',
      query: { orderBy: { id: 'asc' } },
    }),
    labels: t.field({
      type: [LabelType],
      description: 'Labels of the task, by name.',
      select: (_args, _ctx, nested) => ({
        labels: { select: { label: nested(true) }, orderBy: { label: { name: 'asc' } } },
      }),
      resolve: (task) => task.labels.map((l) => l.label),
    }),
    // The optional integer columns (estimateMinutes, estimateSize, …), one field each.
    ...Object.fromEntries(
      OPTIONAL_INT_COLUMNS.map((k) => [
        k,
        t.exposeInt(k as 'estimateMinutes', { nullable: true, description: `${D[k]}${GRAPHQL_NOTES[k] ?? ''}` }),
      ]),
    ),
    images: t.exposeStringList('images', { description: D.images }),
    attachments: t.exposeStringList('attachments', { description: D.attachments }),
    dueDate: t.expose('dueDate', { type: 'DateTime', nullable: true, description: D.dueDate }),
    parentId: t.exposeInt('parentId', {
      nullable: true,
      description: 'Id of the parent task, for subtasks (always a task of the same project); null for top-level tasks.',
    }),
    parent: t.relation('parent', {
      nullable: true,
      description:
        'Parent task, for subtasks. A parent is always in the same project as its subtask (create, update and move ' +
        'keep it so), so it is visible exactly when the subtask is.',
    }),
    subtasks: t.relation('subtasks', {
      description: 'Subtasks (children), of every status, by number; only tasks of your projects.',
      query: (_args, ctx) => ({
        where: inVisibleProject(viewerOf(ctx).userId),
        orderBy: { uniqueIndex: 'asc' },
      }),
    }),
    watchers: t.field({
      type: [UserType],
      description:
        'Who watches the task and gets an inbox entry (`task_updated`) when someone else changes it: its creator, ' +
        'assignees, commenters and whoever chose to watch it (`watchTask`), in the order they started.',
      select: (_args, _ctx, nested) => ({
        watchers: { select: { user: nested(true) }, orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }] },
      }),
      resolve: (task) => task.watchers.map((w) => w.user),
    }),
    viewerIsWatching: t.boolean({
      description: 'Whether you watch the task (see `watchers`, `watchTask`, `unwatchTask`).',
      select: (_args, ctx) => ({
        watchers: { where: { userId: viewerOf(ctx).userId }, select: { userId: true } },
      }),
      resolve: (task) => task.watchers.length > 0,
    }),
    createdBy: t.relation('createdBy', { nullable: true, description: 'Creator (null once the account is gone).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Creation time.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change of a task field.' }),
    version: t.exposeInt('version', {
      description: 'Grows by one with every change of the task; `updateTask` names it as `expectedVersion` to refuse a stale write.',
    }),
    updatedBy: t.relation('updatedBy', {
      nullable: true,
      description: 'Who made the latest change (null: none since creation, or the account is gone).',
    }),
    commentCount: t.relationCount('comments', { description: 'Number of comments.' }),
  }),
});

/** A page of tasks with the total count. */
export const TaskPage = pageType('Task', TaskType, 'tasks');

/** The same list as `TaskPage`, cursor-paged. */
export const TaskConnection = connectionType('Task', TaskType, 'tasks');

/** Filters of the task list; see `tasks`. */
export const TaskFilterInput = builder.inputType('TaskFilterInput', {
  description:
    'Task list filters, combined with AND. `status` defaults to `NORMAL`. `taskId` or `ticketNumber` fetch one task ' +
    '(by the identification rules, NOT_FOUND when not visible) and ignore the other filters.',
  fields: (t) => ({
    taskId: t.int({ description: 'One task by internal id.' }),
    ticketNumber: t.string({ description: 'One task by ticket number (`ABC-12`); add `projectId` when ambiguous.' }),
    projectId: t.int({ description: 'Only tasks of this project (NOT_FOUND when not a member).' }),
    boardId: t.int({ description: 'Alias of `projectId`.' }),
    section: t.string({ description: 'Only tasks in a section with this title (case-insensitive).' }),
    assignedTo: t.string({ description: '`me`, `unassigned`, or a user id.' }),
    priority: t.field({ type: PriorityEnum, description: 'Only this priority.' }),
    status: t.field({ type: StatusEnum, description: 'Only this status (default `NORMAL`).' }),
    labels: t.stringList({ description: 'Label names: tasks having ANY of them (case-insensitive).' }),
    hasDueDate: t.boolean({ description: 'With (true) or without (false) a due date.' }),
    dueDateBefore: t.field({
      type: 'DateTime',
      description: 'Due strictly before this instant (a date alone is 00:00 UTC).',
    }),
    dueDateAfter: t.field({
      type: 'DateTime',
      description: 'Due strictly after this instant (a date alone is 00:00 UTC).',
    }),
    createdBy: t.int({ description: 'Created by this user id.' }),
    createdSince: t.field({ type: 'DateTime', description: 'Created at or after this instant.' }),
    updatedSince: t.field({ type: 'DateTime', description: 'Updated at or after this instant.' }),
    hasComments: t.boolean({ description: 'With (true) or without (false) comments.' }),
    hasAttachments: t.boolean({ description: 'With (true) or without (false) attachments.' }),
    search: t.string({ description: `Case-insensitive text in the title (max ${TASK_SEARCH_MAX} characters).` }),
    parentId: t.int({ description: 'Only the subtasks of this task (with `status`, `NORMAL` by default).' }),
  }),
});

builder.queryFields((t) => ({
  task: t.prismaField({
    type: 'Task',
    nullable: true,
    description:
      'One task, identified by exactly one form of `ref`; null when there is no such task in one of your projects ' +
      '(unknown, or another tenant’s: alike). A malformed `ref` (no form, two forms, a bad ticket number) is a ' +
      'VALIDATION error.',
    args: { ref: t.arg({ type: TaskRefInput, required: true, description: 'Which task.' }) },
    resolve: (query, _root, args, ctx) => {
      // Spread first: Pothos counts the selection as used even when there is no task to read.
      const selection = { ...query };
      return foundOrNull(async () => {
        const found = await resolveTaskRef(ctx.db, viewerOf(ctx).userId, args.ref);
        return ctx.db.task.findUniqueOrThrow({ ...selection, where: { id: found.id } });
      });
    },
  }),
  tasks: t.field({
    type: TaskPage,
    description:
      `Tasks of your projects, filtered, newest change first (updatedAt desc, then id desc), ` +
      `paged by limit (1 to ${TASK_LIST_LIMITS.maxLimit}, default ${TASK_LIST_LIMITS.defaultLimit}) and offset.`,
    args: {
      filter: t.arg({ type: TaskFilterInput, description: 'Filters (all optional).' }),
      ...pageArgs(t.arg, 'tasks', TASK_LIST_LIMITS),
    },
    resolve: async (_root, args, ctx, info) => {
      const q = await taskListQuery(
        ctx.db,
        viewerOf(ctx).userId,
        { ...(args.filter ?? {}), limit: args.limit, offset: args.offset },
        { deferProjectCheck: true },
      );
      return loadPage(ctx.db.task, q, ctx, info, () => countTasks(ctx.db, q));
    },
  }),
  tasksConnection: t.connection(
    {
      type: TaskType,
      description:
        'The `tasks` list as a Relay connection: same filters, order (updatedAt desc, then id desc) and access ' +
        'rules, paged by cursor (`first`/`after` forward, `last`/`before` backward). A cursor holds its task’s ' +
        'sort values, so paging continues in place when tasks change between pages.',
      args: { filter: t.arg({ type: TaskFilterInput, description: 'Filters (all optional), as on `tasks`.' }) },
      resolve: (_root, args, ctx, info) =>
        resolvePrismaConnection({
          ctx,
          info,
          args,
          model: 'Task',
          list: () => taskListQuery(ctx.db, viewerOf(ctx).userId, { ...(args.filter ?? {}) }),
          findMany: (q) => ctx.db.task.findMany(q),
          count: (where) => countTasks(ctx.db, { where }),
        }),
    },
    TaskConnection,
  ),
}));
