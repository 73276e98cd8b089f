import { z } from 'zod';
import { graphql } from '../gql/index.ts';
import { presenter } from '../presenter.ts';

// Assignees (spec 2.4): users by numeric id, agents by UUID.

/** `{id, displayName}` of spec 2.4 from an `Assignee` (kind, id as a string, displayName): user ids as numbers, agent ids as their UUID strings. */
export const assigneeOut = presenter(
  graphql(`
    fragment AssigneeFields on Assignee {
      kind
      id
      displayName
    }
  `),
  (f) => ({
    id: f((a) => (a.kind === 'USER' ? Number(a.id) : a.id), z.union([z.number(), z.string()])),
    displayName: f('displayName', z.string()),
  }),
);

/** Schema of `assigneeOut`. */
export const assigneeSchema = assigneeOut.schema;
