// Relay global object identification: every Node type's `globalId` refetches
// it through `node` and `nodes` for whoever may see it, and nobody else
// (another tenant, a removed member) tells it from an id that names nothing.
// Malformed ids are VALIDATION naming the argument; `nodes` has a count budget.
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalId } from '../../src/graphql/global-id.ts';
import { NODE_ID_KINDS, NODES_MAX_IDS } from '../../src/graphql/types/node.ts';
import { useTestApp } from '../support/app.ts';
import { gql } from '../support/graphql.ts';
import { makeTenantWorld, type TenantWorld } from '../security/tenant-world.ts';

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
let w: TenantWorld;
/** A's objects: the type and its own `id` as that type's field shows it. */
let objects: { typename: string; id: number | string }[];

beforeAll(async () => {
  w = await makeTenantWorld(t);
  objects = [
    { typename: 'Task', id: w.aTask.id },
    { typename: 'Project', id: w.a.projectId },
    { typename: 'Section', id: w.a.sectionId },
    { typename: 'Label', id: w.a.labelId },
    { typename: 'Comment', id: w.commentId },
    { typename: 'Team', id: w.a.teamId },
    { typename: 'Agent', id: w.a.agentId },
    { typename: 'User', id: w.a2.userId },
    { typename: 'SavedView', id: w.viewId },
    { typename: 'TaskDraft', id: w.draftId },
    { typename: 'WebhookSubscription', id: w.webhookId },
    { typename: 'Notification', id: w.notificationId },
  ];
});

const global = (o: { typename: string; id: number | string }) => encodeGlobalId(o.typename, o.id);

/**
 * The row id a type's own field shows: a Team's `id` is its UUID and `number` its row id; an
 * Agent's `id` is a UUID (a String: another alias, as one response key has one type).
 */
const IDENTITY = `__typename globalId ... on Team { rowId: number } ... on Agent { rowUuid: id } ${[
  ...NODE_ID_KINDS.keys(),
]
  .filter((name) => name !== 'Team' && name !== 'Agent')
  .map((name) => `... on ${name} { rowId: id }`)
  .join(' ')}`;

/** What IDENTITY answers for an object. */
const shape = (o: { typename: string; id: number | string }) => ({
  __typename: o.typename,
  globalId: global(o),
  ...(o.typename === 'Agent' ? { rowUuid: o.id } : { rowId: o.id }),
});

const NODE = `query($id: ID!) { node(id: $id) { ${IDENTITY} } }`;
const NODES = `query($ids: [ID!]!) { nodes(ids: $ids) { ${IDENTITY} } }`;

