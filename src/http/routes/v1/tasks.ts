import { z } from 'zod';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import { TASK_LIMITS } from '../../../domain/task/fields.ts';
import { oneTask, restTask, restTaskSchema } from '../../presenters/task.ts';
import { bodyId, bodyIdList, qsId } from '../../query-params.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { TASK_FIELD_NAMES, createInputOf, restOnlyTaskWriteFields, taskWriteFields, updateInputOf } from '../shared/task-input.ts';
import { taskListQuery, taskListVariables } from '../shared/task-list.ts';
import { taskIdParams } from '../shared/task-ref.ts';
import { TASK_LIST_LIMITS } from '../../../domain/task/list.ts';
import { found } from '../shared/found.ts';

// REST task routes. The spec names them without shapes; they follow the
// style of the spec's REST routes: `success: true`, snake_case fields with
// `createdAt`/`updatedAt`, label ids as strings. One task object everywhere
// (the presenter's `restTask`).

/** Body fields of REST task writes: the tool ones, with labels by id and the parent. */
const restWriteFields = {
  ...taskWriteFields,
  ...restOnlyTaskWriteFields,
  labels: z.unknown().optional().describe('Not accepted (label names): give `label_ids`.'),
  label_ids: bodyIdList(TASK_LIMITS.labelsMax)
    .nullable()
    .optional()
    .describe('Ids of labels of the task’s project (numbers or strings of digits); on update, replaces the labels.'),
};

/** Label names are refused by name: a REST body gives label ids. */
function refuseLabelNames(body: { labels?: unknown }) {
  if (body.labels !== undefined) {
    throw new ValidationError('labels', 'labels (names) are not accepted here: give label_ids, the ids of labels of the board.', 'not_supported');
  }
}

/** GET /api/v1/tasks. */
export const listTasksRoute = route({
  method: 'GET',
  path: '/tasks',
  operationId: 'listTasks',
  tag: 'tasks',
  summary: 'List tasks of your projects.',
  description:
    'The filters of the tool list (`project_id`/`board_id`, `section`, `assigned_to`, `priority`, `status` (default ' +
    '`Normal`), `labels` (ANY of the names), `has_due_date`, `due_date_before`, `due_date_after`, `created_by`, ' +
    '`created_since`, `updated_since`, `has_comments`, `has_attachments`, `search`; `task_id`/`ticket_number` fetch one ' +
    'task), and `parent_id` (the subtasks of that task). Most recently updated first. ' +
    `\`limit\` 1 to ${TASK_LIST_LIMITS.maxLimit} (default ${TASK_LIST_LIMITS.defaultLimit}), \`offset\` default 0. ` +
    'Answer `{success, tasks, total, limit, offset}`.',
  document: graphql(`
    query RestListTasks($filter: TaskFilterInput, $limit: Int, $offset: Int) {
      tasks(filter: $filter, limit: $limit, offset: $offset) {
        total
        limit
        offset
        items { ...RestTaskFields }
      }
    }
  `),
  query: taskListQuery.extend({ parent_id: qsId().optional().describe('Only the subtasks of this task.') }),
  response: z.object({
    success: z.literal(true),
    tasks: z.array(restTaskSchema),
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
  }),
  toVariables: ({ query }) => {
    const variables = taskListVariables(query);
    return { ...variables, filter: { ...variables.filter, parentId: query.parent_id } };
  },
  toBody: (data) => ({
    success: true,
    tasks: data.tasks.items.map(restTask),
    total: data.tasks.total,
    limit: data.tasks.limit,
    offset: data.tasks.offset,
  }),
});

/** GET /api/v1/tasks/{id}. */
export const getTaskRoute = route({
  method: 'GET',
  path: '/tasks/:id{[0-9]+}',
  operationId: 'getTask',
  tag: 'tasks',
  summary: 'One task by id.',
  description: 'Answer `{success, task}`; 404 when the task is not in one of your projects.',
  document: graphql(`
    query RestGetTask($ref: TaskRefInput!) {
      task(ref: $ref) { ...RestTaskFields }
    }
  `),
  params: taskIdParams,
  response: oneTask,
  fieldNames: { taskId: 'id' },
  toVariables: ({ params }) => ({ ref: { taskId: params.id } }),
  toBody: (data, { params }) => ({ success: true, task: restTask(found(data.task, () => new NotFoundError(`Task ${params.id}`, 'taskId'))) }),
  // A task that is not there has no version: its answer is the 404 of toBody.
  etagVersion: (data) => data.task?.version ?? 0,
});

/** POST /api/v1/tasks. */
export const createTaskRoute = route({
  method: 'POST',
  path: '/tasks',
  operationId: 'createTask',
  idempotent: true,
  tag: 'tasks',
  summary: 'Create a task.',
  description:
    'Body: `project_id` and `title` required; `description` (HTML, or markdown with `content_type: markdown`), ' +
    '`section_id` (default: the `Backlog` section, created when missing), `priority`, `estimate` (minutes), ' +
    '`images`, `attachments`, `due_date`, `status`, `label_ids` (labels of the project, by id), `parent_id` (a task ' +
    'of the same project: the new task is its subtask). Assignees are set with the assign route; label names ' +
    '(`labels`) → 400. Answer 201 `{success, task}`.',
  document: graphql(`
    mutation RestCreateTask($input: CreateTaskInput!) {
      createTask(input: $input) { ...RestTaskFields }
    }
  `),
  body: z.object({
    project_id: bodyId().describe('Project id, required.'),
    section_id: bodyId().nullable().optional().describe('Section of the project.'),
    parent_id: bodyId().nullable().optional().describe('Parent task (same project): the new task is its subtask.'),
    ...restWriteFields,
  }),
  status: 201,
  response: oneTask,
  fieldNames: TASK_FIELD_NAMES,
  toVariables: ({ body }) => {
    refuseLabelNames(body);
    return { input: { ...createInputOf(body), labelIds: body.label_ids, parentId: body.parent_id } };
  },
  toBody: (data) => ({ success: true, task: restTask(data.createTask) }),
});

