import { z } from 'zod';
import { assigneeOut, assigneeSchema } from '../../presenters/assignee.ts';
import { route } from '../../route.ts';
import { ASSIGN_ROUTE_DOCUMENT, assigneesOf, assignFields, assignVariables, checkAssignForm } from '../shared/assign.ts';
import { taskRefBody, toTaskRef } from '../shared/task-ref.ts';

/** The tool route's body: task identification plus the assignment fields. */
export const assignBody = z.object({ ...taskRefBody, ...assignFields }).superRefine(checkAssignForm);

/** tasksvc_assign_user: POST /assignees/assign. */
export const assignRoute = route({
  method: 'POST',
  path: '/assignees/assign',
  operationId: 'tasksvc_assign_user',
  tag: 'tools',
  summary: 'Assigns users (or agents) to a task; assigning an assigned user unassigns them.',
  description:
    'Single form: `user_id` toggles that user (an assigned user is unassigned). Multiple form: ' +
    '`mode: "multiple"` with `user_ids` makes exactly those users the assignees (agents stay unless `agent_ids` is ' +
    'given too). `agent_id` / `agent_ids` do the same for agents of the project’s team. Users must be project ' +
    'members (else 400 naming the field). Returns every assignee afterwards: users with numeric ids, agents with ' +
    'UUIDs, in assignment order.',
  document: ASSIGN_ROUTE_DOCUMENT,
  body: assignBody,
  response: z.object({ assignees: z.array(assigneeSchema) }),
  toVariables: ({ body }) => assignVariables(toTaskRef(body), body),
  toBody: (data) => ({ assignees: assigneesOf(data).map(assigneeOut) }),
});

export const assigneeRoutes = [assignRoute];
