import { z } from 'zod';
import { qsId } from '../../query-params.ts';
import { route } from '../../route.ts';
import { ASSIGN_ROUTE_DOCUMENT, assigneesOf, assignFields, assignVariables, checkAssignForm } from '../shared/assign.ts';
import { ASSIGNEE_KIND } from '../../../graphql/enum-names.ts';

/** POST /api/v1/tasks/{id}/assignees. */
export const taskAssigneesRoute = route({
  method: 'POST',
  path: '/tasks/:id{[0-9]+}/assignees',
  operationId: 'assignTask',
  tag: 'tasks',
  summary: 'Assigns users or agents to a task (toggle one, or set the list).',
  description:
    'Same body as the tool route without task identification: `user_id` (or `agent_id`) toggles that assignee; ' +
    '`mode: "multiple"` with `user_ids` (and/or `agent_ids`) makes them exactly the assignees of that kind. Users ' +
    'must be project members, agents must belong to the project’s team. Answers every assignee afterwards, in ' +
    'assignment order: `{id, type, displayName}` with numeric user ids and agent UUIDs.',
  document: ASSIGN_ROUTE_DOCUMENT,
  params: z.object({ id: qsId() }),
  body: z.object(assignFields).superRefine(checkAssignForm),
  response: z.object({
    success: z.literal(true),
    task_id: z.number(),
    assignees: z.array(z.object({ id: z.union([z.number(), z.string()]), type: z.enum(['user', 'agent']), displayName: z.string() })),
  }),
  fieldNames: { taskId: 'id' },
  toVariables: ({ params, body }) => assignVariables({ taskId: params.id }, body),
  toBody: (data, { params }) => ({
    success: true,
    task_id: params.id,
    assignees: assigneesOf(data).map((a) => ({
      id: a.kind === 'USER' ? Number(a.id) : a.id,
      type: ASSIGNEE_KIND.spec(a.kind),
      displayName: a.displayName,
    })),
  }),
});

export const assigneeRoutes = [taskAssigneesRoute];