describe('node and nodes', () => {
  it('covers every type with its own identity', () => {
    expect(new Set(objects.map((o) => o.typename))).toEqual(new Set(NODE_ID_KINDS.keys()));
  });

  it('refetch each of the owner’s objects by the globalId its own field shows', async () => {
    const fromFields = await gql(
      t,
      w.a.key,
      `query($ref: TaskRefInput!, $p: Int!) {
        task(ref: $ref) { globalId project { globalId } section { id globalId } }
        project(id: $p) { globalId }
      }`,
      { ref: { taskId: w.aTask.id }, p: w.a.projectId },
    );
    expect(fromFields.errors).toBeUndefined();
    expect(fromFields.data!.task.globalId).toBe(global(objects[0]));
    expect(fromFields.data!.project.globalId).toBe(global(objects[1]));
    const section = fromFields.data!.task.section;
    expect(section.globalId).toBe(encodeGlobalId('Section', section.id));

    for (const o of objects) {
      const res = await gql(t, w.a.key, NODE, { id: global(o) });
      expect(res, o.typename).toEqual({ data: { node: shape(o) } });
    }
    const all = await gql(t, w.a.key, NODES, { ids: objects.map(global) });
    expect(all.errors).toBeUndefined();
    expect(all.data!.nodes).toEqual(objects.map(shape));
  });

  it('a selection under node reads the object’s fields (the Prisma query of its fragment)', async () => {
    const res = await gql(
      t,
      w.a.key,
      'query($id: ID!) { node(id: $id) { ... on Task { title ticketNumber project { id } labels { name } } } }',
      {
        id: encodeGlobalId('Task', w.aTask.id),
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.node).toMatchObject({ ticketNumber: w.aTask.ticket, project: { id: w.a.projectId }, labels: [] });
  });

  it('another tenant gets null for every object, exactly as for ids that name nothing', async () => {
    for (const o of objects) {
      const res = await gql(t, w.b.key, NODE, { id: global(o) });
      expect(res, o.typename).toEqual({ data: { node: null } });
    }
    const unknown = await gql(t, w.b.key, NODE, { id: encodeGlobalId('Task', 2147483647) });
    expect(unknown).toEqual({ data: { node: null } });
    const mixed = await gql(t, w.b.key, NODES, {
      ids: [encodeGlobalId('Task', w.b.taskId), ...objects.map(global), encodeGlobalId('Task', w.b.taskId)],
    });
    expect(mixed.errors).toBeUndefined();
    expect(mixed.data!.nodes[0]).toMatchObject({ __typename: 'Task', rowId: w.b.taskId });
    expect(mixed.data!.nodes.slice(1, -1)).toEqual(objects.map(() => null));
    expect(mixed.data!.nodes.at(-1)).toEqual(mixed.data!.nodes[0]);
  });

  it('a member removed from the board no longer gets its task, section or label', async () => {
    const ids = [objects[0], objects[2], objects[3]].map(global);
    const before = await gql(t, w.a.key, NODES, { ids });
    expect(before.data!.nodes.every(Boolean)).toBe(true);
    const { makeUserWithKey } = await import('../support/factories.ts');
    const c = await makeUserWithKey(t.db, 'Carol');
    await t.db.projectMember.create({ data: { projectId: w.a.projectId, userId: c.user.id } });
    expect((await gql(t, c.key, NODES, { ids })).data!.nodes.every(Boolean)).toBe(true);
    await t.db.projectMember.delete({ where: { projectId_userId: { projectId: w.a.projectId, userId: c.user.id } } });
    expect(await gql(t, c.key, NODES, { ids })).toEqual({ data: { nodes: [null, null, null] } });
  });

  const base64 = (s: string) => Buffer.from(s).toString('base64');
  const MALFORMED = [
    'not-a-global-id',
    '',
    '123',
    base64('Task'),
    base64('Task:'),
    base64('Task:0'),
    base64('Task:01'),
    base64('Task:-1'),
    base64('Task:1.5'),
    base64('Task:2147483648'),
    base64('Agent:12'),
    base64('Task:1:2'),
    base64('Unknown:1'),
    base64('Assignee:1'),
    base64('task:1'),
    // The same bytes with other padding bits: not the one string the service hands out.
    // (`VGFzazoxMg==` is Task:12; `VGFzazoxMh==` decodes to the same bytes.)
    'VGFzazoxMh==',
    base64(`Task:${'9'.repeat(100)}`),
  ];

  it.each(MALFORMED)('a malformed id (%j) is VALIDATION naming the argument, never INTERNAL', async (id) => {
    const res = await t.fetch('/graphql', { method: 'POST', key: w.a.key, json: { query: NODE, variables: { id } } });
    expect(res.status).toBeLessThan(500);
    const one = (await res.json()) as { errors?: { extensions: Record<string, unknown> }[] };
    expect(one.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'id', detail: 'invalid_global_id' });
    const many = await gql(t, w.a.key, NODES, { ids: [global(objects[0]), id] });
    expect(many.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION',
      field: 'ids',
      detail: 'invalid_global_id',
    });
  });

  it(`nodes takes up to ${NODES_MAX_IDS} ids: one under and at pass, one over is VALIDATION naming ids`, async () => {
    const id = global(objects[0]);
    for (const n of [NODES_MAX_IDS - 1, NODES_MAX_IDS]) {
      const res = await gql(t, w.a.key, 'query($ids: [ID!]!) { nodes(ids: $ids) { globalId } }', {
        ids: Array(n).fill(id),
      });
      expect(res.errors, String(n)).toBeUndefined();
      expect(res.data!.nodes).toHaveLength(n);
    }
    const over = await gql(t, w.a.key, 'query($ids: [ID!]!) { nodes(ids: $ids) { globalId } }', {
      ids: Array(NODES_MAX_IDS + 1).fill(id),
    });
    expect(over.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'ids', detail: 'too_many_ids' });
    expect(over.data).toBeNull();
    // The query budget counts each id: a wide selection on many ids is refused before it runs.
    const wide = await gql(
      t,
      w.a.key,
      'query($ids: [ID!]!) { nodes(ids: $ids) { ... on Task { assignees { id } labels { id } subtasks { id title } watchers { id } } } }',
      { ids: Array(NODES_MAX_IDS).fill(id) },
    );
    expect(wide.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION',
      field: 'query',
      detail: 'complexity_limit',
    });
  });

  it('anonymous callers are refused', async () => {
    const res = await gql(t, undefined, NODE, { id: global(objects[0]) });
    expect(res.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
