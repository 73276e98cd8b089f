import { createTask } from '../../domain/task/create.ts';
import { type DeletedTask, deleteTask } from '../../domain/task/delete.ts';
import { changeTaskLabels } from '../../domain/task/labels.ts';
import { moveTask } from '../../domain/task/move.ts';
import { setWatching } from '../../domain/task/watch.ts';
import { type UpdateTaskInput as UpdateTaskData, updateTask } from '../../domain/task/update.ts';
import { builder } from '../builder.ts';
import { ContentTypeEnum } from './content-type.ts';
import { rowInHand } from '../row-in-hand.ts';
import { viewerOf } from '../viewer.ts';
import { StatusEnum } from './project.ts';
import { TaskRefInput } from './task-ref.ts';
import { PriorityEnum } from './task.ts';
import { OPTIONAL_INT_COLUMNS, TASK_FIELD_DESCRIPTIONS as D, TASK_LIMITS } from '../../domain/task/fields.ts';

const contentTypeDescription = `${D.contentType} Spelt \`HTML\` or \`MARKDOWN\` (see ContentType).`;
const descriptionDescription = `${D.description} Markdown with \`contentType: MARKDOWN\`.`;

/** Input of `createTask`. */
export const CreateTaskInput = builder.inputType('CreateTaskInput', {
  description:
    'A new task. Without `sectionId` it goes to the section `Backlog` (created at the end of the board when missing).',
  fields: (t) => ({
    projectId: t.int({ required: true, description: 'Project (board) id; you must be a member.' }),
    title: t.string({ required: true, description: D.title }),
    description: t.string({ description: descriptionDescription }),
    contentType: t.field({ type: ContentTypeEnum, description: contentTypeDescription }),
    sectionId: t.int({ description: 'Section of the same project.' }),
    priority: t.field({ type: PriorityEnum, description: D.priority }),
    // The optional integer columns (estimateMinutes, estimateSize, …).
    ...Object.fromEntries(OPTIONAL_INT_COLUMNS.map((k) => [k, t.int({ description: D[k] })])),
    images: t.stringList({ description: D.images }),
    attachments: t.stringList({ description: D.attachments }),
    dueDate: t.field({ type: 'DateTime', description: D.dueDate }),
    status: t.field({ type: StatusEnum, description: D.status }),
    parentId: t.int({ description: 'Parent task id (same project), to create a subtask.' }),
    labelIds: t.intList({
      description: 'Labels of the same project (GraphQL only: the tool routes do not take labels).',
    }),
    assigneeUserIds: t.intList({ description: 'Users to assign; they must be project members and are notified.' }),
  }),
});

/** Input of `updateTask`. */
export const UpdateTaskInput = builder.inputType('UpdateTaskInput', {
  description:
    'Fields to change. Omitted fields stay; null clears priority, estimates and the due date. A real change sets `updatedAt`, ' +
    'emits `task.updated` with `{changes: {field: {from, to}}}` and notifies watchers; an update that changes nothing writes nothing.',
  fields: (t) => ({
    title: t.string({ description: D.title }),
    description: t.string({ description: descriptionDescription }),
    contentType: t.field({ type: ContentTypeEnum, description: contentTypeDescription }),
    priority: t.field({ type: PriorityEnum, description: D.priority }),
    // The optional integer columns (estimateMinutes, estimateSize, …).
    ...Object.fromEntries(OPTIONAL_INT_COLUMNS.map((k) => [k, t.int({ description: D[k] })])),
    sectionId: t.int({ description: 'Section of the same project.' }),
    status: t.field({ type: StatusEnum, description: `${D.status} \`NORMAL\`, \`ARCHIVE\` or \`DELETED\`.` }),
    dueDate: t.field({ type: 'DateTime', description: D.dueDate }),
    images: t.stringList({ description: D.images }),
    attachments: t.stringList({ description: D.attachments }),
    labelIds: t.intList({
      description:
        `Replaces the labels: ids of labels of the task’s project (at most ${TASK_LIMITS.labelsMax}); \`[]\` or null removes them all. ` +
        'The change reads `labels: {from, to}` in label names. `addTaskLabels`/`removeTaskLabels` change some.',
    }),
    parentId: t.int({
      description:
        'Makes the task a subtask of this task of the same project (not the task itself nor one of its subtasks: ' +
        'VALIDATION `parent_cycle`); null makes it a top-level task.',
    }),
    expectedVersion: t.int({
      description:
        'The task’s `version` you edited (read with the task). When the task has another version now (someone changed it ' +
        'meanwhile) nothing is written: CONFLICT `stale_version`, with the task as it is now in `extensions.current` ' +
        '`{version, title, description, updatedAt, updatedBy {id, displayName}}`. Omitted: the update applies to whatever ' +
        'the task holds (last write wins).',
    }),
  }),
});

/** What is left of a deleted task. */
const DeletedTaskType = builder.objectRef<DeletedTask>('DeletedTask').implement({
  description: 'A task deleted for good: its id and last ticket number, to recognise it.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Id the task had.' }),
    projectId: t.exposeInt('projectId', { description: 'Project it was in.' }),
    ticketNumber: t.exposeString('ticketNumber', { description: 'Ticket number it had (never reused).' }),
  }),
});

