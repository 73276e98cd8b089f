import { z } from 'zod';
import { TASK_LIST_LIMITS, TASK_SEARCH_MAX } from '../../../domain/task/list.ts';
import { assignedToParam, priorityParam, sectionParam, statusParam } from './task-filter.ts';
import { qsBool, qsDate, qsId, qsInt, qsList } from '../../query-params.ts';
import { MAX_OFFSET } from '../../../domain/page.ts';
import { PRIORITY, STATUS } from '../../../graphql/enum-names.ts';

/** Query parameters of the task list (tool `GET /api/mcp/tasks` and `GET /api/v1/tasks`). */
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
  section: sectionParam(),
  assigned_to: assignedToParam(),
  priority: priorityParam(),
  status: statusParam(),
  labels: qsList().optional().describe('Comma-separated label names: tasks with ANY of them (case-insensitive).'),
  has_due_date: qsBool().optional().describe('`true`: with a due date; `false`: without.'),
  due_date_before: qsDate().optional().describe('Due strictly before (ISO 8601; a date alone is 00:00 UTC).'),
  due_date_after: qsDate().optional().describe('Due strictly after (ISO 8601; a date alone is 00:00 UTC).'),
  created_by: qsId().optional().describe('Creator user id.'),
  created_since: qsDate().optional().describe('Created at or after (ISO 8601 datetime).'),
  updated_since: qsDate().optional().describe('Updated at or after (ISO 8601 datetime).'),
  has_comments: qsBool().optional().describe('`true`: with comments; `false`: without.'),
  has_attachments: qsBool().optional().describe('`true`: with attachments; `false`: without.'),
  search: z.string().trim().max(TASK_SEARCH_MAX).optional().describe('Case-insensitive text in the title.'),
  limit: qsInt(1, TASK_LIST_LIMITS.maxLimit)
    .optional()
    .describe(`Page size, 1 to ${TASK_LIST_LIMITS.maxLimit} (default ${TASK_LIST_LIMITS.defaultLimit}).`),
  offset: qsInt(0, MAX_OFFSET).optional().describe('Tasks to skip (default 0).'),
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
      priority: PRIORITY.name(q.priority),
      status: STATUS.name(q.status),
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
