import { z } from 'zod';
import { COMMENT_FIELD_DESCRIPTIONS as D } from '../../domain/comment.ts';
import { graphql } from '../gql/index.ts';
import { presenter } from '../presenter.ts';

// Comments: the spec 2.5 tool comment and the REST comment (with the task,
// images, mentions and the edit mark).

/** The author of a comment: null once the author was deleted. */
const authorSchema = z.object({ id: z.number(), displayName: z.string() }).nullable();

/** Spec 2.5 comment: `{id, text, author, createdAt}`. */
export const toolComment = presenter(
  graphql(`
    fragment ToolCommentFields on Comment {
      id
      text
      createdAt
      author {
        id
        displayName
      }
    }
  `),
  (f) => ({
    id: f('id', z.number()),
    text: f('text', z.string().describe(D.text)),
    author: f('author', authorSchema.describe(D.author)),
    createdAt: f('createdAt', z.string().describe(D.createdAt)),
  }),
);

/** Schema of `toolComment`. */
export const toolCommentSchema = toolComment.schema;

/** The REST comment: spec 2.5 plus `task_id`, `images`, `mentions` and the edit mark (`edited`, `editedAt`). */
export const restComment = presenter(
  graphql(`
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
  `),
  (f) => ({
    id: toolComment.fields.id,
    task_id: f('taskId', z.number()),
    text: toolComment.fields.text,
    author: toolComment.fields.author,
    images: f('images', z.array(z.string()).describe(D.images)),
    mentions: f(
      (c) => c.mentions.map((m) => ({ user_id: m.userId, display_name: m.displayName })),
      z.array(z.object({ user_id: z.number().describe(D.mentionUserId), display_name: z.string().describe(D.mentionDisplayName) })).describe(D.mentions),
    ),
    createdAt: toolComment.fields.createdAt,
    edited: f((c) => c.editedAt != null, z.boolean().describe(D.edited)),
    editedAt: f('editedAt', z.string().nullable().describe(D.editedAt)),
  }),
);

/** Schema of `restComment`. */
export const restCommentSchema = restComment.schema;
