// Tenant isolation over GraphQL: user B (another team, no shared project)
// sends user A's ids to every root query, mutation and subscription field
// that takes an id. Each answers NOT_FOUND (never FORBIDDEN, never data) and
// the database does not change. The rows are data; the guard test below
// enumerates the id-taking fields from the schema itself and fails when a
// field has no row, so a new field cannot skip the matrix.
import {
  getNamedType,
  isCompositeType,
  isInputObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalId } from '../../src/graphql/global-id.ts';
import { schema } from '../../src/graphql/schema.ts';
import { createTestServer } from '../support/app.ts';
import { isolatedDatabaseEnv, snapshotDb } from '../support/db-snapshot.ts';
import { placeholderJson, placeholderWorld } from './placeholder-world.ts';
import { signInWithPassword } from './session-helpers.ts';
import { HOOK, MARK, makeTenantWorld, type TenantWorld } from './tenant-world.ts';

/**
 * `not_found`: the error is NOT_FOUND (the default). `nothing`: bulk ids
 * of others count 0 or answer NOT_FOUND. `empty`: a list filter that
 * matches nothing (`selection` reads the list). `refused`: any error but
 * INTERNAL (a user or agent who is not on B's board, a reference checked
 * within B's own project whose answer is the same for A's id as for an id
 * that does not exist, admin tools). `null`: no error and no data, exactly
 * the answer for an id that names nothing (`node`, `nodes`: Relay's
 * refetch fields answer null).
 */
type Expectation = 'not_found' | 'nothing' | 'empty' | 'refused' | 'null';
interface Row {
  /** A root field of Query, Mutation or Subscription. */
  field: string;
  args: (w: TenantWorld) => Record<string, unknown>;
  expect?: Expectation;
  /** Send B's password sign-in cookie (with the service's own Origin) instead of B's API key (fields that demand one). */
  session?: true;
  /** The result's selection set (default `{ __typename }` for object results). */
  selection?: string;
}

const ref = (taskId: number) => ({ taskId });
const aTask = (w: TenantWorld) => ref(w.aTask.id);
const bTask = (w: TenantWorld) => ref(w.b.taskId);

/** Every object of A's as a Relay global id. */
const aGlobalIds = (w: TenantWorld) => [
  encodeGlobalId('Task', w.aTask.id),
  encodeGlobalId('Project', w.a.projectId),
  encodeGlobalId('Section', w.a.sectionId),
  encodeGlobalId('Label', w.a.labelId),
  encodeGlobalId('Comment', w.commentId),
  encodeGlobalId('Team', w.a.teamId),
  encodeGlobalId('Agent', w.a.agentId),
  encodeGlobalId('User', w.a.userId),
  encodeGlobalId('SavedView', w.viewId),
  encodeGlobalId('TaskDraft', w.draftId),
  encodeGlobalId('WebhookSubscription', w.webhookId),
  encodeGlobalId('Notification', w.notificationId),
];

