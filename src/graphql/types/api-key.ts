import {
  API_KEY_LABEL_MAX,
  type CreatedApiKey,
  MAX_ACTIVE_KEYS,
  createApiKey,
  revokeApiKey,
} from '../../domain/api-key.ts';
import { builder } from '../builder.ts';
import { personalViewerOf } from '../viewer.ts';

/** An API key as listed: never the key itself. */
export const ApiKeyType = builder.prismaObject('ApiKey', {
  description: 'An API key of the viewer. The key itself is shown only by `createApiKey`.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Key id (for revoking).' }),
    prefix: t.exposeString('prefix', { description: 'First characters of the key, to recognise it.' }),
    label: t.exposeString('label', { nullable: true, description: 'Label given at creation.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Creation time.' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: 'Last use (to the minute).' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true, description: 'Revocation time; null while active.' }),
  }),
});

const CreatedApiKey = builder.objectRef<CreatedApiKey>('CreatedApiKey').implement({
  description: 'A new API key: `key` is shown this once and never again.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Key id.' }),
    key: t.exposeString('key', { description: 'The full key; store it now.' }),
    prefix: t.exposeString('prefix', { description: 'First characters of the key.' }),
    label: t.exposeString('label', { nullable: true, description: 'Label.' }),
  }),
});

builder.queryField('apiKeys', (t) =>
  t.prismaField({
    type: ['ApiKey'],
    description:
      "The viewer's API keys, newest first (active and revoked); not paged, a short list. Requires a session the person signed in to " +
      '(password or invite): an API key alone answers UNAUTHENTICATED, a session made from a key FORBIDDEN.',
    resolve: (query, _root, _args, ctx) =>
      ctx.db.apiKey.findMany({ ...query, where: { userId: personalViewerOf(ctx).userId }, orderBy: { id: 'desc' } }),
  }),
);

builder.mutationFields((t) => ({
  createApiKey: t.field({
    type: CreatedApiKey,
    description:
      `Creates an API key for the viewer (at most ${MAX_ACTIVE_KEYS} active keys; the next is a VALIDATION error on ` +
      '`api_keys`). Requires a session the person signed in to (password or invite): a key alone is ' +
      'UNAUTHENTICATED and a session made from a key FORBIDDEN, so a leaked key cannot mint more keys.',
    args: { label: t.arg.string({ description: `Label shown in key lists (at most ${API_KEY_LABEL_MAX} characters).` }) },
    resolve: (_root, args, ctx) => createApiKey(ctx.db, personalViewerOf(ctx).userId, { label: args.label ?? null }),
  }),
  revokeApiKey: t.boolean({
    description:
      "Revokes one of the viewer's keys at once; another user's key id answers NOT_FOUND. Requires a session " +
      'the person signed in to (password or invite). Sessions made from the key end with it.',
    args: { id: t.arg.int({ required: true, description: 'Key id.' }) },
    resolve: async (_root, args, ctx) => {
      await revokeApiKey(ctx.db, args.id, personalViewerOf(ctx).userId);
      return true;
    },
  }),
}));
