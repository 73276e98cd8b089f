import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { inTransaction } from './task/transaction.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { type Changes, type TaskEventInput, recordBoardEvent, recordTaskEvents } from '../events/outbox.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { inVisibleProject, requireProject } from './access.ts';
import { ticketNumberOf } from './task/ticket-number.ts';
import { parseInput } from './validate.ts';
import { idField, NAME_LIMITS, printedLimit } from './fields.ts';

/** Label name rule (spec 2.3a, 8): 1 to 100 characters after trimming. */
export const labelName = () => z.string().trim().min(1).max(NAME_LIMITS.labelNameMax);

/** What a stored label colour looks like: a hex colour `#rrggbb`. */
export const LABEL_COLOR_PATTERN = /^#[0-9a-f]{6}$/;

/**
 * A label's display colour: `#rrggbb` (any case; stored lower case), or null
 * for none. Only this form: a colour is drawn into the page's styles, where
 * any other CSS value (names, functions, `url(…)`) has no place.
 */
export const labelColor = () =>
  z
    .string()
    .trim()
    .max(NAME_LIMITS.labelColorMax)
    .transform((c) => c.toLowerCase())
    .pipe(z.string().regex(LABEL_COLOR_PATTERN, 'must be a hex colour #rrggbb (e.g. #d73a4a)'));

/**
 * What a public label field means, once for every transport: GraphQL's
 * Label and label inputs, the REST bodies (so OpenAPI) and the presenters
 * read this text, limits printed from NAME_LIMITS. How a transport names a
 * refusal (VALIDATION on `color`, 400) is added by each after it.
 */
export const LABEL_FIELD_DESCRIPTIONS = {
  name:
    `Label name, 1 to ${printedLimit(NAME_LIMITS.labelNameMax)} characters (trimmed on write), unique in the board ` +
    'regardless of case (a rename may change its own case).',
  color:
    'Display colour, a hex colour `#rrggbb` (any case on write, stored lower case); null when none (null in an update clears it).',
} as const;

const createLabelInput = z.object({
  projectId: idField(),
  name: labelName(),
  color: labelColor().nullish(),
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
  // Inline in a caller's transaction (a keyed request's), else a new one.
  return inTransaction(db, async (tx) => {
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

const labelIdField = idField();

/**
 * A label of one of the user's boards (and of `projectId` when given, as the
 * REST path names it), or NOT_FOUND on `labelId`.
 */
async function requireLabel(db: Pick<Db, 'label'>, userId: number, labelId: number, projectId?: number | null) {
  const id = parseInput(labelIdField, labelId, 'labelId');
  const label = await db.label.findFirst({
    where: { id, ...inVisibleProject(userId), ...(projectId != null ? { projectId } : {}) },
  });
  if (!label) throw new NotFoundError(`Label ${id}`, 'labelId');
  return label;
}

const updateLabelInput = z.object({ name: labelName().optional(), color: labelColor().nullish() });
export type UpdateLabelInput = z.input<typeof updateLabelInput>;

/**
 * Renames a label and/or changes its colour (null clears it); any member of
 * the board may. The new name follows the create rule: unique in the board
 * regardless of case (another label's name → CONFLICT on `name`); changing
 * only its case is allowed. Tasks keep the label, so they do not change; a
 * real change writes a `label.updated` board event with `{labelId, changes}`
 * (nothing changed: nothing written).
 */
export async function updateLabel(
  db: Db,
  userId: number,
  labelId: number,
  input: UpdateLabelInput,
  projectId?: number | null,
) {
  const args = parseInput(updateLabelInput, input);
  const label = await requireLabel(db, userId, labelId, projectId);
  if (args.name !== undefined && args.name !== label.name) {
    const clash = await db.label.findFirst({
      where: { projectId: label.projectId, id: { not: label.id }, name: { equals: args.name, mode: 'insensitive' } },
      select: { id: true },
    });
    if (clash) throw duplicateLabelError(args.name);
  }
  const changes: Changes = {};
  if (args.name !== undefined && args.name !== label.name) changes.name = { from: label.name, to: args.name };
  if (args.color !== undefined && args.color !== label.color) changes.color = { from: label.color, to: args.color };
  if (Object.keys(changes).length === 0) return label;
  return db
    .$transaction(async (tx) => {
      const { count } = await tx.label.updateMany({
        where: { id: label.id },
        data: { ...(changes.name ? { name: args.name } : {}), ...(changes.color ? { color: args.color } : {}) },
      });
      if (count === 0) throw new NotFoundError(`Label ${label.id}`, 'labelId');
      await recordBoardEvent(tx, {
        type: 'label.updated',
        projectId: label.projectId,
        actorId: userId,
        data: { labelId: label.id, changes },
      });
      return tx.label.findUniqueOrThrow({ where: { id: label.id } });
    })
    .catch((err: unknown) => {
      // A concurrent create or rename to the same name loses on the unique index.
      if (isUniqueViolation(err)) throw duplicateLabelError(args.name ?? label.name);
      throw err;
    });
}

/**
 * Deletes a label of a board; any member may, with a `label.deleted` board
 * event. It comes off every task that carried it: each of those tasks gets a
 * new `updatedAt` and a `task.updated` event with
 * `{changes: {labels: {from, to}}}` in the same transaction (no inbox
 * entries: one board-wide action would flood them).
 */
export async function deleteLabel(
  db: Db,
  userId: number,
  labelId: number,
  projectId?: number | null,
): Promise<{ id: number; projectId: number }> {
  return db.$transaction(async (tx) => {
    const label = await requireLabel(tx, userId, labelId, projectId);
    const tasks = await tx.task.findMany({
      where: { labels: { some: { labelId: label.id } } },
      select: {
        id: true,
        uniqueIndex: true,
        project: { select: { ticketPrefix: true } },
        labels: { select: { label: { select: { id: true, name: true } } } },
      },
      orderBy: { id: 'asc' },
    });
    await tx.label.delete({ where: { id: label.id } });
    await recordBoardEvent(tx, {
      type: 'label.deleted',
      projectId: label.projectId,
      actorId: userId,
      data: { labelId: label.id, name: label.name },
    });
    if (tasks.length) {
      await tx.task.updateMany({ where: { id: { in: tasks.map((t) => t.id) } }, data: { updatedAt: new Date(), version: { increment: 1 } } });
      const byName = (a: string, b: string) => a.localeCompare(b);
      const events: TaskEventInput[] = tasks.map((t) => {
        const from = t.labels.map((l) => l.label.name).sort(byName);
        return {
          type: 'task.updated',
          task: { id: t.id, projectId: label.projectId, ticketNumber: ticketNumberOf(t.project.ticketPrefix, t.uniqueIndex) },
          actorId: userId,
          data: { changes: { labels: { from, to: from.filter((n) => n !== label.name) } } },
        };
      });
      await recordTaskEvents(tx, events);
    }
    return { id: label.id, projectId: label.projectId };
  });
}