const ROWS: Row[] = [
  // Queries.
  ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(
    (i): Row => ({ field: 'node', args: (w) => ({ id: aGlobalIds(w)[i] }), expect: 'null', selection: '{ __typename globalId }' }),
  ),
  { field: 'nodes', args: (w) => ({ ids: aGlobalIds(w) }), expect: 'null', selection: '{ __typename globalId }' },
  { field: 'task', args: (w) => ({ ref: aTask(w) }), expect: 'null' },
  { field: 'task', args: (w) => ({ ref: { projectId: w.a.projectId, uniqueIndex: w.aTask.uniqueIndex } }), expect: 'null' },
  { field: 'task', args: (w) => ({ ref: { ticketNumber: w.aTask.ticket } }), expect: 'null' },
  { field: 'tasks', args: (w) => ({ filter: { projectId: w.a.projectId } }) },
  { field: 'tasks', args: (w) => ({ filter: { boardId: w.a.projectId } }) },
  { field: 'tasks', args: (w) => ({ filter: { taskId: w.aTask.id } }) },
  // A filter, not a lookup: subtasks of a task B cannot see are none.
  {
    field: 'tasks',
    args: (w) => ({ filter: { parentId: w.aTask.id } }),
    expect: 'empty',
    selection: '{ total items { title } }',
  },
  { field: 'tasksConnection', args: (w) => ({ filter: { projectId: w.a.projectId } }) },
  {
    field: 'tasksConnection',
    args: (w) => ({ filter: { parentId: w.aTask.id } }),
    expect: 'empty',
    selection: '{ totalCount edges { node { title } } }',
  },
  { field: 'comments', args: (w) => ({ ref: aTask(w) }) },
  { field: 'commentsConnection', args: (w) => ({ ref: aTask(w) }) },
  { field: 'taskActivity', args: (w) => ({ ref: aTask(w) }) },
  { field: 'draft', args: (w) => ({ id: w.draftId }), expect: 'null' },
  { field: 'labels', args: (w) => ({ projectId: w.a.projectId }) },
  { field: 'labelsConnection', args: (w) => ({ projectId: w.a.projectId }) },
  { field: 'project', args: (w) => ({ id: w.a.projectId }), expect: 'null' },
  { field: 'projectMembers', args: (w) => ({ projectId: w.a.projectId }) },
  { field: 'savedView', args: (w) => ({ id: w.viewId }), expect: 'null' },
  { field: 'savedViews', args: (w) => ({ projectId: w.a.projectId }) },
  { field: 'savedViewsConnection', args: (w) => ({ projectId: w.a.projectId }) },
  { field: 'searchTasks', args: (w) => ({ query: MARK, projectId: w.a.projectId }) },
  { field: 'searchTasks', args: (w) => ({ query: MARK, boardId: w.a.projectId }) },
  { field: 'sections', args: (w) => ({ projectId: w.a.projectId }) },
  { field: 'sectionsConnection', args: (w) => ({ projectId: w.a.projectId }) },
  { field: 'webhookDeliveries', args: (w) => ({ subscriptionId: w.webhookId }) },
  { field: 'webhookDeliveriesConnection', args: (w) => ({ subscriptionId: w.webhookId }) },
  { field: 'webhookSubscription', args: (w) => ({ id: w.webhookId }), expect: 'null' },
  { field: 'webhookSubscriptions', args: (w) => ({ projectId: w.a.projectId }) },
  { field: 'webhookSubscriptions', args: (w) => ({ teamId: w.a.teamUuid }) },
  { field: 'webhookSubscriptionsConnection', args: (w) => ({ projectId: w.a.projectId }) },
  { field: 'webhookSubscriptionsConnection', args: (w) => ({ teamId: w.a.teamUuid }) },
  // Mutations on A's rows.
  { field: 'addComment', args: (w) => ({ ref: aTask(w), text: 'intruder' }) },
  {
    field: 'addComment',
    args: (w) => ({ ref: bTask(w), text: 'hi', mentions: [{ userId: w.a.userId, displayName: 'Alice' }] }),
    expect: 'refused',
  },
  { field: 'addProjectMember', args: (w) => ({ projectId: w.a.projectId, user: String(w.b.userId) }) },
  // A's user onto B's own board, by id and by email: the same NOT_FOUND as an unknown user.
  { field: 'addProjectMember', args: (w) => ({ projectId: w.b.projectId, user: String(w.a.userId) }) },
  { field: 'addProjectMember', args: (w) => ({ projectId: w.b.projectId, user: w.a.email }) },
  { field: 'teamInvites', args: (w) => ({ teamId: w.a.teamUuid }) },
  { field: 'createTeamInvite', args: (w) => ({ teamId: w.a.teamUuid, email: 'spy@test.local' }) },
  { field: 'revokeTeamInvite', args: (w) => ({ id: w.a.inviteId }), session: true },
  { field: 'addTeamMember', args: (w) => ({ teamId: w.a.teamUuid, user: String(w.b.userId) }) },
  { field: 'addTeamMember', args: (w) => ({ teamId: w.b.teamUuid, user: String(w.a.userId) }) },
  { field: 'addTeamMember', args: (w) => ({ teamId: w.b.teamUuid, user: w.a.email }) },
  { field: 'removeTeamMember', args: (w) => ({ teamId: w.a.teamUuid, user: String(w.a2.userId) }), session: true },
  { field: 'setTeamMemberRole', args: (w) => ({ teamId: w.a.teamUuid, user: String(w.a2.userId), role: 'OWNER' }), session: true },
  { field: 'addTaskLabels', args: (w) => ({ ref: aTask(w), labelIds: [w.a.labelId] }) },
  { field: 'addTaskLabels', args: (w) => ({ ref: bTask(w), labelIds: [w.a.labelId] }) },
  { field: 'archiveNotifications', args: (w) => ({ ids: [w.notificationId] }), expect: 'nothing' },
  { field: 'markNotificationsRead', args: (w) => ({ ids: [w.notificationId] }), expect: 'nothing' },
  { field: 'assignUser', args: (w) => ({ ref: aTask(w), userId: w.b.userId }) },
  { field: 'assignUser', args: (w) => ({ ref: bTask(w), userId: w.a.userId }), expect: 'refused' },
  { field: 'assignUser', args: (w) => ({ ref: bTask(w), agentId: w.a.agentId }), expect: 'refused' },
  { field: 'setAssignees', args: (w) => ({ ref: aTask(w), userIds: [w.b.userId] }) },
  { field: 'setAssignees', args: (w) => ({ ref: bTask(w), userIds: [w.a.userId] }), expect: 'refused' },
  { field: 'setAssignees', args: (w) => ({ ref: bTask(w), agentIds: [w.a.agentId] }), expect: 'refused' },
  {
    field: 'createBoard',
    args: (w) => ({ input: { teamId: w.a.teamUuid, title: 'spy', sections: [{ title: 'x' }] } }),
  },
  {
    field: 'createBoard',
    args: (w) => ({
      input: {
        teamId: w.b.teamUuid,
        title: 'spy',
        sections: [{ title: 'x' }],
        tasks: [{ title: 't', section: 'x', assigneeIds: [w.a.userId] }],
      },
    }),
    expect: 'refused',
  },
  {
    field: 'createTeamBoard',
    args: (w) => ({ teamId: w.a.teamUuid, input: { title: 'spy', sections: [{ title: 'x' }] } }),
  },
  { field: 'createDraft', args: (w) => ({ projectId: w.a.projectId, title: 'spy' }) },
  { field: 'createDraft', args: (w) => ({ projectId: w.b.projectId, sectionId: w.a.sectionId, title: 'spy' }) },
  { field: 'updateDraft', args: (w) => ({ id: w.draftId, title: 'pwned' }) },
  { field: 'deleteDraft', args: (w) => ({ id: w.draftId }) },
  { field: 'publishDraft', args: (w) => ({ id: w.draftId }) },
  { field: 'createLabel', args: (w) => ({ input: { projectId: w.a.projectId, name: 'spy' } }) },
  { field: 'updateLabel', args: (w) => ({ id: w.a.labelId, input: { name: 'pwned' } }) },
  { field: 'updateLabel', args: (w) => ({ id: w.a.labelId, projectId: w.b.projectId, input: { name: 'pwned' } }) },
  { field: 'deleteLabel', args: (w) => ({ id: w.a.labelId }) },
  { field: 'deleteLabel', args: (w) => ({ id: w.a.labelId, projectId: w.b.projectId }) },
  { field: 'createSavedView', args: (w) => ({ projectId: w.a.projectId, title: 'spy' }) },
  { field: 'updateSavedView', args: (w) => ({ id: w.viewId, title: 'pwned' }) },
  { field: 'deleteSavedView', args: (w) => ({ id: w.viewId }) },
  { field: 'createSection', args: (w) => ({ input: { projectId: w.a.projectId, title: 'spy' } }) },
  {
    field: 'createSection',
    args: (w) => ({ input: { projectId: w.b.projectId, afterSectionId: w.a.sectionId, title: 'spy' } }),
  },
  { field: 'updateSection', args: (w) => ({ input: { sectionId: w.a.sectionId, title: 'pwned' } }) },
  {
    field: 'updateSection',
    args: (w) => ({ input: { projectId: w.b.projectId, sectionId: w.a.sectionId, title: 'pwned' } }),
  },
  {
    field: 'updateSection',
    args: (w) => ({ input: { sectionId: w.b.sectionId, moveAfterSectionId: w.a.sectionId } }),
  },
  { field: 'deleteSection', args: (w) => ({ sectionId: w.a.sectionId }) },
  { field: 'deleteSection', args: (w) => ({ projectId: w.b.projectId, sectionId: w.a.sectionId }) },
  { field: 'createTask', args: (w) => ({ input: { projectId: w.a.projectId, title: 'intruder' } }) },
  {
    field: 'createTask',
    args: (w) => ({ input: { projectId: w.b.projectId, sectionId: w.a.sectionId, title: 'intruder' } }),
  },
  {
    field: 'createTask',
    args: (w) => ({ input: { projectId: w.b.projectId, parentId: w.aTask.id, title: 'intruder' } }),
  },
  {
    field: 'createTask',
    args: (w) => ({ input: { projectId: w.b.projectId, labelIds: [w.a.labelId], title: 'intruder' } }),
  },
  {
    field: 'createTask',
    args: (w) => ({ input: { projectId: w.b.projectId, assigneeUserIds: [w.a.userId], title: 'intruder' } }),
    expect: 'refused',
  },
  { field: 'updateTask', args: (w) => ({ ref: aTask(w), input: { title: 'pwned' } }) },
  { field: 'updateTask', args: (w) => ({ ref: bTask(w), input: { sectionId: w.a.sectionId } }) },
  { field: 'updateTask', args: (w) => ({ ref: bTask(w), input: { labelIds: [w.a.labelId] } }) },
  { field: 'updateTask', args: (w) => ({ ref: bTask(w), input: { parentId: w.aTask.id } }) },
  { field: 'deleteTask', args: (w) => ({ ref: aTask(w) }) },
  { field: 'moveTask', args: (w) => ({ ref: aTask(w), targetProjectId: w.b.projectId }) },
  { field: 'moveTask', args: (w) => ({ ref: bTask(w), targetProjectId: w.a.projectId }) },
  {
    field: 'moveTask',
    args: (w) => ({ ref: bTask(w), targetProjectId: w.b.projectId, targetSectionId: w.a.sectionId }),
  },
  { field: 'placeTask', args: (w) => ({ ref: aTask(w), sectionId: w.b.sectionId }) },
  { field: 'placeTask', args: (w) => ({ ref: bTask(w), sectionId: w.a.sectionId }) },
  { field: 'placeTask', args: (w) => ({ ref: bTask(w), afterTaskId: w.aTask.id }) },
  { field: 'removeTaskLabels', args: (w) => ({ ref: aTask(w), labelIds: [w.a.labelId] }) },
  { field: 'watchTask', args: (w) => ({ ref: aTask(w) }) },
  { field: 'unwatchTask', args: (w) => ({ ref: aTask(w) }) },
  { field: 'deleteComment', args: (w) => ({ id: w.commentId }) },
  { field: 'editComment', args: (w) => ({ id: w.commentId, text: 'pwned' }) },
  { field: 'removeProjectMember', args: (w) => ({ projectId: w.a.projectId, user: String(w.a2.userId) }) },
  { field: 'updateProjectStatus', args: (w) => ({ projectId: w.a.projectId, status: 'ARCHIVE' }) },
  { field: 'createWebhookSubscription', args: (w) => ({ input: { ...HOOK, projectId: w.a.projectId } }) },
  { field: 'createWebhookSubscription', args: (w) => ({ input: { ...HOOK, teamId: w.a.teamUuid } }) },
  {
    field: 'updateWebhookSubscription',
    args: (w) => ({ id: w.webhookId, input: { metadata: { 'X-Event-Type': ['task.updated'] } } }),
  },
  { field: 'deleteWebhookSubscription', args: (w) => ({ id: w.webhookId }) },
  { field: 'testWebhookSubscription', args: (w) => ({ id: w.webhookId }) },
  { field: 'redeliverWebhookDelivery', args: (w) => ({ subscriptionId: w.webhookId, deliveryId: w.deliveryId }) },
  { field: 'revokeApiKey', args: (w) => ({ id: w.a.keyId }), session: true },
  { field: 'revokeSession', args: (w) => ({ id: w.a.sessionId }), session: true },
  // Admin tool, not tenant-scoped: without the admin password nobody may use it.
  { field: 'resetUser', args: (w) => ({ userId: w.a.userId, adminPassword: 'guess' }), expect: 'refused' },
  // Subscriptions (over SSE): refused before any event.
  { field: 'boardEvents', args: (w) => ({ projectId: w.a.projectId }) },
  { field: 'taskEvents', args: (w) => ({ projectId: w.a.projectId }) },
  // Its only id is a resume cursor, no tenant's row: a made-up one is refused before any event
  // (that B's inbox stream never carries A's entries is test/events' inbox-events test).
  { field: 'inboxEvents', args: () => ({ after: 'not-a-cursor' }), expect: 'refused' },
];

