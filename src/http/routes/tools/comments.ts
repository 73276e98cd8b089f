import { z } from 'zod';
import { COMMENT_PAGE, MAX_COMMENT_LENGTH } from '../../../domain/comment.ts';
import { requiredString } from '../../../domain/validate.ts';
import { bodyId, qsId, qsInt } from '../../query-params.ts';
import { route } from '../../route.ts';

// Task identification (spec 2.4), exactly one form; the domain checks the
// combination so the error names the field the same way everywhere.

/** Task identification in a query string. */
export const taskRefQuery = {
  task_id: qsId().optional().describe('Internal task id.'),
  ticket_number: z.string().max(60).optional().describe('Ticket number such as `ABC-12`.'),
  project_id: qsId().optional().describe('Project id: disambiguates `ticket_number`, or scopes `unique_index`.'),
  unique_index: qsId().optional().describe('Index of the task within its project (needs `project_id`).'),
};

/** Task identification in a JSON body. */
export const taskRefBody = {
  task_id: bodyId().optional().describe('Internal task id.'),
  ticket_number: z.string().max(60).optional().describe('Ticket number such as `ABC-12`.'),
  project_id: bodyId().optional().describe('Project id: disambiguates `ticket_number`, or scopes `unique_index`.'),
  unique_index: bodyId().optional().describe('Index of the task within its project (needs `project_id`).'),
};

/** The GraphQL `TaskRefInput` of either form. */
export function toTaskRef(r: { task_id?: number; ticket_number?: string; project_id?: number; unique_index?: number }) {
  return { taskId: r.task_id, ticketNumber: r.ticket_number, projectId: r.project_id, uniqueIndex: r.unique_index };
}

interface CommentNode {
  id: number;
  text: string;
  createdAt: string;
  author: { id: number; displayName: string } | null;
}

const commentSchema = z.object({
  id: z.number(),
  text: z.string().describe('HTML.'),
  author: z.object({ id: z.number(), displayName: z.string() }).nullable().describe('null once the author was deleted.'),
  createdAt: z.string(),
});

/** tasksvc_get_comments_for_task: GET /comments. */
export const listCommentsRoute = route({
  method: 'GET',
  path: '/comments',
  operationId: 'tasksvc_get_comments_for_task',
  tag: 'tools',
  summary: 'Comments of a task, oldest first by default.',
  description:
    'Task identification in the query string: `task_id`, or `ticket_number` (+ `project_id` when ambiguous), or ' +
    '`project_id` + `unique_index`. `limit` 1 to 100 (default 50), `offset` (default 0), `sort_order` `asc` (oldest ' +
    'first, default) or `desc`.',
  document: /* GraphQL */ `
    query ToolComments($ref: TaskRefInput!, $limit: Int, $offset: Int, $sortOrder: SortOrder) {
      comments(ref: $ref, limit: $limit, offset: $offset, sortOrder: $sortOrder) {
        total
        items { id text createdAt author { id displayName } }
      }
    }
  `,
  query: z.object({
    ...taskRefQuery,
    limit: qsInt(1, COMMENT_PAGE.maxLimit).optional().describe('Page size, 1 to 100 (default 50).'),
    offset: qsInt(0, 1_000_000).optional().describe('Comments to skip (default 0).'),
    sort_order: z.enum(['asc', 'desc']).optional().describe('`asc` oldest first (default) or `desc`.'),
  }),
  response: z.object({ comments: z.array(commentSchema), total: z.number() }),
  toVariables: ({ query }) => ({
    ref: toTaskRef(query),
    limit: query.limit ?? COMMENT_PAGE.defaultLimit,
    offset: query.offset ?? 0,
    sortOrder: query.sort_order ?? 'asc',
  }),
  toBody: (data: { comments: { total: number; items: CommentNode[] } }) => ({
    comments: data.comments.items.map((c) => ({ id: c.id, text: c.text, author: c.author, createdAt: c.createdAt })),
    total: data.comments.total,
  }),
});

/** Body fields of a new comment, shared with the REST route. */
export const newCommentBody = {
  text: requiredString('text')
    .max(MAX_COMMENT_LENGTH)
    .describe(`HTML, or markdown with \`content_type: markdown\`; at most ${MAX_COMMENT_LENGTH} characters.`),
  content_type: z.string().optional().describe('`html` (default) or `markdown` (spec 4.6); anything else is a 400.'),
  images: z.array(z.string()).optional().describe('Image URLs (http or https, at most 20).'),
  mentions: z
    .array(z.object({ user_id: bodyId(), display_name: z.string() }))
    .optional()
    .describe('Structured mentions; each user must be a member of the task’s board, else 401 `cross_board_mention`.'),
};

/** GraphQL variables of addComment from a parsed body. */
export function newCommentVariables(body: {
  text: string;
  content_type?: string;
  images?: string[];
  mentions?: { user_id: number; display_name: string }[];
} & Parameters<typeof toTaskRef>[0]) {
  return {
    ref: toTaskRef(body),
    text: body.text,
    contentType: body.content_type ?? null,
    images: body.images ?? null,
    mentions: body.mentions?.map((m) => ({ userId: m.user_id, displayName: m.display_name })) ?? null,
  };
}

/** tasksvc_add_comment_to_task: POST /comments. */
export const addCommentRoute = route({
  method: 'POST',
  path: '/comments',
  operationId: 'tasksvc_add_comment_to_task',
  tag: 'tools',
  summary: 'Adds a comment to a task.',
  description:
    'Task identification (`task_id`, `ticket_number`, or `project_id` + `unique_index`), `text` (required, HTML ' +
    'unless `content_type` is `markdown`), `images`, `mentions` `[{user_id, display_name}]`. Only structured ' +
    'mentions notify (`@name` in the text does not, spec 4.1 rule 3). A mentioned user outside the task’s board → ' +
    '401 and nothing is written. The author starts watching the task.',
  document: /* GraphQL */ `
    mutation ToolAddComment($ref: TaskRefInput!, $text: String!, $contentType: String, $images: [String!], $mentions: [MentionInput!]) {
      addComment(ref: $ref, text: $text, contentType: $contentType, images: $images, mentions: $mentions) { id text createdAt }
    }
  `,
  body: z.object({ ...taskRefBody, ...newCommentBody }),
  response: z.object({ id: z.number(), text: z.string(), createdAt: z.string() }),
  toVariables: ({ body }) => newCommentVariables(body),
  toBody: (data: { addComment: { id: number; text: string; createdAt: string } }) => data.addComment,
});

export const commentRoutes = [listCommentsRoute, addCommentRoute];
