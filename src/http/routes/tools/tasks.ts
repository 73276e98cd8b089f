import { z } from 'zod';
import { ValidationError } from '../../../errors.ts';
import { PRIORITIES, STATUSES, TASK_LIMITS, estimateMinutesField } from '../../../domain/task/fields.ts';
import { TASK_LIST_LIMITS } from '../../../domain/task/list.ts';
import { bodyId, qsBool, qsDate, qsId, qsInt, qsList } from '../../query-params.ts';
import { route } from '../../route.ts';
import { taskRefBody, toTaskRef } from './comments.ts';

// Tool task routes (spec 4.1). Task objects follow spec 2.4: `section` is the
// section name, `assignees` are `{id, displayName}` (a user's numeric id or an
// agent's UUID), `priority` is null when the task has none.

/** A task as GraphQL returns it to the task routes (tool and REST). */
export interface TaskNode {
  id: number;
  ticketNumber: string;
  uniqueIndex: number;
  title: string;
  description: string;
  priority: string | null;
  status: string;
  projectId: number;
  section: { id: number; title: string };
  assignees: { id: string; kind: 'user' | 'agent'; displayName: string }[];
  labels: { id: number; name: string }[];
  estimateMinutes: number | null;
  estimateSize: number | null;
  images: string[];
  attachments: string[];
  dueDate: string | null;
  parentId: number | null;
  createdBy: { id: number; displayName: string } | null;
  commentCount: number;
  createdAt: string;
  updatedAt: string;
}

/** Every Task field the tool and REST task routes show. */
export const TASK_FIELDS = /* GraphQL */ `
  fragment RouteTask on Task {
    id
    ticketNumber
    uniqueIndex
    title
    description
    priority
    status
    projectId
    section {
      id
      title
    }
    assignees {
      id
      kind
      displayName
    }
    labels {
      id
      name
    }
    estimateMinutes
    estimateSize
    images
    attachments
    dueDate
    parentId
    createdBy {
      id
      displayName
    }
    commentCount
    createdAt
    updatedAt
  }
`;

/** `{id, displayName}`: users by numeric id, agents by UUID (as the assign route answers). */
export function assigneeOut(a: TaskNode['assignees'][number]) {
  return { id: a.kind === 'user' ? Number(a.id) : a.id, displayName: a.displayName };
}