const ROOTS = [schema.getQueryType()!, schema.getMutationType()!, schema.getSubscriptionType()!];
const ID_NAME = /^(id|ids|ref)$|Ids?$/;

/** The root type and field definition of a root field name. */
function rootField(name: string): { operation: string; field: GraphQLField<unknown, unknown> } {
  for (const root of ROOTS) {
    const field = root.getFields()[name];
    if (field) return { operation: root.name.toLowerCase(), field };
  }
  throw new Error(`${name} is not a root field (fix or remove the row)`);
}

/** True when an argument, or a field of its input type at any depth, is an id. */
function takesId(args: readonly (GraphQLArgument | GraphQLInputField)[], seen = new Set<string>()): boolean {
  return args.some((a) => {
    const type = getNamedType(a.type);
    if (ID_NAME.test(a.name) || type.name === 'ID') return true;
    if (!isInputObjectType(type) || seen.has(type.name)) return false;
    return takesId(Object.values(type.getFields()), new Set([...seen, type.name]));
  });
}

/** The document of a row: its arguments as variables of their schema types, `__typename` of a composite result. */
function documentOf(row: Row, args: Record<string, unknown>) {
  const { operation, field } = rootField(row.field);
  const defs = field.args.filter((a) => a.name in args);
  const vars = defs.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const call = defs.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = row.selection
    ? ` ${row.selection}`
    : isCompositeType(getNamedType(field.type))
      ? ' { __typename }'
      : '';
  return {
    operation,
    query: `${operation}${vars ? `(${vars})` : ''} { ${row.field}${call ? `(${call})` : ''}${selection} }`,
  };
}

