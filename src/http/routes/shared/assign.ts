import { z } from 'zod';
import { MAX_ASSIGNEES } from '../../../domain/assignee.ts';
import { bodyId } from '../../query-params.ts';
import { graphql } from '../../gql/index.ts';
import type { AssignMutation } from '../../gql/graphql.ts';
import type { toTaskRef } from './task-ref.ts';

const agentUuid = z.string().describe('Agent UUID.');

/**
 * The assignment fields shared by the tool and REST routes: `user_id` /
 * `agent_id` toggle one assignee; `user_ids` / `agent_ids` with
 * `mode: multiple` set the assignees. The lists' count (the domain's
 * MAX_ASSIGNEES, which it checks too) is also checked here: zod counts a
 * list before it parses its elements, whereas past this schema each id is
 * parsed and coerced into a GraphQL variable before the domain counts them.
 */
export const assignFields = {
  user_id: bodyId().optional().describe('Single form: toggles this user (assigned → unassigned).'),
  agent_id: agentUuid.optional().describe('Single form: toggles this agent (an agent of the project’s team).'),
  user_ids: z.array(bodyId()).max(MAX_ASSIGNEES).optional().describe('With `mode: multiple`: the users to be assigned (replaces the assigned users).'),
  agent_ids: z.array(agentUuid).max(MAX_ASSIGNEES).optional().describe('With `mode: multiple`: the agents to be assigned (replaces the assigned agents).'),
  mode: z.enum(['single', 'multiple']).optional().describe('`multiple` for the list form; default `single`.'),
};
export type AssignBody = z.output<z.ZodObject<typeof assignFields>>;

/**
 * The route's own rule: which form `mode` selects. `user_ids`/`agent_ids`
 * need `mode: multiple`, and `mode: multiple` takes no single id. What each
 * form needs (exactly one id to toggle; at least one list to set) is the
 * domain's rule (src/domain/assignee.ts), reported on the same fields.
 */
export function checkAssignForm(b: AssignBody, ctx: z.RefinementCtx) {
  const single = b.user_id !== undefined || b.agent_id !== undefined;
  const lists = b.user_ids !== undefined || b.agent_ids !== undefined;
  if (b.mode === 'multiple' && single) {
    ctx.addIssue({ code: 'custom', path: [b.user_id !== undefined ? 'user_id' : 'agent_id'], message: 'With mode multiple give user_ids or agent_ids, not a single id.' });
  } else if (b.mode !== 'multiple' && lists) {
    ctx.addIssue({ code: 'custom', path: ['mode'], message: 'user_ids and agent_ids need mode: "multiple".' });
  }
}

/**
 * One GraphQL document for both forms: the route table holds one document
 * per route, so the two mutations are combined with `@include`.
 */
export const ASSIGN_ROUTE_DOCUMENT = graphql(`
  mutation Assign(
    $ref: TaskRefInput!
    $multiple: Boolean!
    $single: Boolean!
    $userId: Int
    $agentId: String
    $userIds: [Int!]
    $agentIds: [String!]
  ) {
    toggled: assignUser(ref: $ref, userId: $userId, agentId: $agentId) @include(if: $single) { ...AssigneeFields }
    set: setAssignees(ref: $ref, userIds: $userIds, agentIds: $agentIds) @include(if: $multiple) { ...AssigneeFields }
  }
`);

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
export function assigneesOf(data: AssignMutation) {
  return data.toggled ?? data.set ?? [];
}
