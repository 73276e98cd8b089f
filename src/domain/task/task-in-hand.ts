import { Prisma, type Section, type Task } from '../../generated/prisma/client.ts';

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

/** A section's columns as a raw-SQL write answers them beside its task: prefixed `s_` (the names collide with the task's). */
export type PrefixedSection = { [K in keyof Section as `s_${K}`]: Section[K] };

const SECTION_COLUMNS = Object.values(Prisma.SectionScalarFieldEnum) as (keyof Section)[];

/** `alias."id" AS "s_id", …`: every column of the section `alias`, for a statement that answers a task in hand. */
export function prefixedSectionSql(alias: string): Prisma.Sql {
  return Prisma.raw(SECTION_COLUMNS.map((c) => `${alias}."${c}" AS "s_${c}"`).join(', '));
}

/** Splits a row with {@link PrefixedSection} columns into its section and the rest. */
export function takeSection<R extends Record<keyof PrefixedSection, unknown>>(row: R): [Section, Omit<R, keyof PrefixedSection>] {
  const section: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith('s_')) section[key.slice(2)] = value;
    else rest[key] = value;
  }
  return [section as Section, rest as Omit<R, keyof PrefixedSection>];
}