builder.mutationFields((t) => ({
  createTask: t.prismaField({
    type: 'Task',
    description: 'Creates a task; its ticket number takes the next number of the project. The creator watches it.',
    args: { input: t.arg({ type: CreateTaskInput, required: true, description: 'The task.' }) },
    resolve: async (query, _root, args, ctx) => {
      const task = await createTask(ctx.db, viewerOf(ctx).userId, args.input);
      // The tool route's answer (section title, ticket number) is in hand; richer selections read the task.
      return rowInHand(query, task, ['section']) ?? ctx.db.task.findUniqueOrThrow({ ...query, where: { id: task.id } });
    },
  }),
  updateTask: t.prismaField({
    type: 'Task',
    description: 'Changes fields of a task (see UpdateTaskInput).',
    args: {
      ref: t.arg({ type: TaskRefInput, required: true, description: 'Which task.' }),
      input: t.arg({ type: UpdateTaskInput, required: true, description: 'Fields to change.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      // GraphQL lets `title: null` through; the domain's zod check refuses it naming the field.
      const task = await updateTask(ctx.db, viewerOf(ctx).userId, args.ref, args.input as UpdateTaskData);
      return rowInHand(query, task, ['section']) ?? ctx.db.task.findUniqueOrThrow({ ...query, where: { id: task.id } });
    },
  }),
  moveTask: t.prismaField({
    type: 'Task',
    description:
      'Moves a task to another of your projects: new unique index and ticket number from the target, `targetSectionId` or ' +
      "the target's first section. Labels, cross-board parent/subtask links, and assignees and watchers who are not members " +
      'of the target are dropped. Within the same project only the section changes.',
    args: {
      ref: t.arg({ type: TaskRefInput, required: true, description: 'Which task.' }),
      targetProjectId: t.arg.int({ required: true, description: 'Project to move to; you must be a member.' }),
      targetSectionId: t.arg.int({ description: 'Section of the target project (default: its first section).' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const task = await moveTask(ctx.db, viewerOf(ctx).userId, args.ref, {
        targetProjectId: args.targetProjectId,
        targetSectionId: args.targetSectionId,
      });
      return ctx.db.task.findUniqueOrThrow({ ...query, where: { id: task.id } });
    },
  }),
  deleteTask: t.field({
    type: DeletedTaskType,
    description:
      'Deletes a task for good (unlike `status: Deleted`, which hides it and can be undone): its comments, labels, ' +
      'assignments, watchers and inbox entries go with it; its subtasks stay as top-level tasks; its ticket number is ' +
      'not reused. Allowed to the task’s creator, the board’s creator and owners of the board’s team (others: ' +
      'FORBIDDEN). Emits `task.updated` with `{deleted: true}` (on `boardEvents`: `task.deleted`).',
    args: { ref: t.arg({ type: TaskRefInput, required: true, description: 'Which task.' }) },
    resolve: (_root, args, ctx) => deleteTask(ctx.db, viewerOf(ctx).userId, args.ref),
  }),
  addTaskLabels: t.prismaField({
    type: 'Task',
    description:
      'Adds labels (of the task’s project) to a task; labels it has already are left alone. A real change sets ' +
      '`updatedAt`, emits `task.updated` with `{changes: {labels: {from, to}}}` and notifies watchers.',
    args: {
      ref: t.arg({ type: TaskRefInput, required: true, description: 'Which task.' }),
      labelIds: t.arg.intList({ required: true, description: `Label ids, 1 to ${TASK_LIMITS.labelsMax}.` }),
    },
    resolve: async (query, _root, args, ctx) => {
      const task = await changeTaskLabels(ctx.db, viewerOf(ctx).userId, args.ref, 'add', { labelIds: args.labelIds });
      return ctx.db.task.findUniqueOrThrow({ ...query, where: { id: task.id } });
    },
  }),
  removeTaskLabels: t.prismaField({
    type: 'Task',
    description:
      'Takes labels (of the task’s project) off a task; labels it does not have are left alone. Same event and ' +
      'notifications as `addTaskLabels`.',
    args: {
      ref: t.arg({ type: TaskRefInput, required: true, description: 'Which task.' }),
      labelIds: t.arg.intList({ required: true, description: `Label ids, 1 to ${TASK_LIMITS.labelsMax}.` }),
    },
    resolve: async (query, _root, args, ctx) => {
      const task = await changeTaskLabels(ctx.db, viewerOf(ctx).userId, args.ref, 'remove', { labelIds: args.labelIds });
      return ctx.db.task.findUniqueOrThrow({ ...query, where: { id: task.id } });
    },
  }),
  watchTask: t.prismaField({
    type: 'Task',
    description:
      'Watch a task: you get an inbox entry (`task_updated`) whenever someone else changes it. Idempotent; the task ' +
      'does not change.',
    args: { ref: t.arg({ type: TaskRefInput, required: true, description: 'Which task.' }) },
    resolve: async (query, _root, args, ctx) => {
      const task = await setWatching(ctx.db, viewerOf(ctx).userId, args.ref, true);
      return ctx.db.task.findUniqueOrThrow({ ...query, where: { id: task.id } });
    },
  }),
  unwatchTask: t.prismaField({
    type: 'Task',
    description:
      'Stop watching a task (also one you watch as its creator, an assignee or a commenter; being assigned or ' +
      'commenting again starts it again). Idempotent.',
    args: { ref: t.arg({ type: TaskRefInput, required: true, description: 'Which task.' }) },
    resolve: async (query, _root, args, ctx) => {
      const task = await setWatching(ctx.db, viewerOf(ctx).userId, args.ref, false);
      return ctx.db.task.findUniqueOrThrow({ ...query, where: { id: task.id } });
    },
  }),
}));
