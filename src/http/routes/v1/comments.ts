import { z } from 'zod';
import { COMMENT_PAGE } from '../../../domain/comment.ts';
import { qsId, qsInt } from '../../query-params.ts';
import { route } from '../../route.ts';
import { newCommentBody, newCommentVariables, taskRefBody, taskRefQuery, toTaskRef } from '../tools/comments.ts';

interface CommentNode {
  id: number;
  taskId: number;
  text: string;
  images: string[];
  createdAt: string;
  editedAt: string | null;
  author: { id: number; displayName: string } | null;
  mentions: { userId: number; displayName: string }[];
}

const COMMENT_FIELDS = 'id taskId text images createdAt editedAt author { id displayName } mentions { userId displayName }';

/** The REST comment: spec 2.5 plus `task_id`, `images`, `mentions` and the edit mark (`edited`, `editedAt`). */
export function restCommentOut(c: CommentNode) {
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

const restCommentSchema = z.object({
  id: z.number(),
  task_id: z.number(),
  text: z.string().describe('HTML.'),
  author: z.object({ id: z.number(), displayName: z.string() }).nullable(),
  images: z.array(z.string()),
  mentions: z.array(z.object({ user_id: z.number(), display_name: z.string() })),
  createdAt: z.string(),
  edited: z.boolean().describe('Whether the author changed the text after posting it.'),
  editedAt: z.string().nullable().describe('When the author last changed the text; null when never edited.'),
});

const commentIdParams = z.object({ id: qsId().describe('Comment id.') });

/** GET /api/v1/comments (replaces the removed /api/comments/getAll and /api/comments/single). */
export const listCommentsRoute = route({
  method: 'GET',
  path: '/comments',
  operationId: 'listComments',
  tag: 'comments',
  summary: 'Comments of a task, oldest first by default.',
  description:
    'The task by `task_id` or `ticket_number` (+ `project_id` when ambiguous), or `project_id` + `unique_index`. ' +
    '`limit` 1 to 100 (default 50), `offset` (default 0), `sort_order` `asc` (default) or `desc`.',
  document: /* GraphQL */ `
    query RestComments($ref: TaskRefInput!, $limit: Int, $offset: Int, $sortOrder: SortOrder) {
      comments(ref: $ref, limit: $limit, offset: $offset, sortOrder: $sortOrder) {
        total limit offset
        items { ${COMMENT_FIELDS} }
      }
    }
  `,
  query: z.object({
    ...taskRefQuery,
    limit: qsInt(1, COMMENT_PAGE.maxLimit).optional().describe('Page size, 1 to 100 (default 50).'),
    offset: qsInt(0, 1_000_000).optional().describe('Comments to skip (default 0).'),
    sort_order: z.enum(['asc', 'desc']).optional().describe('`asc` oldest first (default) or `desc`.'),
  }),
  response: z.object({
    success: z.literal(true),
    comments: z.array(restCommentSchema),
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
  }),
  toVariables: ({ query }) => ({
    ref: toTaskRef(query),
    limit: query.limit ?? COMMENT_PAGE.defaultLimit,
    offset: query.offset ?? 0,
    sortOrder: query.sort_order ?? 'asc',
  }),
  toBody: (data: { comments: { total: number; limit: number; offset: number; items: CommentNode[] } }) => ({
    success: true,
    comments: data.comments.items.map(restCommentOut),
    total: data.comments.total,
    limit: data.comments.limit,
    offset: data.comments.offset,
  }),
});

/** POST /api/v1/comments (spec 5.4). */
export const addCommentRoute = route({
  method: 'POST',
  path: '/comments',
  operationId: 'addComment',
  tag: 'comments',
  summary: 'Adds a comment to a task, with structured mentions.',
  description:
    'Body: task identification, `text` (HTML, or markdown with `content_type: markdown`), `images`, `mentions` ' +
    '`[{user_id, display_name}]`. With a non-empty `mentions` the request must be authenticated by a signed session ' +
    '(`svc_session` cookie), not an API key alone (spec 5.4; else 401 `session_required`). The mentioning user is ' +
    'always the caller: a `mentionedBy` field is ignored. The ' +
    'task, the caller and every mentioned user must belong to the same board; a forged or cross-board mention → ' +
    '401 (`cross_board_mention`) and nothing is written. Answers 201 with the comment.',
  document: /* GraphQL */ `
    mutation RestAddComment($ref: TaskRefInput!, $text: String!, $contentType: String, $images: [String!], $mentions: [MentionInput!]) {
      addComment(ref: $ref, text: $text, contentType: $contentType, images: $images, mentions: $mentions) { ${COMMENT_FIELDS} }
    }
  `,
  // Unknown keys (such as `mentionedBy`) are dropped by the schema: they never reach the operation.
  body: z.object({ ...taskRefBody, ...newCommentBody }),
  requiresSession: (i) => (i.body.mentions?.length ?? 0) > 0,
  status: 201,
  response: z.object({ success: z.literal(true), comment: restCommentSchema }),
  toVariables: ({ body }) => newCommentVariables(body),
  toBody: (data: { addComment: CommentNode }) => ({ success: true, comment: restCommentOut(data.addComment) }),
});

/** PATCH /api/v1/comments/{id} (ours). */
export const editCommentRoute = route({
  method: 'PATCH',
  path: '/comments/:id{[0-9]+}',
  operationId: 'editComment',
  errors: ['FORBIDDEN'],
  tag: 'comments',
  summary: 'Changes the text of your own comment.',
  description:
    'Body: `text` (HTML, or markdown with `content_type: markdown`). Only the author may (another member: 403 ' +
    '`forbidden`; a comment outside your boards: 404). A real change sets `edited: true` and `editedAt`; mentions ' +
    'and images stay and nobody is notified again. Answers `{success, comment}`.',
  params: commentIdParams,
  body: z.object({
    text: z.string({ message: 'text is required' }).describe('New text: HTML, or markdown with `content_type`.'),
    content_type: z.string().optional().describe('`html` (default) or `markdown`; anything else → 400.'),
  }),
  response: z.object({ success: z.literal(true), comment: restCommentSchema }),
  fieldNames: { commentId: 'id' },
  document: /* GraphQL */ `
    mutation RestEditComment($id: Int!, $text: String!, $contentType: String) {
      editComment(id: $id, text: $text, contentType: $contentType) { ${COMMENT_FIELDS} }
    }
  `,
  toVariables: ({ params, body }) => ({ id: params.id, text: body.text, contentType: body.content_type }),
  toBody: (data: { editComment: CommentNode }) => ({ success: true, comment: restCommentOut(data.editComment) }),
});

/** DELETE /api/v1/comments/{id} (ours). */
export const deleteCommentRoute = route({
  method: 'DELETE',
  path: '/comments/:id{[0-9]+}',
  operationId: 'deleteComment',
  errors: ['FORBIDDEN'],
  tag: 'comments',
  summary: 'Deletes your own comment for good.',
  description:
    'Only the author may (another member: 403 `forbidden`; a comment outside your boards: 404). Answers ' +
    '`{success, message}`.',
  params: commentIdParams,
  response: z.object({ success: z.literal(true), message: z.string() }),
  fieldNames: { commentId: 'id' },
  document: /* GraphQL */ `
    mutation RestDeleteComment($id: Int!) {
      deleteComment(id: $id) { id }
    }
  `,
  toVariables: ({ params }) => ({ id: params.id }),
  toBody: (data: { deleteComment: { id: number } }) => ({
    success: true,
    message: `Comment ${data.deleteComment.id} deleted`,
  }),
});

export const commentRoutes = [listCommentsRoute, addCommentRoute, editCommentRoute, deleteCommentRoute];
