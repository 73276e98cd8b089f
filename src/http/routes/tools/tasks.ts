import { z } from 'zod';
import { ValidationError } from '../../../errors.ts';
import { TASK_LIST_LIMITS } from '../../../domain/task/list.ts';
import {
  toolCreatedTask,
  toolCreatedTaskSchema,
  toolMovedTask,
  toolMovedTaskSchema,
  toolTask,
  toolTaskSchema,
  toolUpdatedTask,
  toolUpdatedTaskSchema,
} from '../../presenters/task.ts';
import { bodyId } from '../../query-params.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { TASK_FIELD_NAMES, createInputOf, refuseLabels, taskWriteFields, updateInputOf } from '../shared/task-input.ts';
import { taskListQuery, taskListVariables } from '../shared/task-list.ts';
import { taskRefBody, toTaskRef } from '../shared/task-ref.ts';

// Tool task routes (spec 4.1); every answer is shaped by the task presenter.

const createBody = z.object({
  project_id: bodyId().describe('Project (board) id, required.'),
  section_id: bodyId()
    .nullable()
    .optional()
    .describe('Section of the project; omitted → `Backlog` (created when missing).'),
  ...taskWriteFields,
});

/** tasksvc_create_task: POST /tasks/create. */
export const createTaskRoute = route({
  method: 'POST',
  path: '/tasks/create',
  operationId: 'tasksvc_create_task',
  idempotent: true,
  tag: 'tools',
  summary: 'Create a task.',
  description:
    'Without `section_id` the task goes to the section `Backlog` (added at the end of the board when missing). ' +
    '`estimate` is in minutes. `labels` are refused with 400 (set labels through GraphQL or a board manifest). The creator watches the task; ' +
    'a `task.created` event is emitted.',
  document: graphql(`
    mutation ToolCreateTask($input: CreateTaskInput!) {
      createTask(input: $input) { ...ToolCreatedTaskFields }
    }
  `),
  body: createBody,
  response: toolCreatedTaskSchema,
  fieldNames: TASK_FIELD_NAMES,
  toVariables: ({ body }) => {
    refuseLabels(body, 'POST /api/mcp/tasks/create');
    return { input: createInputOf(body) };
  },
  toBody: (data) => toolCreatedTask(data.createTask),
});

const updateBody = z.object({
  ...taskRefBody,
  ...taskWriteFields,
  title: taskWriteFields.title.optional(),
  sectionId: bodyId().optional().describe('Section of the same project (camel case, as this tool has always named it).'),
  section_id: bodyId().optional().describe('Alias of `sectionId`.'),
});

/** tasksvc_update_task: POST /tasks/update. */
export const updateTaskRoute = route({
  method: 'POST',
  path: '/tasks/update',
  operationId: 'tasksvc_update_task',
  tag: 'tools',
  summary: 'Update a task.',
  description:
    'Task identification (one form: `task_id`; `ticket_number` (+ `project_id` when ambiguous); `project_id` + ' +
    '`unique_index`) plus any of `title`, `description` (+ `content_type`), `estimate` (minutes), `priority`, ' +
    '`sectionId` (camel case; `section_id` is accepted too), `status`, `due_date`. `null` clears priority, estimate ' +
    'and due date. Only a real change sets `updatedAt`, emits `task.updated` and notifies watchers; `labels` → 400.',
  document: graphql(`
    mutation ToolUpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {
      updateTask(ref: $ref, input: $input) { ...ToolUpdatedTaskFields }
    }
  `),
  body: updateBody,
  response: toolUpdatedTaskSchema,
  fieldNames: { ...TASK_FIELD_NAMES, sectionId: 'sectionId' },
  toVariables: ({ body }) => {
    refuseLabels(body, 'POST /api/mcp/tasks/update');
    if (body.sectionId !== undefined && body.section_id !== undefined && body.sectionId !== body.section_id) {
      throw new ValidationError('sectionId', 'sectionId and section_id differ; give one.', 'conflicting_alias');
    }
    return { ref: toTaskRef(body), input: updateInputOf(body, body.sectionId ?? body.section_id) };
  },
  toBody: (data) => toolUpdatedTask(data.updateTask),
});

/** tasksvc_move_task_between_boards: POST /tasks/move. */
export const moveTaskRoute = route({
  method: 'POST',
  path: '/tasks/move',
  operationId: 'tasksvc_move_task_between_boards',
  tag: 'tools',
  summary: 'Move a task to another board.',
  description:
    'Task identification (`task_id`, `ticket_number`, or `unique_index` with `project_id` as its project context), ' +
    '`target_project_id` (a board you are a member of), optional `target_section_id` (a section of the target; default ' +
    'its first section). The task gets the next number of the target (a new `ticket_number`); its labels (of the old ' +
    'board) are dropped, as are assignees and watchers who are not members of the target.',
  document: graphql(`
    mutation ToolMoveTask($ref: TaskRefInput!, $targetProjectId: Int!, $targetSectionId: Int) {
      moveTask(ref: $ref, targetProjectId: $targetProjectId, targetSectionId: $targetSectionId) {
        ...ToolMovedTaskFields
      }
    }
  `),
  body: z.object({
    ...taskRefBody,
    target_project_id: bodyId().describe('Board to move to, required.'),
    target_section_id: bodyId().optional().describe('Section of the target board.'),
  }),
  response: toolMovedTaskSchema,
  toVariables: ({ body }) => ({
    ref: toTaskRef(body),
    targetProjectId: body.target_project_id,
    targetSectionId: body.target_section_id,
  }),
  toBody: (data) => toolMovedTask(data.moveTask),
});

/** tasksvc_list_tasks / tasksvc_get_tasks: GET /tasks. */
export const listTasksRoute = route({
  method: 'GET',
  path: '/tasks',
  operationId: 'tasksvc_list_tasks',
  tag: 'tools',
  summary: 'List tasks (also tasksvc_get_tasks: `task_id` or `ticket_number` fetch one task).',
  description:
    'Tasks of your boards, most recently updated first, `{tasks, total}`. Filters combine with AND; `status` defaults to ' +
    `\`Normal\`; \`labels\` matches ANY of the names; \`limit\` 1 to ${TASK_LIST_LIMITS.maxLimit} (default ` +
    `${TASK_LIST_LIMITS.defaultLimit}), \`offset\` default 0. With \`task_id\` or \`ticket_number\` the answer is that one ` +
    'task in the same shape (404 when it is not in one of your boards; other filters are ignored). A `project_id` or ' +
    '`board_id` you are not a member of → 404. Wrongly typed parameters → 400 naming them.',
  document: graphql(`
    query ToolListTasks($filter: TaskFilterInput, $limit: Int, $offset: Int) {
      tasks(filter: $filter, limit: $limit, offset: $offset) {
        total
        items { ...ToolTaskFields }
      }
    }
  `),
  query: taskListQuery,
  response: z.object({ tasks: z.array(toolTaskSchema), total: z.number() }),
  toVariables: ({ query }) => taskListVariables(query),
  toBody: (data) => ({
    tasks: data.tasks.items.map(toolTask),
    total: data.tasks.total,
  }),
});

export const taskRoutes = [listTasksRoute, createTaskRoute, updateTaskRoute, moveTaskRoute];
