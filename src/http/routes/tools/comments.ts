import { z } from 'zod';
import { toolComment, toolCommentSchema } from '../../presenters/comment.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { commentListQuery, commentListVariables, newCommentBody, newCommentVariables } from '../shared/comment.ts';
import { taskRefBody } from '../shared/task-ref.ts';
import { COMMENT_PAGE } from '../../../domain/comment.ts';

/** tasksvc_get_comments_for_task: GET /comments. */
export const listCommentsRoute = route({
  method: 'GET',
  path: '/comments',
  operationId: 'tasksvc_get_comments_for_task',
  tag: 'tools',
  summary: 'Comments of a task, oldest first by default.',
  description:
    'Task identification in the query string: `task_id`, or `ticket_number` (+ `project_id` when ambiguous), or ' +
    `\`project_id\` + \`unique_index\`. \`limit\` 1 to ${COMMENT_PAGE.maxLimit} (default ${COMMENT_PAGE.defaultLimit}), \`offset\` (default 0), \`sort_order\` \`asc\` (oldest ` +
    'first, default) or `desc`.',
  document: graphql(`
    query ToolComments($ref: TaskRefInput!, $limit: Int, $offset: Int, $sortOrder: SortOrder) {
      comments(ref: $ref, limit: $limit, offset: $offset, sortOrder: $sortOrder) {
        total
        items { ...ToolCommentFields }
      }
    }
  `),
  query: commentListQuery,
  response: z.object({ comments: z.array(toolCommentSchema), total: z.number() }),
  toVariables: ({ query }) => commentListVariables(query),
  toBody: (data) => ({
    comments: data.comments.items.map(toolComment),
    total: data.comments.total,
  }),
});

/** tasksvc_add_comment_to_task: POST /comments. */
export const addCommentRoute = route({
  method: 'POST',
  path: '/comments',
  operationId: 'tasksvc_add_comment_to_task',
  idempotent: true,
  tag: 'tools',
  summary: 'Adds a comment to a task.',
  description:
    'Task identification (`task_id`, `ticket_number`, or `project_id` + `unique_index`), `text` (required, HTML ' +
    'unless `content_type` is `markdown`), `images`, `mentions` `[{user_id, display_name}]` (the name shown is the user’s own; `display_name` is ignored). Only structured ' +
    'mentions notify (`@name` in the text does not). A mentioned user outside the task’s board → ' +
    '401 and nothing is written. The author starts watching the task.',
  document: graphql(`
    mutation ToolAddComment($ref: TaskRefInput!, $text: String!, $contentType: ContentType, $images: [String!], $mentions: [MentionInput!]) {
      addComment(ref: $ref, text: $text, contentType: $contentType, images: $images, mentions: $mentions) { id text createdAt }
    }
  `),
  body: z.object({ ...taskRefBody, ...newCommentBody }),
  response: z.object({ id: z.number(), text: z.string(), createdAt: z.string() }),
  toVariables: ({ body }) => newCommentVariables(body),
  toBody: (data) => data.addComment,
});

export const commentRoutes = [listCommentsRoute, addCommentRoute];
