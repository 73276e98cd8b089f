import { z } from 'zod';
import {
  COMMENT_PAGE,
  MAX_COMMENT_IMAGES,
  MAX_COMMENT_LENGTH,
  MAX_COMMENT_MENTIONS,
  commentImagesField,
  commentMentionsField,
  commentTextField,
} from '../../../domain/comment.ts';
import { boundsOf } from './bounds.ts';
import { requiredString } from '../../../domain/validate.ts';
import { bodyId, qsInt } from '../../query-params.ts';
import { type TaskRefFields, taskRefQuery, toTaskRef } from './task-ref.ts';
import { MAX_OFFSET } from '../../../domain/page.ts';
import { contentTypeName } from './content-type.ts';
import { SORT_ORDER } from '../../../graphql/enum-names.ts';

/** Query string of the comment lists (tool and REST): the task, paging and order. */
export const commentListQuery = z.object({
  ...taskRefQuery,
  limit: qsInt(1, COMMENT_PAGE.maxLimit).optional().describe(`Page size, 1 to ${COMMENT_PAGE.maxLimit} (default ${COMMENT_PAGE.defaultLimit}).`),
  offset: qsInt(0, MAX_OFFSET).optional().describe('Comments to skip (default 0).'),
  sort_order: z.enum(['asc', 'desc']).optional().describe('`asc` oldest first (default) or `desc`.'),
});

/** GraphQL variables of a comment list query. */
export function commentListVariables(query: z.output<typeof commentListQuery>) {
  return {
    ref: toTaskRef(query),
    limit: query.limit ?? COMMENT_PAGE.defaultLimit,
    offset: query.offset ?? 0,
    sortOrder: SORT_ORDER.name(query.sort_order ?? 'asc'),
  };
}

/**
 * Body fields of a new comment (tool and REST). They parse types only: the
 * limits are the domain's (its errors name these fields), documented here
 * from its rules (boundsOf), except a list's count, checked here too with
 * the domain's constant (refused before its elements become GraphQL
 * variables). `display_name` is this API's own: it never
 * reaches the domain, so its bound is the route's.
 */
export const newCommentBody = {
  text: requiredString('text')
    .meta(boundsOf(commentTextField()))
    .describe(`HTML, or markdown with \`content_type: markdown\`; at most ${MAX_COMMENT_LENGTH} characters.`),
  content_type: z.string().optional().describe('`html` (default) or `markdown` (GitHub Flavored Markdown, converted to HTML); anything else is a 400.'),
  images: z
    .array(z.string())
    .max(MAX_COMMENT_IMAGES)
    .meta(boundsOf(commentImagesField()))
    .optional()
    .describe(`Image URLs (http or https, at most ${MAX_COMMENT_IMAGES}).`),
  mentions: z
    .array(
      z.object({
        user_id: bodyId(),
        display_name: z
          .string()
          .max(200)
          .optional()
          .describe('Ignored: a mention shows the user’s own display name, whatever the request says.'),
      }),
    )
    .max(MAX_COMMENT_MENTIONS)
    .meta(boundsOf(commentMentionsField()))
    .optional()
    .describe(`Structured mentions (at most ${MAX_COMMENT_MENTIONS}); each user must be a member of the task’s board, else 401 \`cross_board_mention\`.`),
};

/** GraphQL variables of addComment from a parsed body. */
export function newCommentVariables(
  body: {
    text: string;
    content_type?: string;
    images?: string[];
    mentions?: { user_id: number; display_name?: string }[];
  } & TaskRefFields,
) {
  return {
    ref: toTaskRef(body),
    text: body.text,
    contentType: contentTypeName(body.content_type ?? null),
    images: body.images ?? null,
    mentions: body.mentions?.map((m) => ({ userId: m.user_id })) ?? null,
  };
}
