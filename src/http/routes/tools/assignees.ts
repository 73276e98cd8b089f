import { z } from 'zod';
import { bodyId } from '../../query-params.ts';
import { route } from '../../route.ts';
import { taskRefBody, toTaskRef } from './comments.ts';

interface AssigneeNode {
  kind: 'user' | 'agent';
  id: string;
  displayName: string;
}

/** `{id, displayName}` of spec 2.4: user ids as numbers, agent ids as their UUID strings. */
export function assigneeOut(a: AssigneeNode) {
  return { id: a.kind === 'user' ? Number(a.id) : a.id, displayName: a.displayName };
}

const agentUuid = z.string().describe('Agent UUID.');

/**
 * The assignment fields shared by the tool and REST routes: `user_id` /
 * `agent_id` toggle one assignee; `user_ids` / `agent_ids` with
 * `mode: multiple` set the assignees.
 */
export const assignFields = {
  user_id: bodyId().optional().describe('Single form: toggles this user (assigned → unassigned).'),
  agent_id: agentUuid.optional().describe('Single form: toggles this agent (an agent of the project’s team).'),
  user_ids: z.array(bodyId()).optional().describe('With `mode: multiple`: the users to be assigned (replaces the assigned users).'),
  agent_ids: z.array(agentUuid).optional().describe('With `mode: multiple`: the agents to be assigned (replaces the assigned agents).'),
  mode: z.enum(['single', 'multiple']).optional().describe('`multiple` for the list form; default `single`.'),
};

/** Exactly one form: one id to toggle, or lists with `mode: multiple`. */
export function checkAssignForm(
  b: { user_id?: number; agent_id?: string; user_ids?: number[]; agent_ids?: string[]; mode?: 'single' | 'multiple' },
  ctx: z.RefinementCtx,
) {
  const single = [b.user_id, b.agent_id].filter((v) => v !== undefined).length;
  const lists = b.user_ids !== undefined || b.agent_ids !== undefined;
  if (b.mode === 'multiple') {
    if (!lists) ctx.addIssue({ code: 'custom', path: ['user_ids'], message: 'mode multiple needs user_ids (or agent_ids).' });
    else if (single) ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'With mode multiple give user_ids, not user_id.' });
  } else if (lists) {
    ctx.addIssue({ code: 'custom', path: ['mode'], message: 'user_ids and agent_ids need mode: "multiple".' });
  } else if (single !== 1) {
    ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'Give exactly one of user_id or agent_id (or user_ids with mode multiple).' });
  }
}

/** The tool route's body: task identification plus the assignment fields. */
export const assignBody = z.object({ ...taskRefBody, ...assignFields }).superRefine(checkAssignForm);
export type AssignBody = z.output<z.ZodObject<typeof assignFields>>;

/**
 * One GraphQL document for both forms: the route table holds one document
 * per route, so the two mutations are combined with `@include`.
 */
export const ASSIGN_ROUTE_DOCUMENT = /* GraphQL */ `
  mutation Assign($ref: TaskRefInput!, $multiple: Boolean!, $single: Boolean!, $userId: Int, $agentId: String, $userIds: [Int!], $agentIds: [String!]) {
    toggled: assignUser(ref: $ref, userId: $userId, agentId: $agentId) @include(if: $single) { kind id displayName }
    set: setAssignees(ref: $ref, userIds: $userIds, agentIds: $agentIds) @include(if: $multiple) { kind id displayName }
  }
`;

/** GraphQL variables of the combined assignment document. */
export function assignVariables(ref: Partial<ReturnType<typeof toTaskRef>>, b: AssignBody) {
  const multiple = b.mode === 'multiple';
  return {
    ref,
    multiple,
    single: !multiple,
    userId: b.user_id ?? null,
    agentId: b.agent_id ?? null,
    userIds: b.user_ids ?? null,
    agentIds: b.agent_ids ?? null,
  };
}

/** The assignees of the answer, whichever form ran. */
export function assigneesOf(data: { toggled?: AssigneeNode[]; set?: AssigneeNode[] }): AssigneeNode[] {
  return data.toggled ?? data.set ?? [];
}

/** tasksvc_assign_user: POST /assignees/assign. */
export const assignRoute = route({
  method: 'POST',
  path: '/assignees/assign',
  operationId: 'tasksvc_assign_user',
  tag: 'tools',
  summary: 'Assigns users (or agents) to a task; assigning an assigned user unassigns them.',
  description:
    'Single form: `user_id` toggles that user (spec 4.1 rule 1: an assigned user is unassigned). Multiple form: ' +
    '`mode: "multiple"` with `user_ids` makes exactly those users the assignees (agents stay unless `agent_ids` is ' +
    'given too). `agent_id` / `agent_ids` do the same for agents of the project’s team. Users must be project ' +
    'members (else 400 naming the field). Returns every assignee afterwards: users with numeric ids, agents with ' +
    'UUIDs, in assignment order.',
  document: ASSIGN_ROUTE_DOCUMENT,
  body: assignBody,
  response: z.object({ assignees: z.array(z.object({ id: z.union([z.number(), z.string()]), displayName: z.string() })) }),
  toVariables: ({ body }) => assignVariables(toTaskRef(body), body),
  toBody: (data: { toggled?: AssigneeNode[]; set?: AssigneeNode[] }) => ({ assignees: assigneesOf(data).map(assigneeOut) }),
});

export const assigneeRoutes = [assignRoute];
