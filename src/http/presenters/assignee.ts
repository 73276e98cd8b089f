import { z } from 'zod';
import { graphql } from '../gql/index.ts';
import type { AssigneeFieldsFragment } from '../gql/graphql.ts';

// Assignees (spec 2.4): users by numeric id, agents by UUID.

/** The GraphQL selection of an assignee (`Assignee`: kind, id as a string, displayName). */
export const ASSIGNEE_FIELDS = graphql(`
  fragment AssigneeFields on Assignee {
    kind
    id
    displayName
  }
`);

/** `{id, displayName}` of spec 2.4: user ids as numbers, agent ids as their UUID strings. */
export function assigneeOut(a: AssigneeFieldsFragment) {
  return { id: a.kind === 'USER' ? Number(a.id) : a.id, displayName: a.displayName };
}

/** Schema of `assigneeOut`. */
export const assigneeSchema = z.object({ id: z.union([z.number(), z.string()]), displayName: z.string() });
