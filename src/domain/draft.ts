import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { Prisma, Task } from '../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { CONTENT_TYPES, renderContent } from '../content/render.ts';
import { myDraftsWhere, requireProject } from './access.ts';
import { createTask } from './task/create.ts';
import { requireSectionOf } from './task/placement.ts';
import { TASK_LIMITS } from './task/fields.ts';
import { inTransaction } from './task/transaction.ts';
import { parseInput } from './validate.ts';
import { idField } from './fields.ts';
import { PAGE_LIMITS, pageFields, pageWindow } from './page.ts';

/** Drafts list paging: the common page sizes. */
export const DRAFT_PAGE = PAGE_LIMITS;
/** Same bounds as a task title (spec 4.3: 1 to 500), but a draft may be untitled. */
export const MAX_DRAFT_TITLE = 500;
/** A draft's description becomes the task's: the same limit. */
export const MAX_DRAFT_DESCRIPTION = TASK_LIMITS.descriptionMax;

const id = idField();
const priority = z.enum(['urgent', 'high', 'medium', 'low']);
const dueDate = z.coerce.date({ message: 'must be an ISO 8601 date or datetime' });

/** A draft's title: at most MAX_DRAFT_TITLE characters (trimmed); empty until publishing is fine. */
export const draftTitleField = () => z.string().trim().max(MAX_DRAFT_TITLE);

/** A draft's description as written (before rendering): at most MAX_DRAFT_DESCRIPTION characters. */
export const draftDescriptionField = () => z.string().max(MAX_DRAFT_DESCRIPTION);

const fields = {
  projectId: id.nullish(),
  sectionId: id.nullish(),
  title: draftTitleField().nullish(),
  description: draftDescriptionField().nullish(),
  contentType: z
    .string()
    .refine((v) => (CONTENT_TYPES as readonly string[]).includes(v), 'content_type must be html or markdown')
    .nullish(),
  priority: priority.nullish(),
  dueDate: dueDate.nullish(),
};
const createInput = z.object(fields);
const contentTypeInput = z.object({ contentType: fields.contentType });

/**
 * Refuses a draft's content type other than `html` and `markdown` with the
 * error the draft functions give (for a caller that must check it first).
 */
export function checkDraftContentType(contentType: string | null | undefined): void {
  parseInput(contentTypeInput, { contentType });
}
const updateInput = z.object(fields);
const listInput = z.object(pageFields(DRAFT_PAGE));

/**
 * A live section of the draft's project, checked as a task's section is
 * (`requireSectionOf`: NOT_FOUND otherwise); a section needs a project.
 */
async function checkSection(db: Db, projectId: number | null, sectionId: number) {
  if (projectId === null) throw new ValidationError('sectionId', 'section_id needs project_id.', 'required');
  await requireSectionOf(db, projectId, sectionId, 'sectionId');
}

/**
 * Creates a draft of the user. Everything is optional (a draft may be
 * half-written); a project must be one of the user's, a section one of that
 * project. The description is stored as sanitised HTML (`contentType:
 * markdown` converts, spec 4.6).
 */
export async function createDraft(db: Db, userId: number, input: z.input<typeof createInput>) {
  const args = parseInput(createInput, input);
  const description = args.description ? await renderContent(args.description, args.contentType, 'description', userId) : '';
  if (args.projectId != null) await requireProject(db, userId, args.projectId, 'projectId');
  if (args.sectionId != null) await checkSection(db, args.projectId ?? null, args.sectionId);
  return db.taskDraft.create({
    data: {
      userId,
      projectId: args.projectId ?? null,
      sectionId: args.sectionId ?? null,
      title: args.title ?? '',
      description,
      priority: args.priority ?? null,
      dueDate: args.dueDate ?? null,
    },
  });
}

