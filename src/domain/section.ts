import { generateKeyBetween } from 'fractional-indexing';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { inTransaction } from './task/transaction.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { type Changes, recordBoardEvent, recordTaskEvents } from '../events/outbox.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { inVisibleProject, requireProject } from './access.ts';
import { ticketNumberOf } from './task/ticket-number.ts';
import { parseInput } from './validate.ts';
import { idField, NAME_LIMITS, printedLimit } from './fields.ts';

type Tx = Db | Prisma.TransactionClient;

/** Section title rule (spec 2.3, 8): 1 to 200 characters after trimming. */
export const sectionTitle = () => z.string().trim().min(1).max(NAME_LIMITS.sectionTitleMax);

/**
 * What a public section field means, once for every transport: GraphQL's
 * Section and section inputs (and the manifests' sections), the tool and REST
 * bodies (so OpenAPI and MCP) and the presenters read this text; the title's
 * limit is printed from NAME_LIMITS.
 */
export const SECTION_FIELD_DESCRIPTIONS = {
  title: `Section (column) title, 1 to ${printedLimit(NAME_LIMITS.sectionTitleMax)} characters (trimmed on write).`,
  visible:
    'Whether the column shows on the board: false when hidden (hidden sections are listed only on request); ' +
    'an update shows (true) or hides (false) it.',
  ranking: 'Fractional-index sort key; sections are ordered by it.',
  deleted: 'True once the section was deleted (deleted sections are not listed).',
  taskCount: 'Tasks in the section that are not Deleted.',
  afterSectionId: 'Place the new section right after this section; omitted or null: at the end.',
  moveAfterSectionId:
    'Move the section right after this one; an explicit null moves it to the first place; omitted, it keeps its place.',
} as const;

/**
 * Orders rankings by code unit, which is the order fractional-indexing keys
 * are built for (`Zz` < `a0`). SQL `ORDER BY ranking` agrees only under the
 * `C` collation, so neighbours are always computed here.
 */
export function compareRanking(a: { ranking: string; id: number }, b: { ranking: string; id: number }): number {
  if (a.ranking !== b.ranking) return a.ranking < b.ranking ? -1 : 1;
  return a.id - b.id;
}

/** Prisma filter of the sections a board shows: never deleted ones, hidden ones on request. */
export function shownSectionsWhere(includeHidden = false): Prisma.SectionWhereInput {
  return { deletedAt: null, ...(includeHidden ? {} : { visible: true }) };
}

/** `shownSectionsWhere` of one board. */
export function sectionListWhere(projectId: number, includeHidden = false): Prisma.SectionWhereInput {
  return { projectId, ...shownSectionsWhere(includeHidden) };
}

/** Board order for Prisma queries (exact under the `C` collation; see compareRanking). */
export const SECTION_ORDER: Prisma.SectionOrderByWithRelationInput[] = [{ ranking: 'asc' }, { id: 'asc' }];

/**
 * Serialises ranking changes of one board: two concurrent inserts after the
 * same section would otherwise compute the same key.
 */
async function lockBoard(tx: Prisma.TransactionClient, projectId: number) {
  await tx.$queryRaw`SELECT id FROM "Project" WHERE id = ${projectId} FOR UPDATE`;
}

/** The non-deleted sections of a project (hidden included), in board order. */
async function liveSections(db: Tx, projectId: number) {
  const rows = await db.section.findMany({ where: { projectId, deletedAt: null } });
  return rows.sort(compareRanking);
}

/** Finds a live section of the project or throws NOT_FOUND naming `field`. */
async function requireSection(db: Tx, projectId: number, sectionId: number, field: string) {
  const section = await db.section.findFirst({ where: { id: sectionId, projectId, deletedAt: null } });
  if (!section) throw new NotFoundError(`Section ${sectionId} of project ${projectId}`, field);
  return section;
}

