import { z } from 'zod';

// Assignees (spec 2.4): users by numeric id, agents by UUID.

/** An assignee as GraphQL returns it (`Assignee`: kind, id as a string, displayName). */
export interface AssigneeNode {
  kind: 'user' | 'agent';
  id: string;
  displayName: string;
}

/** `{id, displayName}` of spec 2.4: user ids as numbers, agent ids as their UUID strings. */
export function assigneeOut(a: AssigneeNode) {
  return { id: a.kind === 'user' ? Number(a.id) : a.id, displayName: a.displayName };
}

/** Schema of `assigneeOut`. */
export const assigneeSchema = z.object({ id: z.union([z.number(), z.string()]), displayName: z.string() });
