import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { inTransaction } from './task/transaction.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../errors.ts';
import { renderContent } from '../content/render.ts';
import { recordBoardEvent } from '../events/outbox.ts';
import { inVisibleProject } from './access.ts';
import { notifyMentioned, watchTask } from './notification.ts';
import { resolveTaskRef, type TaskRef } from './task/task-ref.ts';
import { ticketNumberOf } from './task/ticket-number.ts';
import { parseInput, requiredString } from './validate.ts';
import { idField, NAME_LIMITS, printedLimit } from './fields.ts';
import { PAGE_LIMITS, pageFields, pageWindow } from './page.ts';

/** Comments list paging (spec 4.1, 8): the common page sizes. */
export const COMMENT_PAGE = PAGE_LIMITS;
/** Longest comment text accepted, in characters, before rendering. */
export const MAX_COMMENT_LENGTH = 50_000;
/** Most images and mentions in one comment. */
export const MAX_COMMENT_IMAGES = 20;
export const MAX_COMMENT_MENTIONS = 50;
/** Longest image URL of a comment, in characters. */
export const MAX_COMMENT_IMAGE_URL = 2000;

const listInput = z.object({
  ...pageFields(COMMENT_PAGE),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});

const httpUrl = z
  .string()
  .max(MAX_COMMENT_IMAGE_URL)
  .url()
  .refine((v) => /^https?:\/\//i.test(v), 'must be an http(s) URL');

/** A comment's text as written (before rendering): 1 to MAX_COMMENT_LENGTH characters, not only spaces. */
export const commentTextField = () =>
  requiredString('text').max(MAX_COMMENT_LENGTH).refine((v) => v.trim().length > 0, 'text must not be empty');

/** A comment's images: at most MAX_COMMENT_IMAGES http(s) URLs. */
export const commentImagesField = () => z.array(httpUrl).max(MAX_COMMENT_IMAGES);

/** A comment's structured mentions: at most MAX_COMMENT_MENTIONS users. */
export const commentMentionsField = () =>
  z
    .array(
      z.object({
        userId: idField(),
        // Accepted for the spec's input shape, never stored: the name is read from the user row.
        displayName: z.string().max(NAME_LIMITS.displayNameMax).nullish(),
      }),
    )
    .max(MAX_COMMENT_MENTIONS);

/**
 * What a public comment field means, once for every transport: the Comment
 * and CommentMention types and the addComment/editComment arguments in
 * GraphQL, the tool and REST bodies (so OpenAPI and MCP) and the answers'
 * presenters read this text; limits are printed from the constants above.
 * Spellings and error vocabularies that differ by transport (`MARKDOWN` or
 * `markdown`, UNAUTHENTICATED or 401) are added by each after it.
 */
export const COMMENT_FIELD_DESCRIPTIONS = {
  text:
    'Text as sanitised HTML; written as HTML or as markdown (by the content type; markdown is converted to HTML), ' +
    `1 to ${printedLimit(MAX_COMMENT_LENGTH)} characters as written, not only spaces; an edit replaces it.`,
  contentType: 'The markup a written text is in: HTML (the default) or markdown (GitHub Flavored Markdown, converted to HTML).',
  images:
    `Image URLs attached to the comment (http or https, up to ${printedLimit(MAX_COMMENT_IMAGE_URL)} characters each), ` +
    `at most ${MAX_COMMENT_IMAGES}; given when the comment is added, kept by an edit.`,
  mentions:
    `Users mentioned through the structured list (\`@name\` in the text is not a mention), at most ${MAX_COMMENT_MENTIONS}, ` +
    'each a member of the task’s board; notified once, when the comment is added (never again on an edit); shown in user id order.',
  mentionUserId: 'Id of the mentioned user.',
  mentionDisplayName:
    'The mentioned user’s display name when the comment was written, read from the user, never the request: a ' +
    `request’s own (at most ${NAME_LIMITS.displayNameMax} characters) is accepted and ignored.`,
  author: 'Who wrote it; null once that user is deleted.',
  createdAt: 'When the comment was added.',
  edited: 'Whether its author changed the text after posting it (show an “edited” mark).',
  editedAt: 'When its author last changed the text; null when never edited.',
} as const;

const addInput = z.object({
  text: commentTextField(),
  contentType: z.string().nullish(),
  images: commentImagesField().nullish(),
  mentions: commentMentionsField().nullish(),
});
export type AddCommentInput = z.input<typeof addInput>;

/**
 * The filter, order and page of a task's comments (oldest first unless
 * `sortOrder` is `desc`); the task must be visible to the user.
 */
export async function commentListQuery(db: Db, userId: number, ref: TaskRef, input: z.input<typeof listInput>) {
  const args = parseInput(listInput, input);
  const task = await resolveTaskRef(db, userId, ref);
  const where: Prisma.CommentWhereInput = { taskId: task.id };
  return {
    taskId: task.id,
    where,
    orderBy: [{ createdAt: args.sortOrder }, { id: args.sortOrder }] as Prisma.CommentOrderByWithRelationInput[],
    ...pageWindow(args),
  };
}

/** The stored HTML of a comment text; text that sanitises to nothing is refused. */
async function renderCommentText(text: string, contentType: string | null | undefined, userId: number): Promise<string> {
  const html = await renderContent(text, contentType, 'text', userId);
  if (!html.trim()) throw new ValidationError('text', 'text is empty once unsafe HTML is removed.', 'empty');
  return html;
}

/**
 * Adds a comment to a task. `text` is HTML (sanitised) or, with
 * `contentType: markdown`, GFM (spec 4.6). Mentions are structured only
 * (spec 4.1 rule 3): `@name` in the text notifies nobody. Every mentioned
 * user must belong to the task's board; otherwise the mention is forged or
 * cross-board (spec 5.4) → UNAUTHENTICATED on `mentions`, nothing written.
 * A mention stores the user's display name from the user row; the
 * request's `displayName` is ignored. Mentioned users get an inbox entry (never the author); the author starts
 * watching the task. Comments do not notify watchers and emit no webhook
 * event (spec 6 has no comment event); they write a `comment.created`
 * board event for live board views.
 */
export async function addComment(db: Db, authorId: number, ref: TaskRef, input: AddCommentInput) {
  const args = parseInput(addInput, input);
  const html = await renderCommentText(args.text, args.contentType, authorId);
  // Inline in a caller's transaction (a keyed request's), else a new one.
  return inTransaction(db, async (tx) => {
    const task = (await resolveTaskRef(tx, authorId, ref, { project: { select: { ticketPrefix: true } } })) as Prisma.TaskGetPayload<{
      include: { project: { select: { ticketPrefix: true } } };
    }>;
    const mentions = [...new Map((args.mentions ?? []).map((m) => [m.userId, m])).values()];
    // The name a mention shows is the mentioned user's own, never the request's (which anyone could spoof).
    const memberNames = new Map<number, string>();
    if (mentions.length) {
      const members = await tx.projectMember.findMany({
        where: { projectId: task.projectId, userId: { in: mentions.map((m) => m.userId) } },
        select: { userId: true, user: { select: { displayName: true } } },
      });
      const ok = new Map(members.map((m) => [m.userId, m.user.displayName]));
      const bad = mentions.find((m) => !ok.has(m.userId));
      for (const [userId, name] of ok) memberNames.set(userId, name);
      if (bad) {
        throw new UnauthenticatedError(
          `Mention of user ${bad.userId} refused: every mentioned user must be a member of the task's board.`,
          'mentions',
          'cross_board_mention',
        );
      }
    }
    const comment = await tx.comment.create({
      data: {
        taskId: task.id,
        authorId,
        text: html,
        images: args.images ?? [],
        mentions: { create: mentions.map((m) => ({ userId: m.userId, displayName: memberNames.get(m.userId)! })) },
      },
    });
    const ticketNumber = ticketNumberOf(task.project.ticketPrefix, task.uniqueIndex);
    await recordBoardEvent(tx, {
      type: 'comment.created',
      projectId: task.projectId,
      actorId: authorId,
      task: { id: task.id, ticketNumber },
      data: { commentId: comment.id },
    });
    await notifyMentioned(tx, {
      task: { id: task.id, ticketNumber, title: task.title },
      userIds: mentions.map((m) => m.userId),
      actorId: authorId,
    });
    await watchTask(tx, task.id, authorId);
    return comment;
  });
}

const commentIdField = idField();

/**
 * A comment the user may change: it must be on a task of one of the user's
 * projects (NOT_FOUND otherwise, whoever wrote it) and written by the user
 * (FORBIDDEN otherwise: other members see it but only its author changes it).
 */
async function requireOwnComment(tx: Prisma.TransactionClient, userId: number, commentId: number, what: string) {
  const id = parseInput(commentIdField, commentId, 'commentId');
  const comment = await tx.comment.findFirst({ where: { id, task: inVisibleProject(userId) } });
  if (!comment) throw new NotFoundError(`Comment ${id}`, 'commentId');
  if (comment.authorId !== userId) throw new ForbiddenError(`Only the author of a comment can ${what} it.`, 'commentId');
  return comment;
}

/** Writes `comment.updated` / `comment.deleted` for the board of the comment's task, in `tx`. */
async function recordCommentEvent(
  tx: Prisma.TransactionClient,
  type: 'comment.updated' | 'comment.deleted',
  comment: { id: number; taskId: number },
  actorId: number,
) {
  const task = await tx.task.findUniqueOrThrow({
    where: { id: comment.taskId },
    select: { projectId: true, uniqueIndex: true, project: { select: { ticketPrefix: true } } },
  });
  await recordBoardEvent(tx, {
    type,
    projectId: task.projectId,
    actorId,
    task: { id: comment.taskId, ticketNumber: ticketNumberOf(task.project.ticketPrefix, task.uniqueIndex) },
    data: { commentId: comment.id },
  });
}

const editInput = z.object({ text: commentTextField(), contentType: z.string().nullish() });

/**
 * Changes the text of one's own comment (HTML, or markdown with
 * `contentType: markdown`, rendered as on add). A real change sets
 * `editedAt` and writes a `comment.updated` board event; the same text again
 * changes nothing. Mentions, images and the author stay as they were; nobody
 * is notified again.
 */
export async function editComment(db: Db, userId: number, commentId: number, input: z.input<typeof editInput>) {
  const args = parseInput(editInput, input);
  const html = await renderCommentText(args.text, args.contentType, userId);
  return db.$transaction(async (tx) => {
    const comment = await requireOwnComment(tx, userId, commentId, 'edit');
    if (comment.text === html) return comment;
    const edited = await tx.comment.update({ where: { id: comment.id }, data: { text: html, editedAt: new Date() } });
    await recordCommentEvent(tx, 'comment.updated', comment, userId);
    return edited;
  });
}

/** Deletes one's own comment for good (its mentions go with it) with a `comment.deleted` board event; answers the id. */
export async function deleteComment(db: Db, userId: number, commentId: number): Promise<{ id: number; taskId: number }> {
  return db.$transaction(async (tx) => {
    const comment = await requireOwnComment(tx, userId, commentId, 'delete');
    await tx.comment.delete({ where: { id: comment.id } });
    await recordCommentEvent(tx, 'comment.deleted', comment, userId);
    return { id: comment.id, taskId: comment.taskId };
  });
}
