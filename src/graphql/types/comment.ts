import { addComment, commentListQuery, COMMENT_FIELD_DESCRIPTIONS as D, COMMENT_PAGE, deleteComment, editComment } from '../../domain/comment.ts';
import { builder } from '../builder.ts';
import { ContentTypeEnum } from './content-type.ts';
import { connectionType } from '../connection.ts';
import { loadPage, pageArgs, pageType } from '../page.ts';
import { resolvePrismaConnection } from '../prisma-connection.ts';
import { viewerOf } from '../viewer.ts';
import { SortOrderEnum } from './project.ts';
import { TaskRefInput } from './task-ref.ts';

// GraphQL's spellings, after the shared text of `text` and `contentType`.
const markdownArg = 'Markdown with `contentType: MARKDOWN`.';
const contentTypeArg = '`HTML` (default) or `MARKDOWN`.';

/** A structured mention of a user in a comment. */
export const CommentMentionType = builder.prismaObject('CommentMention', {
  description: 'A user mentioned in a comment through the structured `mentions` list (`@name` text is not a mention).',
  fields: (t) => ({
    userId: t.exposeInt('userId', { description: D.mentionUserId }),
    displayName: t.exposeString('displayName', { description: D.mentionDisplayName }),
    user: t.relation('user', { description: 'The mentioned user.' }),
  }),
});

/** A comment on a task. */
export const CommentType = builder.prismaNode('Comment', {
  id: { field: 'id' },
  description: 'A comment on a task.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Numeric comment id.' }),
    taskId: t.exposeInt('taskId', { description: 'The task commented on.' }),
    text: t.exposeString('text', { description: D.text }),
    images: t.exposeStringList('images', { description: D.images }),
    author: t.relation('author', { nullable: true, description: D.author }),
    mentions: t.relation('mentions', {
      description: D.mentions,
      query: { orderBy: { userId: 'asc' } },
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: D.createdAt }),
    editedAt: t.expose('editedAt', { type: 'DateTime', nullable: true, description: `${D.editedAt} Set by \`editComment\`.` }),
    edited: t.boolean({
      description: D.edited,
      select: { editedAt: true },
      resolve: (c) => c.editedAt !== null,
    }),
  }),
});

/** What is left of a deleted comment. */
const DeletedCommentType = builder.objectRef<{ id: number; taskId: number }>('DeletedComment').implement({
  description: 'A comment deleted for good.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Id the comment had.' }),
    taskId: t.exposeInt('taskId', { description: 'The task it was on.' }),
  }),
});

export const CommentPage = pageType('Comment', CommentType, 'comments');
export const CommentConnection = connectionType('Comment', CommentType, 'comments');

export const MentionInput = builder.inputType('MentionInput', {
  description: 'A structured mention: the user must be a member of the task’s board.',
  fields: (t) => ({
    userId: t.int({ required: true, description: D.mentionUserId }),
    displayName: t.string({ description: `${D.mentionDisplayName} Kept so the input matches the tool and REST routes.` }),
  }),
});

builder.queryField('comments', (t) =>
  t.field({
    type: CommentPage,
    description: 'Comments of a task, oldest first by default, with the total count.',
    args: {
      ref: t.arg({ type: TaskRefInput, required: true, description: 'The task.' }),
      ...pageArgs(t.arg, 'comments', COMMENT_PAGE),
      sortOrder: t.arg({ type: SortOrderEnum, defaultValue: 'asc', description: '`ASC` oldest first (default) or `DESC` newest first.' }),
    },
    resolve: async (_root, args, ctx, info) => {
      const q = await commentListQuery(ctx.db, viewerOf(ctx).userId, args.ref, {
        limit: args.limit,
        offset: args.offset,
        sortOrder: args.sortOrder ?? undefined,
      });
      return loadPage(ctx.db.comment, q, ctx, info);
    },
  }),
);