let t: Awaited<ReturnType<typeof createTestServer>>;
let dropDb: () => Promise<void> = async () => undefined;
let w: TenantWorld;
let bSession: string;

beforeAll(async () => {
  const isolated = await isolatedDatabaseEnv();
  dropDb = isolated.drop;
  t = await createTestServer({ env: { ...isolated.env, RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_ANON_PER_MINUTE: '0' } });
  w = await makeTenantWorld(t);
  bSession = await signInWithPassword(t, w.b.userId);
});
afterAll(async () => {
  await t?.close();
  await dropDb();
});

/** Sends a row as B; subscriptions over SSE (the refusal ends the stream). */
async function send(row: Row) {
  const args = row.args(w);
  const { operation, query } = documentOf(row, args);
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(operation === 'subscription' ? { accept: 'text/event-stream' } : {}),
      ...(row.session ? { cookie: bSession, origin: t.url } : { authorization: `Bearer ${w.b.key}` }),
    },
    body: JSON.stringify({ query, variables: args }),
  });
  const text = await res.text();
  const json = operation === 'subscription' ? sseResult(text) : JSON.parse(text);
  return {
    text,
    json: json as { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] },
  };
}

/** The first `next` event's payload of an SSE answer. */
function sseResult(text: string): unknown {
  const data = text
    .split('\n\n')
    .find((block) => block.includes('event: next'))
    ?.split('\n')
    .find((line) => line.startsWith('data: '));
  return data ? JSON.parse(data.slice('data: '.length)) : { errors: [] };
}

