import { brandWithType } from '@pothos/core';
import { queryFromInfo } from '@pothos/plugin-prisma';
import type { GraphQLResolveInfo } from 'graphql';
import {
  inVisibleProject,
  inVisibleTeam,
  knownUsersWhere,
  myDraftsWhere,
  visibleProjectsWhere,
  visibleTeamsWhere,
  visibleWebhooksWhere,
} from '../../domain/access.ts';
import { myViewsWhere } from '../../domain/view.ts';
import type { Db } from '../../db/client.ts';
import { ValidationError } from '../../errors.ts';
import { builder } from '../builder.ts';
import type { GraphQLContext } from '../context.ts';
import { decodeGlobalId, type GlobalIdParts, type RowIdKind } from '../global-id.ts';
import { viewerOf } from '../viewer.ts';

/** Most global ids one `nodes` call may name (a connection page's largest size). */
export const NODES_MAX_IDS = 100;

type Row = { id: number | string };
/** Loads the rows of `ids` the user may see, with the GraphQL selection's Prisma `query`. */
type Finder = (db: Db, userId: number, ids: never[], query: object) => Promise<Row[]>;

/**
 * Every Node type: how its row id is written and which of its rows a user
 * sees by id. Each filter is the one its own reads apply (src/domain/access.ts
 * and the domain's filters built on it), so `node` answers exactly what the
 * type's own fields would, and null for anything else.
 */
const NODE_TYPES: Record<string, { kind: RowIdKind; find: Finder }> = {
  Task: {
    kind: 'int',
    find: (db, u, ids, q) => db.task.findMany({ ...q, where: { AND: [{ id: { in: ids } }, inVisibleProject(u)] } }),
  },
  Project: {
    kind: 'int',
    find: (db, u, ids, q) =>
      db.project.findMany({ ...q, where: { AND: [{ id: { in: ids } }, visibleProjectsWhere(u)] } }),
  },
  // A deleted section is gone from its board (every list leaves it out): gone by id too.
  Section: {
    kind: 'int',
    find: (db, u, ids, q) =>
      db.section.findMany({ ...q, where: { AND: [{ id: { in: ids }, deletedAt: null }, inVisibleProject(u)] } }),
  },
  Label: {
    kind: 'int',
    find: (db, u, ids, q) => db.label.findMany({ ...q, where: { AND: [{ id: { in: ids } }, inVisibleProject(u)] } }),
  },
  Comment: {
    kind: 'int',
    find: (db, u, ids, q) =>
      db.comment.findMany({ ...q, where: { AND: [{ id: { in: ids } }, { task: inVisibleProject(u) }] } }),
  },
  Team: {
    kind: 'int',
    find: (db, u, ids, q) => db.team.findMany({ ...q, where: { AND: [{ id: { in: ids } }, visibleTeamsWhere(u)] } }),
  },
  Agent: {
    kind: 'uuid',
    find: (db, u, ids, q) => db.agent.findMany({ ...q, where: { AND: [{ id: { in: ids } }, inVisibleTeam(u)] } }),
  },
  User: {
    kind: 'int',
    find: (db, u, ids, q) => db.user.findMany({ ...q, where: { AND: [{ id: { in: ids } }, knownUsersWhere(u)] } }),
  },
  SavedView: {
    kind: 'int',
    find: (db, u, ids, q) => db.savedView.findMany({ ...q, where: { AND: [{ id: { in: ids } }, myViewsWhere(u)] } }),
  },
  TaskDraft: {
    kind: 'int',
    find: (db, u, ids, q) => db.taskDraft.findMany({ ...q, where: { AND: [{ id: { in: ids } }, myDraftsWhere(u)] } }),
  },
  WebhookSubscription: {
    kind: 'int',
    find: (db, u, ids, q) =>
      db.webhookSubscription.findMany({ ...q, where: { AND: [{ id: { in: ids } }, visibleWebhooksWhere(u)] } }),
  },
  // The inbox rule: one's own entries (archived ones too), about tasks one still sees.
  Notification: {
    kind: 'int',
    find: (db, u, ids, q) =>
      db.notification.findMany({
        ...q,
        where: { AND: [{ id: { in: ids }, userId: u }, { task: inVisibleProject(u) }] },
      }),
  },
};