/** A ranking just after `afterId` (null: first place; undefined: last place), skipping `movingId`. */
function rankingAfter(sections: { id: number; ranking: string }[], afterId: number | null | undefined, movingId?: number) {
  const others = sections.filter((s) => s.id !== movingId);
  if (afterId === undefined) return generateKeyBetween(others.at(-1)?.ranking ?? null, null);
  if (afterId === null) return generateKeyBetween(null, others[0]?.ranking ?? null);
  const i = others.findIndex((s) => s.id === afterId);
  return generateKeyBetween(others[i].ranking, others[i + 1]?.ranking ?? null);
}

/**
 * The sections of a board in order. Hidden sections only with
 * `includeHidden`; deleted sections never. `query` is the caller's Prisma
 * selection (GraphQL passes Pothos's).
 */
export async function listSections(
  db: Db,
  userId: number,
  input: { projectId: number; includeHidden?: boolean | null },
  query: Omit<Prisma.SectionFindManyArgs, 'where' | 'orderBy'> = {},
) {
  return db.section.findMany({ ...query, ...(await sectionListQuery(db, userId, input)) });
}

/** Filter and order of {@link listSections}, for callers that page them. */
export async function sectionListQuery(db: Db, userId: number, input: { projectId: number; includeHidden?: boolean | null }) {
  const args = parseInput(z.object({ projectId: idField(), includeHidden: z.boolean().nullish() }), input);
  await requireProject(db, userId, args.projectId, 'projectId');
  return { where: sectionListWhere(args.projectId, args.includeHidden ?? false), orderBy: SECTION_ORDER };
}

/** Writes the `section.created` board event of a new section (every path that adds one calls it). */
export async function recordSectionCreated(
  tx: Prisma.TransactionClient,
  section: { id: number; projectId: number; title: string; ranking: string },
  actorId: number,
) {
  await recordBoardEvent(tx, {
    type: 'section.created',
    projectId: section.projectId,
    actorId,
    data: { sectionId: section.id, title: section.title, ranking: section.ranking },
  });
}

const createSectionInput = z.object({
  projectId: idField(),
  title: sectionTitle(),
  afterSectionId: idField().nullish(),
});

/**
 * Adds a section after `afterSectionId` (a live section of the same
 * project), or at the end when it is omitted or null. Only the new row is
 * written: its ranking is a fractional key between its neighbours. Writes
 * a `section.created` board event.
 */
export async function createSection(db: Db, userId: number, input: z.input<typeof createSectionInput>) {
  const args = parseInput(createSectionInput, input);
  await requireProject(db, userId, args.projectId, 'projectId');
  // Inline in a caller's transaction (a keyed request's), else a new one.
  return inTransaction(db, async (tx) => {
    await lockBoard(tx, args.projectId);
    if (args.afterSectionId != null) await requireSection(tx, args.projectId, args.afterSectionId, 'afterSectionId');
    const ranking = rankingAfter(await liveSections(tx, args.projectId), args.afterSectionId ?? undefined);
    const section = await tx.section.create({ data: { projectId: args.projectId, title: args.title, ranking } });
    await recordSectionCreated(tx, section, userId);
    return section;
  });
}

const updateSectionInput = z.object({
  projectId: idField().nullish(),
  sectionId: idField(),
  title: sectionTitle().optional(),
  moveAfterSectionId: idField().nullable().optional(),
  visible: z.boolean().optional(),
});

/**
 * Renames and/or moves a section. `moveAfterSectionId` places it right after
 * that section; null places it first. `visible` hides or shows the column
 * (an extension: hidden sections are listed only with `includeHidden`).
 * `projectId`, when given, must be the section's project (REST paths carry it).
 * Real changes write a `section.updated` board event with `changes`.
 */