describe('tenant isolation over GraphQL: B with A’s ids', () => {
  const placeholder = placeholderWorld<TenantWorld>();
  const named = ROWS.map((row) => [`${row.field}(${placeholderJson(row.args(placeholder))})`, row] as const);

  it.each(named)('%s', async (_name, row) => {
    const before = await snapshotDb(t);
    const { text, json } = await send(row);
    const label = `${row.field} → ${text.slice(0, 300)}`;
    const code = json.errors?.[0]?.extensions?.code;
    const expectation = row.expect ?? 'not_found';
    if (expectation === 'not_found') {
      expect(code, label).toBe('NOT_FOUND');
      expect(json.data?.[row.field] ?? null, label).toBeNull();
    } else if (expectation === 'empty') {
      expect(json.errors, label).toBeUndefined();
      expect(JSON.stringify(json.data?.[row.field]), label).toMatch(/^\{"total(Count)?":0,"(items|edges)":\[\]\}$/);
    } else if (expectation === 'null') {
      // The answer for an id that names nothing: no error, null for each id.
      expect(json.errors, label).toBeUndefined();
      const value = json.data?.[row.field];
      expect(Array.isArray(value) ? value : [value], label).toEqual((Array.isArray(value) ? value : [value]).map(() => null));
      expect(Array.isArray(value) ? value.length : 1, label).toBeGreaterThan(0);
    } else if (expectation === 'nothing') {
      if (code !== 'NOT_FOUND') expect(json, label).toEqual({ data: { [row.field]: 0 } });
    } else {
      expect(code, label).toBeDefined();
      expect(code, label).not.toBe('INTERNAL');
    }
    expect(text, label).not.toContain(MARK);
    expect(await snapshotDb(t), label).toEqual(before);
  });

  it('every root field that takes an id has a row (append rows for new fields)', () => {
    const covered = new Set(ROWS.map((row) => row.field));
    const missing = ROOTS.flatMap((root) =>
      Object.values(root.getFields())
        .filter((f) => takesId(f.args) && !covered.has(f.name))
        .map((f) => `${root.name}.${f.name}`),
    );
    expect(missing).toEqual([]);
  });

  it('A gets its own rows through the same documents (the rows are not NOT_FOUND for everyone)', async () => {
    const asA = async (field: string, args: Record<string, unknown>) => {
      const { query } = documentOf({ field, args: () => args }, args);
      const res = await fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${w.a.key}` },
        body: JSON.stringify({ query, variables: args }),
      });
      return (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
    };
    for (const [field, args] of [
      ['task', { ref: aTask(w) }],
      ['project', { id: w.a.projectId }],
      ['draft', { id: w.draftId }],
      ['savedView', { id: w.viewId }],
      ['webhookSubscription', { id: w.webhookId }],
      ['comments', { ref: aTask(w) }],
      ['sections', { projectId: w.a.projectId }],
      ['node', { id: aGlobalIds(w)[0] }],
      ['nodes', { ids: aGlobalIds(w) }],
    ] as const) {
      const res = await asA(field, args);
      expect(res.errors, field).toBeUndefined();
      expect(res.data?.[field], field).toBeTruthy();
      const value = res.data?.[field];
      if (Array.isArray(value)) expect(value.every(Boolean), field).toBe(true);
    }
  });
});
