import { z } from 'zod';
import {
  COMMENT_FIELD_DESCRIPTIONS as D,
  COMMENT_PAGE,
  MAX_COMMENT_IMAGES,
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
import { NAME_LIMITS } from '../../../domain/fields.ts';
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

/** This API's spelling of markdown, after the shared text of `text`. */
export const commentMarkdownBody = 'Markdown with `content_type: markdown`.';

/** The `content_type` body field of comment writes: the shared text with this API's spelling and error. */
export const commentContentTypeBody = () =>
  z.string().optional().describe(`${D.contentType} Spelt \`html\` or \`markdown\`; anything else → 400.`);

/**
 * Body fields of a new comment (tool and REST). They parse types only: the
 * limits are the domain's (its errors name these fields), documented here
 * from its rules (boundsOf), except a list's count, checked here too with
 * the domain's constant (refused before its elements become GraphQL
 * variables). `display_name` is this API's own: it never
 * reaches the domain, so its bound is the route's. The descriptions are the
 * domain's (COMMENT_FIELD_DESCRIPTIONS), with this API's spellings added.
 */
export const newCommentBody = {
  text: requiredString('text')
    .meta(boundsOf(commentTextField()))
    .describe(`${D.text} ${commentMarkdownBody}`),
  content_type: commentContentTypeBody(),
  images: z
    .array(z.string())
    .max(MAX_COMMENT_IMAGES)
    .meta(boundsOf(commentImagesField()))
    .optional()
    .describe(D.images),
  mentions: z
    .array(
      z.object({
        user_id: bodyId().describe(D.mentionUserId),
        display_name: z.string().max(NAME_LIMITS.displayNameMax).optional().describe(D.mentionDisplayName),
      }),
    )
    .max(MAX_COMMENT_MENTIONS)
    .meta(boundsOf(commentMentionsField()))
    .optional()
    .describe(`${D.mentions} A user who is not a member: 401 \`cross_board_mention\`, nothing written.`),
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
