import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { Prisma, SavedView } from '../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { inVisibleProject, requireProject } from './access.ts';
import { parseInput } from './validate.ts';
import { idField, NAME_LIMITS } from './fields.ts';

/** Spec 3 / 4.4: how a saved view shows subtasks. */
export const SUBTASK_SETTINGS = ['None', 'Parent', 'Flattened', 'Card', 'Flattened_Card'] as const;
export type SubtaskSettingValue = (typeof SUBTASK_SETTINGS)[number];

/** Layouts a view can use (ours: the spec leaves them open). */
export const VIEW_LAYOUTS = ['board', 'list', 'table', 'calendar', 'timeline'] as const;

/** Serialised `filters` may not exceed this many characters. */
export const MAX_FILTERS_LENGTH = 10_000;

/** A view's title: 1 to NAME_LIMITS.viewTitleMax characters (trimmed). */
export const viewTitleField = () => z.string().trim().min(1).max(NAME_LIMITS.viewTitleMax);
const title = viewTitleField();
// A string refined rather than an enum: callers pass any text and get a field error.
const layout = z.string().refine((v) => (VIEW_LAYOUTS as readonly string[]).includes(v), `must be one of ${VIEW_LAYOUTS.join(', ')}`);
const filters = z
  .record(z.string(), z.unknown())
  .refine((v) => JSON.stringify(v).length <= MAX_FILTERS_LENGTH, `must serialise to at most ${MAX_FILTERS_LENGTH} characters`);

const createInput = z.object({
  projectId: idField(),
  title,
  subtaskSetting: z.enum(SUBTASK_SETTINGS).default('None'),
  layout: layout.default('board'),
  filters: filters.default({}),
});

const layoutInput = z.object({ layout: layout.nullish() });

/**
 * Refuses a layout other than the view layouts with the error the view
 * functions give (for a caller that must check it first: an enum of its own).
 */
export function checkViewLayout(value: string | null | undefined): void {
  parseInput(layoutInput, { layout: value });
}

const updateInput = z.object({
  title: title.nullish(),
  subtaskSetting: z.enum(SUBTASK_SETTINGS).nullish(),
  layout: layout.nullish(),
  filters: filters.nullish(),
});

/**
 * The effective subtask setting of a board shown through the view
 * (`board_subtask_setting`). Boards keep no setting of their own, so the
 * view's setting is what the board uses.
 */
export function boardSubtaskSettingOf(view: Pick<SavedView, 'subtaskSetting'>): SubtaskSettingValue {
  return view.subtaskSetting;
}

/** Prisma filter: the user's own views, on projects they still belong to. */
export function myViewsWhere(userId: number): Prisma.SavedViewWhereInput {
  return { creatorId: userId, ...inVisibleProject(userId) };
}

/**
 * Creates a saved view on a project the user belongs to. Views are
 * personal (like Linear's personal views): only their creator sees them.
 */
export async function createView(db: Db, userId: number, input: z.input<typeof createInput>) {
  const args = parseInput(createInput, input);
  await requireProject(db, userId, args.projectId, 'projectId');
  return db.savedView.create({
    data: {
      projectId: args.projectId,
      creatorId: userId,
      title: args.title,
      subtaskSetting: args.subtaskSetting,
      layout: args.layout,
      filters: args.filters as Prisma.InputJsonValue,
    },
  });
}

/** One of the user's views, or NOT_FOUND (another user's view looks absent). */
export async function requireView(db: Db, userId: number, viewId: number, field = 'viewId') {
  const view = await db.savedView.findFirst({ where: { id: viewId, ...myViewsWhere(userId) } });
  if (!view) throw new NotFoundError(`View ${viewId}`, field);
  return view;
}

/**
 * Changes only the fields given (spec 3, 4.4: a PATCH holding only
 * `subtaskSetting` leaves title, layout and filters as they were). At
 * least one field is required.
 */
export async function updateView(db: Db, userId: number, viewId: number, input: z.input<typeof updateInput>) {
  const args = parseInput(updateInput, input);
  const data: Prisma.SavedViewUpdateManyMutationInput = {};
  if (args.title != null) data.title = args.title;
  if (args.subtaskSetting != null) data.subtaskSetting = args.subtaskSetting;
  if (args.layout != null) data.layout = args.layout;
  if (args.filters != null) data.filters = args.filters as Prisma.InputJsonValue;
  if (!Object.keys(data).length) {
    throw new ValidationError('subtaskSetting', 'Give at least one of title, subtask_setting, layout or filters.', 'missing_fields');
  }
  await requireView(db, userId, viewId);
  // updateMany with the ownership filter: a view deleted meanwhile is NOT_FOUND, not a 500.
  const { count } = await db.savedView.updateMany({ where: { id: viewId, ...myViewsWhere(userId) }, data });
  if (!count) throw new NotFoundError(`View ${viewId}`, 'viewId');
  return requireView(db, userId, viewId);
}

/** Deletes one of the user's views; NOT_FOUND when it is not theirs. */
export async function deleteView(db: Db, userId: number, viewId: number): Promise<void> {
  const { count } = await db.savedView.deleteMany({ where: { id: viewId, ...myViewsWhere(userId) } });
  if (!count) throw new NotFoundError(`View ${viewId}`, 'viewId');
}

/** Prisma query part: the user's views of one project (which must be theirs), oldest first. */
export async function projectViewsQuery(db: Db, userId: number, projectId: number) {
  await requireProject(db, userId, projectId, 'projectId');
  return {
    where: { projectId, ...myViewsWhere(userId) } as Prisma.SavedViewWhereInput,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] as Prisma.SavedViewOrderByWithRelationInput[],
  };
}
