import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { ConflictError } from '../errors.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { recordBoardEvent } from '../events/outbox.ts';
import { requireProject } from './access.ts';
import { parseInput } from './validate.ts';

/** Label name rule (spec 2.3a, 8): 1 to 100 characters after trimming. */
export const labelName = () => z.string().trim().min(1).max(100);

const createLabelInput = z.object({
  projectId: z.number().int().positive().max(2147483647),
  name: labelName(),
  color: z.string().trim().max(50).nullish(),
});

/** The error for a name already used on the board. */
export function duplicateLabelError(name: string, field = 'name') {
  return new ConflictError(`A label named "${name}" already exists on this board.`, field, 'duplicate');
}

/**
 * Adds a label to a board. Names are unique within the board, compared
 * without regard to case ("Bug" and "bug" are the same label, as in Linear
 * and GitHub): a duplicate is CONFLICT (409) naming `name`. Writes a
 * `label.created` board event.
 */
export async function createLabel(db: Db, userId: number, input: z.input<typeof createLabelInput>) {
  const args = parseInput(createLabelInput, input);
  await requireProject(db, userId, args.projectId, 'projectId');
  const existing = await db.label.findFirst({
    where: { projectId: args.projectId, name: { equals: args.name, mode: 'insensitive' } },
    select: { id: true },
  });
  if (existing) throw duplicateLabelError(args.name);
  return db.$transaction(async (tx) => {
    // A concurrent create of the same name loses on the unique index; skipDuplicates turns that into no row.
    const [label] = await tx.label.createManyAndReturn({
      data: [{ projectId: args.projectId, name: args.name, color: args.color ?? null }],
      skipDuplicates: true,
    });
    if (!label) throw duplicateLabelError(args.name);
    await recordBoardEvent(tx, {
      type: 'label.created',
      projectId: label.projectId,
      actorId: userId,
      data: { labelId: label.id, name: label.name, color: label.color },
    });
    return label;
  });
}

/** Filter and order of a board's labels (by name, then id); the board must be one of the user's. */
export async function labelListQuery(db: Db, userId: number, projectId: number) {
  await requireProject(db, userId, projectId, 'projectId');
  return {
    where: { projectId } as Prisma.LabelWhereInput,
    orderBy: [{ name: 'asc' }, { id: 'asc' }] as Prisma.LabelOrderByWithRelationInput[],
  };
}

/** The labels of a board by name; `query` is the caller's Prisma selection. */
export async function listLabels(
  db: Db,
  userId: number,
  projectId: number,
  query: Omit<Prisma.LabelFindManyArgs, 'where' | 'orderBy'> = {},
) {
  return db.label.findMany({ ...query, ...(await labelListQuery(db, userId, projectId)) });
}