/** One of the user's drafts, or NOT_FOUND (another user's draft looks absent). */
export async function requireDraft(db: Db, userId: number, draftId: number, field = 'draftId') {
  const draft = await db.taskDraft.findFirst({ where: { id: draftId, ...myDraftsWhere(userId) } });
  if (!draft) throw new NotFoundError(`Draft ${draftId}`, field);
  return draft;
}

/** Prisma query part of the user's drafts, most recently edited first. */
export function draftListQuery(userId: number, input: z.input<typeof listInput>) {
  const args = parseInput(listInput, input);
  return {
    where: myDraftsWhere(userId),
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }] as Prisma.TaskDraftOrderByWithRelationInput[],
    ...pageWindow(args),
  };
}

/**
 * Changes the fields given: omitted fields stay, `null` clears
 * `projectId`, `sectionId`, `priority`, `dueDate`. Moving the draft to
 * another project drops a section of the old one.
 */
export async function updateDraft(db: Db, userId: number, draftId: number, input: z.input<typeof updateInput>) {
  const args = parseInput(updateInput, input);
  const draft = await requireDraft(db, userId, draftId);
  const data: Prisma.TaskDraftUncheckedUpdateInput = {};
  if (args.projectId !== undefined && args.projectId !== draft.projectId) {
    if (args.projectId !== null) await requireProject(db, userId, args.projectId, 'projectId');
    data.projectId = args.projectId;
    if (args.sectionId === undefined) data.sectionId = null;
  }
  const projectId = args.projectId !== undefined ? args.projectId : draft.projectId;
  if (args.sectionId != null) await checkSection(db, projectId, args.sectionId);
  if (args.sectionId !== undefined) data.sectionId = args.sectionId;
  if (args.title != null) data.title = args.title;
  if (args.description != null) data.description = await renderContent(args.description, args.contentType, 'description', userId);
  if (args.priority !== undefined) data.priority = args.priority;
  if (args.dueDate !== undefined) data.dueDate = args.dueDate;
  // Nothing to write (say, the project it already has): an updateMany without
  // data counts no rows on PGlite, which would read as NOT_FOUND.
  if (!Object.keys(data).length) return draft;
  const { count } = await db.taskDraft.updateMany({ where: { id: draftId, ...myDraftsWhere(userId) }, data });
  if (!count) throw new NotFoundError(`Draft ${draftId}`, 'draftId');
  return requireDraft(db, userId, draftId);
}

/** Deletes one of the user's drafts; NOT_FOUND when it is not theirs. */
export async function deleteDraft(db: Db, userId: number, draftId: number): Promise<void> {
  const { count } = await db.taskDraft.deleteMany({ where: { id: draftId, ...myDraftsWhere(userId) } });
  if (!count) throw new NotFoundError(`Draft ${draftId}`, 'draftId');
}

/**
 * Publishes a draft: it becomes a task through the ordinary task creation
 * (same rules, ticket number, `task.created` event) and the draft is
 * removed, both in one transaction. A publish that fails (no project, empty
 * title, project left, section gone) keeps the draft as it was; of two
 * concurrent publishes of one draft, the second finds it gone (NOT_FOUND).
 */
export async function publishDraft(db: Db, userId: number, draftId: number): Promise<Task> {
  const draft = await requireDraft(db, userId, draftId);
  if (draft.projectId === null) {
    throw new ValidationError('projectId', 'Set project_id on the draft before publishing it.', 'required');
  }
  if (!draft.title.trim()) throw new ValidationError('title', 'Give the draft a title before publishing it.', 'required');
  return inTransaction(db, async (tx) => {
    // Deleting first locks the row: a concurrent publish waits here, then finds nothing.
    const { count } = await tx.taskDraft.deleteMany({ where: { id: draftId, ...myDraftsWhere(userId) } });
    if (!count) throw new NotFoundError(`Draft ${draftId}`, 'draftId');
    return createTask(tx, userId, {
      projectId: draft.projectId!,
      title: draft.title,
      description: draft.description,
      sectionId: draft.sectionId,
      priority: draft.priority,
      dueDate: draft.dueDate,
    });
  });
}
