import type { Prisma, Section, Task } from '../../generated/prisma/client.ts';

/**
 * A task row with what a write's answer shows beside it: its section (the
 * whole row) and its project's ticket prefix. Create and update return it,
 * so a mutation can answer from the row it holds (see
 * src/graphql/row-in-hand.ts) instead of reading the task again.
 */
export type TaskInHand = Task & { section: Section; project: { ticketPrefix: string } };

/** What `include` reads a task as a {@link TaskInHand}, in the same statement. */
export const TASK_IN_HAND = {
  section: true,
  project: { select: { ticketPrefix: true } },
} as const satisfies Prisma.TaskInclude;
