import { z } from 'zod';
import { PRIORITIES, STATUSES } from '../../../domain/task/fields.ts';
import { bodyId, qsId } from '../../query-params.ts';
import { route } from '../../route.ts';
import {
  TASK_FIELDS,
  TASK_FIELD_NAMES,
  TASK_LIST_DOCUMENT,
  type TaskNode,
  assigneeOut,
  refuseLabels,
  taskListQuery,
  taskListVariables,
  taskWriteFields,
  updateInputOf,
} from '../mcp/tasks.ts';

// REST task routes. The spec names them without shapes; they follow the
// style of the spec's REST routes: `success: true`, snake_case fields with
// `createdAt`/`updatedAt`, label ids as strings. One task object everywhere.

/** The REST task object. */
export function restTask(t: TaskNode) {
  return {
    id: t.id,
    ticket_number: t.ticketNumber,
    unique_index: t.uniqueIndex,
    title: t.title,
    description: t.description,
    priority: t.priority,
    status: t.status,
    project_id: t.projectId,
    section: { id: t.section.id, title: t.section.title },
    assignees: t.assignees.map((a) => ({ ...assigneeOut(a), kind: a.kind })),
    labels: t.labels.map((l) => ({ id: String(l.id), name: l.name })),
    estimate: t.estimateMinutes,
    estimate_size: t.estimateSize,
    due_date: t.dueDate,
    images: t.images,
    attachments: t.attachments,
    parent_id: t.parent?.id ?? null,
    created_by: t.createdBy,
    comment_count: t.commentCount,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

const restTaskSchema = z.object({
  id: z.number(),
  ticket_number: z.string(),
  unique_index: z.number(),
  title: z.string(),
  description: z.string().describe('Sanitised HTML.'),
  priority: z.enum(PRIORITIES).nullable(),
  status: z.enum(STATUSES),
  project_id: z.number(),
  section: z.object({ id: z.number(), title: z.string() }),
  assignees: z.array(
    z.object({ id: z.union([z.number(), z.string()]), displayName: z.string(), kind: z.enum(['user', 'agent']) }),
  ),
  labels: z.array(z.object({ id: z.string(), name: z.string() })),
  estimate: z.number().nullable().describe('Minutes.'),
  estimate_size: z.number().nullable().describe('Team manifest size: 0 none, 2 XS, 3 S, 4 M, 5 L, 6 XL.'),
  due_date: z.string().nullable(),
  images: z.array(z.string()),
  attachments: z.array(z.string()),
  parent_id: z.number().nullable(),
  created_by: z.object({ id: z.number(), displayName: z.string() }).nullable(),
  comment_count: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const oneTask = z.object({ success: z.literal(true), task: restTaskSchema });

/** Path of the single-task routes: digits only, so `/tasks/search` stays free for the search route. */
const taskIdParams = z.object({ id: qsId().describe('Internal task id.') });

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
    'task). Most recently updated first. `limit` 1 to 100 (default 50), `offset` default 0. ' +
    'Answer `{success, tasks, total, limit, offset}`.',
  document: TASK_LIST_DOCUMENT('RestListTasks'),
  query: taskListQuery,
  response: z.object({
    success: z.literal(true),
    tasks: z.array(restTaskSchema),
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
  }),
  toVariables: ({ query }) => taskListVariables(query),
  toBody: (data: { tasks: { total: number; limit: number; offset: number; items: TaskNode[] } }) => ({
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
  document: /* GraphQL */ `
    query RestGetTask($ref: TaskRefInput!) {
      task(ref: $ref) {
        ...RouteTask
      }
    }
    ${TASK_FIELDS}
  `,
  params: taskIdParams,
  response: oneTask,
  fieldNames: { taskId: 'id' },
  toVariables: ({ params }) => ({ ref: { taskId: params.id } }),
  toBody: (data: { task: TaskNode }) => ({ success: true, task: restTask(data.task) }),
});

/** POST /api/v1/tasks. */
export const createTaskRoute = route({
  method: 'POST',
  path: '/tasks',
  operationId: 'createTask',
  tag: 'tasks',
  summary: 'Create a task.',
  description:
    'Body: `project_id` and `title` required; `description` (HTML, or markdown with `content_type: markdown`), ' +
    '`section_id` (default: the `Backlog` section, created when missing), `priority`, `estimate` (minutes), ' +
    '`images`, `attachments`, `due_date`, `status`. Labels and assignees are set with their own operations (a ' +
    '`labels` field → 400). Answer 201 `{success, task}`.',
  document: /* GraphQL */ `
    mutation RestCreateTask($input: CreateTaskInput!) {
      createTask(input: $input) {
        ...RouteTask
      }
    }
    ${TASK_FIELDS}
  `,
  body: z.object({
    project_id: bodyId().describe('Project id, required.'),
    section_id: bodyId().nullable().optional().describe('Section of the project.'),
    ...taskWriteFields,
  }),
  status: 201,
  response: oneTask,
  fieldNames: TASK_FIELD_NAMES,
  toVariables: ({ body }) => {
    refuseLabels(body, 'POST /api/v1/tasks');
    return {
      input: {
        projectId: body.project_id,
        title: body.title,
        description: body.description,
        contentType: body.content_type,
        sectionId: body.section_id,
        priority: body.priority,
        estimateMinutes: body.estimate,
        images: body.images,
        attachments: body.attachments,
        dueDate: body.due_date,
        status: body.status,
      },
    };
  },
  toBody: (data: { createTask: TaskNode }) => ({ success: true, task: restTask(data.createTask) }),
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
    '`status`, `due_date`, `images`, `attachments`. `null` clears priority, estimate and due date. Only a real change ' +
    'sets `updatedAt`, emits `task.updated` and notifies watchers. Answer `{success, task}`.',
  document: /* GraphQL */ `
    mutation RestUpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {
      updateTask(ref: $ref, input: $input) {
        ...RouteTask
      }
    }
    ${TASK_FIELDS}
  `,
  params: taskIdParams,
  body: z.object({
    ...taskWriteFields,
    title: taskWriteFields.title.optional(),
    section_id: bodyId().optional().describe('Section of the same project.'),
  }),
  response: oneTask,
  fieldNames: { ...TASK_FIELD_NAMES, taskId: 'id' },
  toVariables: ({ params, body }) => {
    refuseLabels(body, 'PATCH /api/v1/tasks/{id}');
    return { ref: { taskId: params.id }, input: updateInputOf(body, body.section_id) };
  },
  toBody: (data: { updateTask: TaskNode }) => ({ success: true, task: restTask(data.updateTask) }),
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
  document: /* GraphQL */ `
    mutation RestMoveTask($ref: TaskRefInput!, $targetProjectId: Int!, $targetSectionId: Int) {
      moveTask(ref: $ref, targetProjectId: $targetProjectId, targetSectionId: $targetSectionId) {
        ...RouteTask
      }
    }
    ${TASK_FIELDS}
  `,
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
  toBody: (data: { moveTask: TaskNode }) => ({ success: true, task: restTask(data.moveTask) }),
});

export const taskRoutes = [listTasksRoute, getTaskRoute, createTaskRoute, updateTaskRoute, moveTaskRoute];