builder.queryField('commentsConnection', (t) =>
  t.connection(
    {
      type: CommentType,
      description:
        'The `comments` of a task as a Relay connection: same order (createdAt, then id, in `sortOrder`) and ' +
        'access rule (NOT_FOUND when the task is not visible), paged by cursor.',
      args: {
        ref: t.arg({ type: TaskRefInput, required: true, description: 'The task.' }),
        sortOrder: t.arg({
          type: SortOrderEnum,
          defaultValue: 'asc',
          description: '`ASC` oldest first (default) or `DESC` newest first.',
        }),
      },
      resolve: (_root, args, ctx, info) =>
        resolvePrismaConnection({
          ctx,
          info,
          args,
          model: 'Comment',
          list: () =>
            commentListQuery(ctx.db, viewerOf(ctx).userId, args.ref, { sortOrder: args.sortOrder ?? undefined }),
          findMany: (q) => ctx.db.comment.findMany(q),
          count: (where) => ctx.db.comment.count({ where }),
        }),
    },
    CommentConnection,
  ),
);

builder.mutationField('addComment', (t) =>
  t.prismaField({
    type: 'Comment',
    description:
      'Adds a comment to a task. `text` is HTML (sanitised) unless `contentType` is `MARKDOWN` (GFM → HTML). Only the structured `mentions` notify (`@name` in the text does not); a ' +
      'mentioned user who is not a member of the task’s board makes the call fail with UNAUTHENTICATED ' +
      '(`cross_board_mention`) and nothing is written. Like the tool route, an API key may ' +
      'mention; only `POST /api/v1/comments` demands a signed session for mentions. The author starts watching the task.',
    args: {
      ref: t.arg({ type: TaskRefInput, required: true, description: 'The task.' }),
      text: t.arg.string({ required: true, description: `${D.text} ${markdownArg}` }),
      contentType: t.arg({ type: ContentTypeEnum, description: `${D.contentType} ${contentTypeArg}` }),
      images: t.arg.stringList({ description: D.images }),
      mentions: t.arg({
        type: [MentionInput],
        description: `${D.mentions} A user who is not a member: UNAUTHENTICATED \`cross_board_mention\`, nothing written.`,
      }),
    },
    resolve: async (query, _root, args, ctx) => {
      const comment = await addComment(ctx.db, viewerOf(ctx).userId, args.ref, {
        text: args.text,
        contentType: args.contentType,
        images: args.images,
        mentions: args.mentions,
      });
      return ctx.db.comment.findUniqueOrThrow({ ...query, where: { id: comment.id } });
    },
  }),
);

builder.mutationField('editComment', (t) =>
  t.prismaField({
    type: 'Comment',
    description:
      'Changes the text of your own comment (another member’s: FORBIDDEN; not on one of your boards: NOT_FOUND). ' +
      '`text` and `contentType` as in `addComment`. A real change sets `editedAt`; mentions and images stay, and ' +
      'nobody is notified again.',
    args: {
      id: t.arg.int({ required: true, description: 'The comment.' }),
      text: t.arg.string({ required: true, description: `${D.text} ${markdownArg}` }),
      contentType: t.arg({ type: ContentTypeEnum, description: `${D.contentType} ${contentTypeArg}` }),
    },
    resolve: async (query, _root, args, ctx) => {
      const comment = await editComment(ctx.db, viewerOf(ctx).userId, args.id, {
        text: args.text,
        contentType: args.contentType,
      });
      return ctx.db.comment.findUniqueOrThrow({ ...query, where: { id: comment.id } });
    },
  }),
);

builder.mutationField('deleteComment', (t) =>
  t.field({
    type: DeletedCommentType,
    description: 'Deletes your own comment for good (another member’s: FORBIDDEN; not on one of your boards: NOT_FOUND).',
    args: { id: t.arg.int({ required: true, description: 'The comment.' }) },
    resolve: (_root, args, ctx) => deleteComment(ctx.db, viewerOf(ctx).userId, args.id),
  }),
);