/** PATCH /api/v1/tasks/{id}. */
export const updateTaskRoute = route({
  method: 'PATCH',
  path: '/tasks/:id{[0-9]+}',
  operationId: 'updateTask',
  tag: 'tasks',
  summary: 'Update a task.',
  description:
    'Any of `title`, `description` (+ `content_type`), `priority`, `estimate` (minutes), `section_id` (same project), ' +
    '`status`, `due_date`, `images`, `attachments`, `label_ids` (replaces the labels; `[]` removes them all), ' +
    '`parent_id` (a task of the same project, not the task or one of its subtasks; null: top-level). `null` clears ' +
    'priority, estimate and due date. Only a real change sets `updatedAt`, emits `task.updated` and notifies ' +
    'watchers. Answer `{success, task}` with the new `ETag`. Lost-update protection: send `If-Match` with the `ETag` of ' +
    'the version you edited (from `GET /api/v1/tasks/{id}` or an earlier update); when the task has changed since, ' +
    'nothing is written and the answer is 412 PRECONDITION_FAILED (`details.code: stale_version`). Without `If-Match` ' +
    'the last write wins.',
  document: graphql(`
    mutation RestUpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {
      updateTask(ref: $ref, input: $input) { ...RestTaskFields }
    }
  `),
  params: taskIdParams,
  body: z.object({
    ...restWriteFields,
    title: taskWriteFields.title.optional(),
    section_id: bodyId().optional().describe('Section of the same project.'),
    parent_id: bodyId().nullable().optional().describe('Parent task of the same project; null: a top-level task.'),
  }),
  response: oneTask,
  fieldNames: { ...TASK_FIELD_NAMES, taskId: 'id' },
  toVariables: ({ params, body, ifMatch }) => {
    refuseLabelNames(body);
    const input: Record<string, unknown> = updateInputOf(body, body.section_id);
    if (body.label_ids !== undefined) input.labelIds = body.label_ids;
    if (body.parent_id !== undefined) input.parentId = body.parent_id;
    if (ifMatch !== undefined) input.expectedVersion = ifMatch;
    return { ref: { taskId: params.id }, input };
  },
  toBody: (data) => ({ success: true, task: restTask(data.updateTask) }),
  etagVersion: (data) => data.updateTask.version,
  ifMatch: true,
  errors: ['PRECONDITION_FAILED'],
});

/** POST /api/v1/tasks/{id}/move. */
export const moveTaskRoute = route({
  method: 'POST',
  path: '/tasks/:id{[0-9]+}/move',
  operationId: 'moveTask',
  tag: 'tasks',
  summary: 'Move a task to another project.',
  description:
    'Body `target_project_id` (required; a project you are a member of) and `target_section_id` (optional; default the ' +
    "target's first section). The task gets a new `unique_index` and `ticket_number` from the target; labels of the old " +
    'project are dropped, as are assignees and watchers who are not members of the target. Answer `{success, task}`.',
  document: graphql(`
    mutation RestMoveTask($ref: TaskRefInput!, $targetProjectId: Int!, $targetSectionId: Int) {
      moveTask(ref: $ref, targetProjectId: $targetProjectId, targetSectionId: $targetSectionId) { ...RestTaskFields }
    }
  `),
  params: taskIdParams,
  body: z.object({
    target_project_id: bodyId().describe('Project to move to.'),
    target_section_id: bodyId().optional().describe('Section of the target project.'),
  }),
  response: oneTask,
  fieldNames: { taskId: 'id' },
  toVariables: ({ params, body }) => ({
    ref: { taskId: params.id },
    targetProjectId: body.target_project_id,
    targetSectionId: body.target_section_id,
  }),
  toBody: (data) => ({ success: true, task: restTask(data.moveTask) }),
});

/** DELETE /api/v1/tasks/{id}. */
export const deleteTaskRoute = route({
  method: 'DELETE',
  path: '/tasks/:id{[0-9]+}',
  operationId: 'deleteTask',
  errors: ['FORBIDDEN'],
  tag: 'tasks',
  summary: 'Delete a task for good.',
  description:
    'A hard delete, unlike `status: Deleted` (which hides the task from default lists and can be undone): its ' +
    'comments, labels, assignments, watchers and inbox entries go with it; its subtasks stay as top-level tasks; its ' +
    'ticket number is not reused. Allowed to the task’s creator, the board’s creator and owners of the board’s team; ' +
    'another member → 403 (`forbidden`). Emits `task.updated` with `{deleted: true}`. Answer ' +
    '`{success, id, ticket_number, message}`.',
  document: graphql(`
    mutation RestDeleteTask($ref: TaskRefInput!) {
      deleteTask(ref: $ref) {
        id
        ticketNumber
      }
    }
  `),
  params: taskIdParams,
  response: z.object({ success: z.literal(true), id: z.number(), ticket_number: z.string(), message: z.string() }),
  fieldNames: { taskId: 'id' },
  toVariables: ({ params }) => ({ ref: { taskId: params.id } }),
  toBody: (data) => ({
    success: true,
    id: data.deleteTask.id,
    ticket_number: data.deleteTask.ticketNumber,
    message: `Task ${data.deleteTask.ticketNumber} deleted`,
  }),
});

export const taskRoutes = [
  listTasksRoute,
  getTaskRoute,
  createTaskRoute,
  updateTaskRoute,
  moveTaskRoute,
  deleteTaskRoute,
];
