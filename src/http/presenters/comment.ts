import { z } from 'zod';

// Comments: the spec 2.5 tool comment and the REST comment (with the task,
// images, mentions and the edit mark).

/** The author of a comment: null once the author was deleted. */
const authorSchema = z.object({ id: z.number(), displayName: z.string() }).nullable();

/** A comment as the tool routes receive it. */
export interface ToolCommentNode {
  id: number;
  text: string;
  createdAt: string;
  author: { id: number; displayName: string } | null;
}

/** The GraphQL selection of a tool comment. */
export const TOOL_COMMENT_FIELDS = 'id text createdAt author { id displayName }';

/** Spec 2.5 comment: `{id, text, author, createdAt}`. */
export function toolComment(c: ToolCommentNode) {
  return { id: c.id, text: c.text, author: c.author, createdAt: c.createdAt };
}

/** Schema of `toolComment`. */
export const toolCommentSchema = z.object({
  id: z.number(),
  text: z.string().describe('HTML.'),
  author: authorSchema.describe('null once the author was deleted.'),
  createdAt: z.string(),
});

/** A comment as the REST routes receive it. */
export interface RestCommentNode extends ToolCommentNode {
  taskId: number;
  images: string[];
  editedAt: string | null;
  mentions: { userId: number; displayName: string }[];
}

/** The GraphQL selection of a REST comment. */
export const REST_COMMENT_FIELDS = 'id taskId text images createdAt editedAt author { id displayName } mentions { userId displayName }';

/** The REST comment: spec 2.5 plus `task_id`, `images`, `mentions` and the edit mark (`edited`, `editedAt`). */
export function restComment(c: RestCommentNode) {
  return {
    id: c.id,
    task_id: c.taskId,
    text: c.text,
    author: c.author,
    images: c.images,
    mentions: c.mentions.map((m) => ({ user_id: m.userId, display_name: m.displayName })),
    createdAt: c.createdAt,
    edited: c.editedAt !== null,
    editedAt: c.editedAt,
  };
}

/** Schema of `restComment`. */
export const restCommentSchema = z.object({
  id: z.number(),
  task_id: z.number(),
  text: z.string().describe('HTML.'),
  author: authorSchema,
  images: z.array(z.string()),
  mentions: z.array(z.object({ user_id: z.number(), display_name: z.string() })),
  createdAt: z.string(),
  edited: z.boolean().describe('Whether the author changed the text after posting it.'),
  editedAt: z.string().nullable().describe('When the author last changed the text; null when never edited.'),
});