/** The Node types by name and how their ids are written (what `decodeGlobalId` accepts). */
export const NODE_ID_KINDS: ReadonlyMap<string, RowIdKind> = new Map(
  Object.entries(NODE_TYPES).map(([name, t]) => [name, t.kind]),
);

/**
 * The objects of `ids` in the same order, null for each the viewer may not
 * see or that does not exist (the two look the same). One query per type
 * named, whatever the number of ids.
 */
async function loadNodes(ids: GlobalIdParts[], ctx: GraphQLContext, info: GraphQLResolveInfo): Promise<(Row | null)[]> {
  const userId = viewerOf(ctx).userId;
  const byType = new Map<string, Set<number | string>>();
  for (const { typename, id } of ids) {
    const set = byType.get(typename) ?? new Set();
    set.add(id);
    byType.set(typename, set);
  }
  const found = new Map<string, Row>();
  await Promise.all(
    [...byType].map(async ([typename, rowIds]) => {
      // The Prisma selection of the fragments on this type (`... on Task { … }`).
      const query = await queryFromInfo({ context: ctx, info, typeName: typename, awaitSelections: true });
      const rows = await NODE_TYPES[typename].find(ctx.db, userId, [...rowIds] as never[], query);
      for (const row of rows) {
        // Tells the Node interface which type the row is (Pothos's type brand).
        brandWithType(row, typename as never);
        found.set(`${typename}:${row.id}`, row);
      }
    }),
  );
  return ids.map(({ typename, id }) => found.get(`${typename}:${id}`) ?? null);
}

const nodeInterface = builder.nodeInterfaceRef();

builder.queryFields((t) => ({
  node: t.field({
    type: nodeInterface,
    nullable: true,
    description:
      'The object with this global id (`globalId` of any Node type), or null when it does not exist or is not ' +
      'yours to see: another tenant’s id and an unknown one answer alike. A string that is not a global id is a ' +
      'VALIDATION error naming `id`.',
    args: { id: t.arg.id({ required: true, description: 'A `globalId`.' }) },
    resolve: async (_root, args, ctx, info) => {
      const [node] = await loadNodes([decodeGlobalId(String(args.id), NODE_ID_KINDS, 'id')], ctx, info);
      return node as never;
    },
  }),
  nodes: t.field({
    type: [nodeInterface],
    nullable: { list: false, items: true },
    description:
      `The objects of these global ids, in the same order, null for each that does not exist or is not yours to ` +
      `see (as \`node\`). Up to ${NODES_MAX_IDS} ids; more, or a string that is not a global id, is a VALIDATION ` +
      'error naming `ids`.',
    args: {
      ids: t.arg.idList({ required: true, description: `Up to ${NODES_MAX_IDS} \`globalId\`s (repeats allowed).` }),
    },
    // Each id is an object the selection is run on: the query budget counts them, not a guess of 10.
    complexity: (args) => ({ field: 1, multiplier: Math.min(args.ids.length, NODES_MAX_IDS + 1) }),
    resolve: async (_root, args, ctx, info) => {
      // The count is checked before any id is read or any row loaded.
      if (args.ids.length > NODES_MAX_IDS) {
        throw new ValidationError(
          'ids',
          `\`ids\` holds ${args.ids.length} global ids; at most ${NODES_MAX_IDS} are allowed.`,
          'too_many_ids',
        );
      }
      const ids = args.ids.map((id) => decodeGlobalId(String(id), NODE_ID_KINDS, 'ids'));
      return (await loadNodes(ids, ctx, info)) as never;
    },
  }),
}));
