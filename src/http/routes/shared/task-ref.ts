import { z } from 'zod';
import { bodyId, qsId } from '../../query-params.ts';

// Task identification (spec 2.4), exactly one form; the domain checks the
// combination so the error names the field the same way everywhere.

/** Task identification in a query string. */
export const taskRefQuery = {
  task_id: qsId().optional().describe('Internal task id.'),
  ticket_number: z.string().max(60).optional().describe('Ticket number such as `ABC-12`.'),
  project_id: qsId().optional().describe('Project id: disambiguates `ticket_number`, or scopes `unique_index`.'),
  unique_index: qsId().optional().describe('Index of the task within its project (needs `project_id`).'),
};

/** Task identification in a JSON body. */
export const taskRefBody = {
  task_id: bodyId().optional().describe('Internal task id.'),
  ticket_number: z.string().max(60).optional().describe('Ticket number such as `ABC-12`.'),
  project_id: bodyId().optional().describe('Project id: disambiguates `ticket_number`, or scopes `unique_index`.'),
  unique_index: bodyId().optional().describe('Index of the task within its project (needs `project_id`).'),
};

/** Task identification as the routes parse it (either form). */
export interface TaskRefFields {
  task_id?: number;
  ticket_number?: string;
  project_id?: number;
  unique_index?: number;
}

/** The GraphQL `TaskRefInput` of either form. */
export function toTaskRef(r: TaskRefFields) {
  return { taskId: r.task_id, ticketNumber: r.ticket_number, projectId: r.project_id, uniqueIndex: r.unique_index };
}

/** Path of the single-task REST routes: digits only, so `/tasks/search` stays free for the search route. */
export const taskIdParams = z.object({ id: qsId().describe('Internal task id.') });
