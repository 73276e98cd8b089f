import { z } from 'zod';
import { COMMENT_FIELD_DESCRIPTIONS as D, COMMENT_PAGE, commentTextField } from '../../../domain/comment.ts';
import { boundsOf } from '../shared/bounds.ts';
import { requiredString } from '../../../domain/validate.ts';
import { qsId } from '../../query-params.ts';
import { restComment, restCommentSchema } from '../../presenters/comment.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import {
  commentContentTypeBody,
  commentListQuery,
  commentListVariables,
  commentMarkdownBody,
  newCommentBody,
  newCommentVariables,
} from '../shared/comment.ts';
import { taskRefBody } from '../shared/task-ref.ts';
import { contentTypeName } from '../shared/content-type.ts';

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
    `\`limit\` 1 to ${COMMENT_PAGE.maxLimit} (default ${COMMENT_PAGE.defaultLimit}), \`offset\` (default 0), \`sort_order\` \`asc\` (default) or \`desc\`.`,
  document: graphql(`
    query RestComments($ref: TaskRefInput!, $limit: Int, $offset: Int, $sortOrder: SortOrder) {
      comments(ref: $ref, limit: $limit, offset: $offset, sortOrder: $sortOrder) {
        total limit offset
        items { ...RestCommentFields }
      }
    }
  `),
  query: commentListQuery,
  response: z.object({
    success: z.literal(true),
    comments: z.array(restCommentSchema),
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
  }),
  toVariables: ({ query }) => commentListVariables(query),
  toBody: (data) => ({
    success: true,
    comments: data.comments.items.map(restComment),
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
  idempotent: true,
  tag: 'comments',
  summary: 'Adds a comment to a task, with structured mentions.',
  description:
    'Body: task identification, `text` (HTML, or markdown with `content_type: markdown`), `images`, `mentions` ' +
    '`[{user_id, display_name}]` (the name shown is the user’s own; `display_name` is ignored). With a non-empty `mentions` the request must be authenticated by a signed session ' +
    '(`svc_session` cookie), not an API key alone (else 401 `session_required`). The mentioning user is ' +
    'always the caller: a `mentionedBy` field is ignored. The ' +
    'task, the caller and every mentioned user must belong to the same board; a forged or cross-board mention → ' +
    '401 (`cross_board_mention`) and nothing is written. Answers 201 with the comment.',
  document: graphql(`
    mutation RestAddComment($ref: TaskRefInput!, $text: String!, $contentType: ContentType, $images: [String!], $mentions: [MentionInput!]) {
      addComment(ref: $ref, text: $text, contentType: $contentType, images: $images, mentions: $mentions) { ...RestCommentFields }
    }
  `),
  // Other unknown fields are refused (400 naming them); `mentionedBy` is accepted and never reaches the operation.
  body: z.object({
    ...taskRefBody,
    ...newCommentBody,
    mentionedBy: z.unknown().optional().describe('Ignored: the mentioning user is always the caller.'),
    mentioned_by: z.unknown().optional().describe('Ignored, as `mentionedBy`.'),
  }),
  requiresSession: (i) => (i.body.mentions?.length ?? 0) > 0,
  status: 201,
  response: z.object({ success: z.literal(true), comment: restCommentSchema }),
  toVariables: ({ body }) => newCommentVariables(body),
  toBody: (data) => ({ success: true, comment: restComment(data.addComment) }),
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
    text: requiredString('text')
      .meta(boundsOf(commentTextField()))
      .describe(`${D.text} ${commentMarkdownBody}`),
    content_type: commentContentTypeBody(),
  }),
  response: z.object({ success: z.literal(true), comment: restCommentSchema }),
  fieldNames: { commentId: 'id' },
  document: graphql(`
    mutation RestEditComment($id: Int!, $text: String!, $contentType: ContentType) {
      editComment(id: $id, text: $text, contentType: $contentType) { ...RestCommentFields }
    }
  `),
  toVariables: ({ params, body }) => ({ id: params.id, text: body.text, contentType: contentTypeName(body.content_type ?? null) }),
  toBody: (data) => ({ success: true, comment: restComment(data.editComment) }),
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
  document: graphql(`
    mutation RestDeleteComment($id: Int!) {
      deleteComment(id: $id) { id }
    }
  `),
  toVariables: ({ params }) => ({ id: params.id }),
  toBody: (data) => ({
    success: true,
    message: `Comment ${data.deleteComment.id} deleted`,
  }),
});

export const commentRoutes = [listCommentsRoute, addCommentRoute, editCommentRoute, deleteCommentRoute];
