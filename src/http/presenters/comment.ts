import { z } from 'zod';
import { graphql } from '../gql/index.ts';
import type { RestCommentFieldsFragment, ToolCommentFieldsFragment } from '../gql/graphql.ts';

// Comments: the spec 2.5 tool comment and the REST comment (with the task,
// images, mentions and the edit mark).

/** The author of a comment: null once the author was deleted. */
const authorSchema = z.object({ id: z.number(), displayName: z.string() }).nullable();

/** The GraphQL selection of a tool comment. */
export const TOOL_COMMENT_FIELDS = graphql(`
  fragment ToolCommentFields on Comment {
    id
    text
    createdAt
    author {
      id
      displayName
    }
  }
`);

/** Spec 2.5 comment: `{id, text, author, createdAt}`. */
export function toolComment(c: ToolCommentFieldsFragment) {
  return { id: c.id, text: c.text, author: c.author ?? null, createdAt: c.createdAt };
}

/** Schema of `toolComment`. */
export const toolCommentSchema = z.object({
  id: z.number(),
  text: z.string().describe('HTML.'),
  author: authorSchema.describe('null once the author was deleted.'),
  createdAt: z.string(),
});

/** The GraphQL selection of a REST comment. */
export const REST_COMMENT_FIELDS = graphql(`
  fragment RestCommentFields on Comment {
    ...ToolCommentFields
    taskId
    images
    editedAt
    mentions {
      userId
      displayName
    }
  }
`);

/** The REST comment: spec 2.5 plus `task_id`, `images`, `mentions` and the edit mark (`edited`, `editedAt`). */
export function restComment(c: RestCommentFieldsFragment) {
  return {
    id: c.id,
    task_id: c.taskId,
    text: c.text,
    author: c.author ?? null,
    images: c.images,
    mentions: c.mentions.map((m) => ({ user_id: m.userId, display_name: m.displayName })),
    createdAt: c.createdAt,
    edited: c.editedAt != null,
    editedAt: c.editedAt ?? null,
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