export async function updateSection(db: Db, userId: number, input: z.input<typeof updateSectionInput>) {
  const args = parseInput(updateSectionInput, input);
  if (args.title === undefined && args.moveAfterSectionId === undefined && args.visible === undefined) {
    throw new ValidationError('title', 'Give at least one of title or move_after_section_id.', 'at_least_one_required');
  }
  const current = await sectionOfUser(db, userId, args.sectionId, args.projectId ?? undefined);
  return db.$transaction(async (tx) => {
    const data: Prisma.SectionUpdateInput = {};
    if (args.title !== undefined) data.title = args.title;
    if (args.visible !== undefined) data.visible = args.visible;
    if (args.moveAfterSectionId !== undefined) {
      if (args.moveAfterSectionId === current.id) {
        throw new ValidationError('moveAfterSectionId', 'A section cannot be moved after itself.', 'self_reference');
      }
      await lockBoard(tx, current.projectId);
      if (args.moveAfterSectionId !== null) await requireSection(tx, current.projectId, args.moveAfterSectionId, 'moveAfterSectionId');
      data.ranking = rankingAfter(await liveSections(tx, current.projectId), args.moveAfterSectionId, current.id);
    }
    const updated = await tx.section.update({ where: { id: current.id }, data });
    const changes: Changes = {};
    for (const field of ['title', 'ranking', 'visible'] as const) {
      if (updated[field] !== current[field]) changes[field] = { from: current[field], to: updated[field] };
    }
    if (Object.keys(changes).length) {
      await recordBoardEvent(tx, {
        type: 'section.updated',
        projectId: updated.projectId,
        actorId: userId,
        data: { sectionId: updated.id, changes },
      });
    }
    return updated;
  });
}

/** A live section in a project the user belongs to (NOT_FOUND otherwise, never 403). */
async function sectionOfUser(db: Db, userId: number, sectionId: number, projectId?: number) {
  if (projectId !== undefined) await requireProject(db, userId, projectId, 'projectId');
  const section = await db.section.findFirst({
    where: { id: sectionId, deletedAt: null, ...(projectId !== undefined ? { projectId } : {}), ...inVisibleProject(userId) },
  });
  if (!section) throw new NotFoundError(`Section ${sectionId}`, 'sectionId');
  return section;
}

/**
 * Deletes a section (soft: `deletedAt` is set) and moves its tasks and
 * drafts to the first remaining section, preferring a visible one. Each
 * moved task gets a `task.updated` outbox event (`changes.sectionId`, as a
 * task update writes it), so webhooks see the move; no inbox notifications
 * (one board edit must not flood watchers with one entry per task), then
 * a `section.deleted` board event. The last section of a board cannot be
 * deleted (CONFLICT): every task needs one.
 */
export async function deleteSection(db: Db, userId: number, input: { projectId?: number | null; sectionId: number }) {
  const args = parseInput(z.object({ projectId: idField().nullish(), sectionId: idField() }), input);
  const section = await sectionOfUser(db, userId, args.sectionId, args.projectId ?? undefined);
  return db.$transaction(async (tx) => {
    await lockBoard(tx, section.projectId);
    await requireSection(tx, section.projectId, section.id, 'sectionId');
    const rest = (await liveSections(tx, section.projectId)).filter((s) => s.id !== section.id);
    if (!rest.length) {
      throw new ConflictError('The last section of a board cannot be deleted; add another section first.', 'sectionId', 'last_section');
    }
    const target = rest.find((s) => s.visible) ?? rest[0];
    const moved = await tx.task.findMany({
      where: { sectionId: section.id },
      select: { id: true, uniqueIndex: true, project: { select: { ticketPrefix: true } } },
    });
    if (moved.length) {
      await tx.task.updateMany({ where: { sectionId: section.id }, data: { sectionId: target.id, position: null } });
      await recordTaskEvents(
        tx,
        moved.map((t) => ({
          type: 'task.updated' as const,
          task: { id: t.id, projectId: section.projectId, ticketNumber: ticketNumberOf(t.project.ticketPrefix, t.uniqueIndex) },
          actorId: userId,
          data: { changes: { sectionId: { from: section.id, to: target.id } }, reason: 'section_deleted' },
        })),
      );
    }
    await tx.taskDraft.updateMany({ where: { sectionId: section.id }, data: { sectionId: target.id } });
    await tx.section.update({ where: { id: section.id }, data: { deletedAt: new Date() } });
    await recordBoardEvent(tx, {
      type: 'section.deleted',
      projectId: section.projectId,
      actorId: userId,
      data: { sectionId: section.id, movedTo: target.id, movedTaskCount: moved.length },
    });
    return { section, target, movedTaskCount: moved.length };
  });
}