/** Spec 2.4 task object. */
export function toolTask(t: TaskNode) {
  return {
    id: t.id,
    ticket_number: t.ticketNumber,
    title: t.title,
    description: t.description,
    priority: t.priority,
    section: t.section.title,
    assignees: t.assignees.map(assigneeOut),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

const assigneeSchema = z.object({ id: z.union([z.number(), z.string()]), displayName: z.string() });
const toolTaskSchema = z.object({
  id: z.number(),
  ticket_number: z.string(),
  title: z.string(),
  description: z.string().describe('HTML.'),
  priority: z.enum(PRIORITIES).nullable(),
  section: z.string().describe('Section name.'),
  assignees: z.array(assigneeSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Query parameters of the task list, shared with `GET /api/v1/tasks`. */
export const taskListQuery = z.object({
  task_id: qsId().optional().describe('Fetch this one task (other filters are then ignored).'),
  ticket_number: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .optional()
    .describe('Fetch this one task, e.g. `ABC-12` (add `project_id` when ambiguous).'),
  project_id: qsId().optional().describe('Only tasks of this project.'),
  board_id: qsId().optional().describe('Alias of `project_id`.'),
  section: z.string().trim().min(1).max(200).optional().describe('Section name (case-insensitive).'),
  assigned_to: z
    .string()
    .regex(/^(me|unassigned|[1-9]\d{0,9})$/i, 'must be me, unassigned or a user id')
    .optional()
    .describe('`me`, `unassigned`, or a user id.'),
  priority: z.enum(PRIORITIES).optional().describe('`urgent`, `high`, `medium` or `low`.'),
  status: z.enum(STATUSES).optional().describe('`Normal` (default), `Archive` or `Deleted`.'),
  labels: qsList().optional().describe('Comma-separated label names: tasks with ANY of them (case-insensitive).'),
  has_due_date: qsBool().optional().describe('`true`: with a due date; `false`: without.'),
  due_date_before: qsDate().optional().describe('Due strictly before (ISO 8601; a date alone is 00:00 UTC).'),
  due_date_after: qsDate().optional().describe('Due strictly after (ISO 8601; a date alone is 00:00 UTC).'),
  created_by: qsId().optional().describe('Creator user id.'),
  created_since: qsDate().optional().describe('Created at or after (ISO 8601 datetime).'),
  updated_since: qsDate().optional().describe('Updated at or after (ISO 8601 datetime).'),
  has_comments: qsBool().optional().describe('`true`: with comments; `false`: without.'),
  has_attachments: qsBool().optional().describe('`true`: with attachments; `false`: without.'),
  search: z.string().trim().max(200).optional().describe('Case-insensitive text in the title.'),
  limit: qsInt(1, TASK_LIST_LIMITS.maxLimit)
    .optional()
    .describe(`Page size, 1 to ${TASK_LIST_LIMITS.maxLimit} (default ${TASK_LIST_LIMITS.defaultLimit}).`),
  offset: qsInt(0, 1_000_000).optional().describe('Tasks to skip (default 0).'),
});
export type TaskListQueryParams = z.output<typeof taskListQuery>;

/** The GraphQL variables of a task list request. */
export function taskListVariables(q: TaskListQueryParams) {
  return {
    filter: {
      taskId: q.task_id,
      ticketNumber: q.ticket_number,
      projectId: q.project_id,
      boardId: q.board_id,
      section: q.section,
      assignedTo: q.assigned_to?.toLowerCase(),
      priority: q.priority,
      status: q.status,
      labels: q.labels,
      hasDueDate: q.has_due_date,
      dueDateBefore: q.due_date_before,
      dueDateAfter: q.due_date_after,
      createdBy: q.created_by,
      createdSince: q.created_since,
      updatedSince: q.updated_since,
      hasComments: q.has_comments,
      hasAttachments: q.has_attachments,
      search: q.search,
    },
    limit: q.limit ?? TASK_LIST_LIMITS.defaultLimit,
    offset: q.offset ?? 0,
  };
}

/** The task list document (tool and REST): `fragment` names the task fields, defined in `fragments`. */
export const TASK_LIST_DOCUMENT = (name: string, fragment = 'RouteTask', fragments = TASK_FIELDS) => /* GraphQL */ `
  query ${name}($filter: TaskFilterInput, $limit: Int, $offset: Int) {
    tasks(filter: $filter, limit: $limit, offset: $offset) { total limit offset items { ...${fragment} } }
  }
  ${fragments}
`;

/**
 * Spec 4.1 rule 2: labels cannot be set through these routes. Saying so is
 * kinder than dropping them silently.
 */
export function refuseLabels(body: Record<string, unknown>, where: string) {
  for (const key of ['labels', 'label_ids', 'label_names', 'labelIds']) {
    if (body[key] !== undefined) {
      throw new ValidationError(
        'labels',
        `labels cannot be set through ${where} (spec 4.1 rule 2); set them with GraphQL (createTask/updateTask labelIds) or a board manifest.`,
        'not_supported',
      );
    }
  }
}

/** Body fields of task writes, the same rules as the domain (so errors name the route's own field). */
export const taskWriteFields = {
  title: z.string().describe('1 to 500 characters (trimmed).'),
  description: z
    .string()
    .max(TASK_LIMITS.descriptionMax)
    .nullable()
    .optional()
    .describe(`HTML, or markdown with \`content_type: markdown\`; at most ${TASK_LIMITS.descriptionMax} characters.`),
  content_type: z
    .string()
    .optional()
    .describe('`html` (default) or `markdown` (GFM → HTML; spec 4.6). Anything else → 400.'),
  priority: z.enum(PRIORITIES).nullable().optional().describe('`urgent`, `high`, `medium`, `low`; null for none.'),
  estimate: estimateMinutesField().nullable().optional().describe('Estimate in minutes (0 to 525600); null clears.'),
  images: z.array(z.string()).max(TASK_LIMITS.urlsMax).nullable().optional().describe('Image URLs (http/https).'),
  attachments: z
    .array(z.string())
    .max(TASK_LIMITS.urlsMax)
    .nullable()
    .optional()
    .describe('Attachment URLs (http/https).'),
  due_date: qsDate().nullable().optional().describe('ISO 8601 date or datetime; null clears.'),
  status: z.enum(STATUSES).optional().describe('`Normal`, `Archive` or `Deleted`.'),
  labels: z.unknown().optional().describe('Not accepted: 400 (spec 4.1 rule 2).'),
  label_ids: z.unknown().optional().describe('Not accepted: 400 (spec 4.1 rule 2).'),
};

/** Field names of task write errors: the domain's `estimateMinutes` is the routes' `estimate`. */
export const TASK_FIELD_NAMES = { estimateMinutes: 'estimate' };

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
  tag: 'tools',
  summary: 'Create a task.',
  description:
    'Without `section_id` the task goes to the section `Backlog` (added at the end of the board when missing). ' +
    '`estimate` is in minutes. `labels` are refused with 400 (spec 4.1 rule 2). The creator watches the task; ' +
    'a `task.created` event is emitted.',
  document: /* GraphQL */ `
    mutation ToolCreateTask($input: CreateTaskInput!) {
      createTask(input: $input) {
        id
        ticketNumber
        title
        priority
        section {
          title
        }
        createdAt
      }
    }
  `,
  body: createBody,
  response: z.object({
    id: z.number(),
    ticket_number: z.string(),
    title: z.string(),
    priority: z.enum(PRIORITIES).nullable(),
    section: z.string(),
    createdAt: z.string(),
  }),
  fieldNames: TASK_FIELD_NAMES,
  toVariables: ({ body }) => {
    refuseLabels(body, 'POST /api/mcp/tasks/create');
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
  toBody: (data: {
    createTask: {
      id: number;
      ticketNumber: string;
      title: string;
      priority: string | null;
      section: { title: string };
      createdAt: string;
    };
  }) => ({
    id: data.createTask.id,
    ticket_number: data.createTask.ticketNumber,
    title: data.createTask.title,
    priority: data.createTask.priority,
    section: data.createTask.section.title,
    createdAt: data.createTask.createdAt,
  }),
});

const updateBody = z.object({
  ...taskRefBody,
  ...taskWriteFields,
  title: taskWriteFields.title.optional(),
  sectionId: bodyId().optional().describe('Section of the same project (camel case, as in the spec).'),
  section_id: bodyId().optional().describe('Alias of `sectionId`.'),
});

/** The `UpdateTaskInput` of a tool or REST update body (absent keys stay absent). */
export function updateInputOf(
  body: z.output<typeof updateBody> | Record<string, unknown>,
  sectionId: number | undefined,
) {
  const b = body as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  const copy = (from: string, to: string) => {
    if (b[from] !== undefined) input[to] = b[from];
  };
  copy('title', 'title');
  copy('description', 'description');
  copy('content_type', 'contentType');
  copy('priority', 'priority');
  copy('estimate', 'estimateMinutes');
  copy('images', 'images');
  copy('attachments', 'attachments');
  copy('due_date', 'dueDate');
  copy('status', 'status');
  if (sectionId !== undefined) input.sectionId = sectionId;
  return input;
}

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
  document: /* GraphQL */ `
    mutation ToolUpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {
      updateTask(ref: $ref, input: $input) {
        id
        ticketNumber
        title
        section {
          title
        }
        updatedAt
      }
    }
  `,
  body: updateBody,
  response: z.object({
    id: z.number(),
    ticket_number: z.string(),
    title: z.string(),
    section: z.string(),
    updatedAt: z.string(),
  }),
  fieldNames: { ...TASK_FIELD_NAMES, sectionId: 'sectionId' },
  toVariables: ({ body }) => {
    refuseLabels(body, 'POST /api/mcp/tasks/update');
    if (body.sectionId !== undefined && body.section_id !== undefined && body.sectionId !== body.section_id) {
      throw new ValidationError('sectionId', 'sectionId and section_id differ; give one.', 'conflicting_alias');
    }
    return { ref: toTaskRef(body), input: updateInputOf(body, body.sectionId ?? body.section_id) };
  },
  toBody: (data: {
    updateTask: { id: number; ticketNumber: string; title: string; section: { title: string }; updatedAt: string };
  }) => ({
    id: data.updateTask.id,
    ticket_number: data.updateTask.ticketNumber,
    title: data.updateTask.title,
    section: data.updateTask.section.title,
    updatedAt: data.updateTask.updatedAt,
  }),
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
  document: /* GraphQL */ `
    mutation ToolMoveTask($ref: TaskRefInput!, $targetProjectId: Int!, $targetSectionId: Int) {
      moveTask(ref: $ref, targetProjectId: $targetProjectId, targetSectionId: $targetSectionId) {
        id
        ticketNumber
        projectId
        section {
          title
        }
      }
    }
  `,
  body: z.object({
    ...taskRefBody,
    target_project_id: bodyId().describe('Board to move to, required.'),
    target_section_id: bodyId().optional().describe('Section of the target board.'),
  }),
  response: z.object({ id: z.number(), ticket_number: z.string(), project_id: z.number(), section: z.string() }),
  toVariables: ({ body }) => ({
    ref: toTaskRef(body),
    targetProjectId: body.target_project_id,
    targetSectionId: body.target_section_id,
  }),
  toBody: (data: {
    moveTask: { id: number; ticketNumber: string; projectId: number; section: { title: string } };
  }) => ({
    id: data.moveTask.id,
    ticket_number: data.moveTask.ticketNumber,
    project_id: data.moveTask.projectId,
    section: data.moveTask.section.title,
  }),
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
  document: TASK_LIST_DOCUMENT('ToolListTasks'),
  query: taskListQuery,
  response: z.object({ tasks: z.array(toolTaskSchema), total: z.number() }),
  toVariables: ({ query }) => taskListVariables(query),
  toBody: (data: { tasks: { total: number; items: TaskNode[] } }) => ({
    tasks: data.tasks.items.map(toolTask),
    total: data.tasks.total,
  }),
});

export const taskRoutes = [listTasksRoute, createTaskRoute, updateTaskRoute, moveTaskRoute];
