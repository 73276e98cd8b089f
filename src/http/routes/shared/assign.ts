import { z } from 'zod';
import { bodyId } from '../../query-params.ts';
import { graphql } from '../../gql/index.ts';
import type { AssignMutation } from '../../gql/graphql.ts';
import type { toTaskRef } from './task-ref.ts';

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
export type AssignBody = z.output<z.ZodObject<typeof assignFields>>;

/** Exactly one form: one id to toggle, or lists with `mode: multiple`. */
export function checkAssignForm(b: AssignBody, ctx: z.RefinementCtx) {
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
