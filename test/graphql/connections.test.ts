import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { gql } from '../support/graphql.ts';
import { makeBusyBoard, makeProject, makeTeam, makeUser, makeUserWithKey } from '../support/factories.ts';

// Every Relay connection against its offset (or plain) sibling: the same
// items in the same order, paged forwards and backwards, with the same total
// and the same tenancy; the limits of first/last and cursors; and nested
// selections loading in a bounded number of SQL statements.

let t: TestApp;
let recording = false;
const statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ onQuery: (sql) => recording && statements.push(sql) });
});
afterAll(() => t?.close());



/** One list: its connection field, its offset or plain sibling, and the arguments both take. */
interface ListCase {
  name: string;
  connection: string;
  /** Offset page field (`{ total items }`), or plain list field when `plain`. */
  sibling: string;
  plain?: boolean;
  /** Variable definitions and the arguments using them, e.g. `$p: Int!` and `projectId: $p`. */
  defs?: string;
  args?: string;
  vars?: Record<string, unknown>;
}

const PAGE_INFO = 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';

function connectionQuery(c: ListCase, selection = 'id') {
  const defs = ['$first: Int', '$last: Int', '$after: String', '$before: String', c.defs].filter(Boolean).join(', ');
  const args = [c.args, 'first: $first, last: $last, after: $after, before: $before'].filter(Boolean).join(', ');
  return `query(${defs}) { c: ${c.connection}(${args}) { totalCount edges { cursor node { ${selection} } } ${PAGE_INFO} } }`;
}

function siblingQuery(c: ListCase) {
  const defs = c.defs ? `(${c.defs})` : '';
  const args = [c.args, c.plain ? '' : 'limit: 100'].filter(Boolean).join(', ');
  const body = c.plain ? '{ id }' : '{ total items { id } }';
  return `query${defs} { s: ${c.sibling}${args ? `(${args})` : ''} ${body} }`;
}

/** The ids of the sibling list and its total (the offset form is the reference order). */
async function reference(key: string, c: ListCase) {
  const r = await gql(t, key, siblingQuery(c), c.vars);
  expect(r.errors, c.name).toBeUndefined();
  const items: { id: number }[] = c.plain ? r.data!.s : r.data!.s.items;
  return { ids: items.map((i) => i.id), total: c.plain ? items.length : (r.data!.s.total as number) };
}

type Page = { totalCount: number; edges: { cursor: string; node: { id: number } }[]; pageInfo: Record<string, any> };

async function page(key: string, c: ListCase, paging: Record<string, unknown>): Promise<Page> {
  const r = await gql(t, key, connectionQuery(c), { ...c.vars, ...paging });
  expect(r.errors, c.name).toBeUndefined();
  return r.data!.c as Page;
}

/** Walks the whole connection `size` items at a time, forwards (first/after) or backwards (last/before). */
async function walk(key: string, c: ListCase, size: number, backward: boolean) {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard += 1) {
    const p = await page(
      key,
      c,
      backward ? { last: size, before: cursor ?? undefined } : { first: size, after: cursor ?? undefined },
    );
    const pageIds = p.edges.map((e) => e.node.id);
    expect(pageIds.length, c.name).toBeLessThanOrEqual(size);
    if (backward) ids.unshift(...pageIds);
    else ids.push(...pageIds);
    expect(p.pageInfo.startCursor, c.name).toBe(p.edges[0]?.cursor ?? null);
    expect(p.pageInfo.endCursor, c.name).toBe(p.edges.at(-1)?.cursor ?? null);
    const more = backward ? p.pageInfo.hasPreviousPage : p.pageInfo.hasNextPage;
    if (!more) return { ids, totalCount: p.totalCount };
    expect(pageIds).toHaveLength(size);
    cursor = backward ? p.pageInfo.startCursor : p.pageInfo.endCursor;
  }
  throw new Error(`${c.name}: no end after 100 pages`);
}

const epoch = Date.UTC(2026, 0, 1);
/** Few distinct instants, so that most rows tie on their timestamp and only `id` orders them. */
const tied = (i: number) => new Date(epoch + Math.floor(i / 3) * 60_000);

/** A tenant with rows in every list, several of them tying on the sort key. */
async function tenant() {
  const { user, key } = await makeUserWithKey(t.db, 'Owner');
  const mate = await makeUser(t.db, 'Mate');
  const team = await makeTeam(t.db, [user.id]);
  const project = await makeProject(t.db, {
    memberIds: [user.id, mate.id],
    teamId: team.id,
    prefix: 'CON',
    sections: ['Todo', 'Doing', 'Done', 'Later', 'Hidden', 'Extra', 'More'],
  });
  // Two sections share a ranking: only the id tells them apart.
  await t.db.section.update({ where: { id: project.sections[3].id }, data: { ranking: project.sections[2].ranking } });
  await t.db.section.update({ where: { id: project.sections[4].id }, data: { visible: false } });

  // More projects, titles differing only in case and equal titles, equal timestamps.
  const titles = ['beta', 'Alpha', 'gamma', 'Beta', 'beta', 'alpha', 'Delta', '_x', 'Zeta'];
  for (const [i, title] of titles.entries()) {
    await t.db.project.create({
      data: {
        title,
        ticketPrefix: 'P',
        createdAt: tied(i),
        updatedAt: tied(i + 1),
        members: { create: [{ userId: user.id }] },
      },
    });
  }

  const n = 11;
  await t.db.task.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      projectId: project.id,
      sectionId: project.sections[i % 2].id,
      uniqueIndex: i + 1,
      title: `Task ${i}`,
      createdById: user.id,
      priority: i % 3 === 0 ? ('high' as const) : null,
      updatedAt: tied(i),
    })),
  });
  const tasks = await t.db.task.findMany({ where: { projectId: project.id }, orderBy: { id: 'asc' } });
  const task = tasks[0];
  await t.db.comment.createMany({
    data: Array.from({ length: 8 }, (_, i) => ({
      taskId: task.id,
      authorId: user.id,
      text: `c${i}`,
      createdAt: tied(i),
    })),
  });
  await t.db.notification.createMany({
    data: Array.from({ length: 10 }, (_, i) => ({
      userId: user.id,
      type: 'mention',
      taskId: tasks[i].id,
      actorId: mate.id,
      message: `n${i}`,
      read: i % 2 === 0,
      archivedAt: i === 9 ? new Date() : null,
      createdAt: tied(i),
    })),
  });
  await t.db.taskDraft.createMany({
    data: Array.from({ length: 7 }, (_, i) => ({ userId: user.id, title: `d${i}`, updatedAt: tied(i) })),
  });
  await t.db.label.createMany({
    data: ['bug', 'Bug fix', 'api', 'ui', 'Docs', 'perf', 'a11y'].map((name) => ({ projectId: project.id, name })),
  });
  await t.db.savedView.createMany({
    data: Array.from({ length: 7 }, (_, i) => ({
      projectId: project.id,
      creatorId: user.id,
      title: `v${i}`,
      createdAt: tied(i),
    })),
  });
  for (let i = 0; i < 9; i += 1) {
    await t.db.webhookSubscription.create({
      data: {
        url: `https://example.test/${i}`,
        secret: 'whsec_test',
        ...(i % 2 ? { teamId: team.id } : { projectId: project.id }),
        createdById: user.id,
      },
    });
  }
  const subscription = await t.db.webhookSubscription.findFirstOrThrow({ where: { projectId: project.id } });
  for (let i = 0; i < 8; i += 1) {
    const event = await t.db.outboxEvent.create({
      data: { type: 'task.updated', taskId: task.id, projectId: project.id, ticketNumber: 'CON-1' },
    });
    await t.db.webhookDelivery.create({
      data: { subscriptionId: subscription.id, eventId: event.id, status: i % 3 === 0 ? 'failed' : 'pending' },
    });
  }
  return { user, key, mate, team, project, task, subscription };
}

let owner: Awaited<ReturnType<typeof tenant>>;
let cases: ListCase[];
beforeAll(async () => {
  owner = await tenant();
  const p = owner.project.id;
  const ref = { taskId: owner.task.id };
  cases = [
    { name: 'tasks', connection: 'tasksConnection', sibling: 'tasks' },
    {
      name: 'tasks filtered',
      connection: 'tasksConnection',
      sibling: 'tasks',
      defs: '$filter: TaskFilterInput',
      args: 'filter: $filter',
      vars: { filter: { projectId: p, section: 'todo' } },
    },
    ...(['TITLE', 'CREATED_AT', 'UPDATED_AT'] as const).flatMap((sortBy) =>
      (['ASC', 'DESC'] as const).map((sortOrder) => ({
        name: `projects ${sortBy} ${sortOrder}`,
        connection: 'projectsConnection',
        sibling: 'projects',
        defs: '$sortBy: ProjectSort, $sortOrder: SortOrder',
        args: 'sortBy: $sortBy, sortOrder: $sortOrder',
        vars: { sortBy, sortOrder },
      })),
    ),
    ...(['ASC', 'DESC'] as const).map((sortOrder) => ({
      name: `comments ${sortOrder}`,
      connection: 'commentsConnection',
      sibling: 'comments',
      defs: '$ref: TaskRefInput!, $o: SortOrder',
      args: 'ref: $ref, sortOrder: $o',
      vars: { ref, o: sortOrder },
    })),
    { name: 'inbox', connection: 'inboxConnection', sibling: 'inbox' },
    {
      name: 'inbox unread',
      connection: 'inboxConnection',
      sibling: 'inbox',
      defs: '$u: Boolean',
      args: 'unreadOnly: $u',
      vars: { u: true },
    },
    { name: 'drafts', connection: 'draftsConnection', sibling: 'drafts' },
    {
      name: 'webhook deliveries',
      connection: 'webhookDeliveriesConnection',
      sibling: 'webhookDeliveries',
      defs: '$s: Int!',
      args: 'subscriptionId: $s',
      vars: { s: owner.subscription.id },
    },
    {
      name: 'webhook deliveries pending',
      connection: 'webhookDeliveriesConnection',
      sibling: 'webhookDeliveries',
      defs: '$s: Int!, $st: WebhookDeliveryStatus',
      args: 'subscriptionId: $s, status: $st',
      vars: { s: owner.subscription.id, st: 'PENDING' },
    },
    {
      name: 'labels',
      connection: 'labelsConnection',
      sibling: 'labels',
      plain: true,
      defs: '$p: Int!',
      args: 'projectId: $p',
      vars: { p },
    },
    {
      name: 'sections',
      connection: 'sectionsConnection',
      sibling: 'sections',
      plain: true,
      defs: '$p: Int!, $h: Boolean',
      args: 'projectId: $p, includeHidden: $h',
      vars: { p, h: true },
    },
    {
      name: 'saved views',
      connection: 'savedViewsConnection',
      sibling: 'savedViews',
      plain: true,
      defs: '$p: Int!',
      args: 'projectId: $p',
      vars: { p },
    },
    {
      name: 'webhook subscriptions',
      connection: 'webhookSubscriptionsConnection',
      sibling: 'webhookSubscriptions',
      plain: true,
    },
    {
      name: 'webhook subscriptions of a team',
      connection: 'webhookSubscriptionsConnection',
      sibling: 'webhookSubscriptions',
      plain: true,
      defs: '$team: ID',
      args: 'teamId: $team',
      vars: { team: owner.team.uuid },
    },
  ];
}, 120_000);

describe('GraphQL connections', () => {
  it('page forwards and backwards through every list: each item once, in the offset order, with its total', async () => {
    for (const c of cases) {
      const ref = await reference(owner.key, c);
      expect(ref.ids.length, `${c.name} has rows to page`).toBeGreaterThan(3);
      // The forms agree on what is there at all.
      expect(new Set(ref.ids).size, c.name).toBe(ref.ids.length);
      for (const size of [1, 3]) {
        const forward = await walk(owner.key, c, size, false);
        expect(forward.ids, `${c.name} forward by ${size}`).toEqual(ref.ids);
        expect(forward.totalCount, c.name).toBe(ref.total);
        const backward = await walk(owner.key, c, size, true);
        expect(backward.ids, `${c.name} backward by ${size}`).toEqual(ref.ids);
        expect(backward.totalCount, c.name).toBe(ref.total);
      }
      // Both directions from the middle meet the items on either side.
      const whole = await page(owner.key, c, { first: 100 });
      const mid = whole.edges[2];
      const after = await page(owner.key, c, { first: 100, after: mid.cursor });
      const before = await page(owner.key, c, { last: 100, before: mid.cursor });
      expect(
        after.edges.map((e) => e.node.id),
        c.name,
      ).toEqual(ref.ids.slice(3));
      expect(
        before.edges.map((e) => e.node.id),
        c.name,
      ).toEqual(ref.ids.slice(0, 2));
      expect(after.pageInfo, c.name).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
      expect(before.pageInfo, c.name).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
      expect(whole.pageInfo, c.name).toMatchObject({ hasPreviousPage: false, hasNextPage: false });
    }
  }, 300_000);

  it('a cursor keeps its place when its item changes or goes away', async () => {
    const c = cases[0];
    const first = await page(owner.key, c, { first: 3 });
    const rest = (await reference(owner.key, c)).ids.slice(3);
    const boundary = first.edges[2].node.id;
    const original = await t.db.task.findUniqueOrThrow({ where: { id: boundary } });
    // The boundary task moves to the top of the list (newest change); the next page is still the rest.
    await t.db.task.update({ where: { id: boundary }, data: { updatedAt: new Date(epoch + 86_400_000) } });
    const next = await page(owner.key, c, { first: 100, after: first.pageInfo.endCursor });
    expect(next.edges.map((e) => e.node.id)).toEqual(rest);
    await t.db.task.update({ where: { id: boundary }, data: { status: 'Deleted' } });
    const again = await page(owner.key, c, { first: 100, after: first.pageInfo.endCursor });
    expect(again.edges.map((e) => e.node.id)).toEqual(rest);
    await t.db.task.update({
      where: { id: boundary },
      data: { status: original.status, updatedAt: original.updatedAt },
    });
    expect((await reference(owner.key, c)).ids.slice(3)).toEqual(rest);
  });

  it('another tenant sees nothing: empty where the page is empty, NOT_FOUND where the page is', async () => {
    const stranger = await makeUserWithKey(t.db, 'Stranger');
    const ownerCursors = new Map<string, string>();
    for (const c of cases) ownerCursors.set(c.name, (await page(owner.key, c, { first: 2 })).pageInfo.endCursor);
    for (const c of cases) {
      const sibling = await gql(t, stranger.key, siblingQuery(c), c.vars);
      for (const after of [undefined, ownerCursors.get(c.name)]) {
        const conn = await gql(t, stranger.key, connectionQuery(c), { ...c.vars, first: 50, after });
        if (sibling.errors) {
          expect(sibling.errors[0].extensions.code, c.name).toBe('NOT_FOUND');
          expect(conn.errors?.[0].extensions, c.name).toMatchObject({ code: 'NOT_FOUND' });
          expect(conn.data, c.name).toBeNull();
        } else {
          expect(c.plain ? sibling.data!.s : sibling.data!.s.items, c.name).toEqual([]);
          expect(conn.errors, c.name).toBeUndefined();
          expect(conn.data!.c, c.name).toMatchObject({
            totalCount: 0,
            edges: [],
            pageInfo: { hasNextPage: false, startCursor: null, endCursor: null },
          });
        }
      }
    }
  }, 120_000);

  it('first/last: 1 to 100, one of them; malformed or foreign cursors: VALIDATION naming the argument', async () => {
    const c = cases[0];
    const run = (vars: Record<string, unknown>) => gql(t, owner.key, connectionQuery(c), vars);
    const invalid = async (vars: Record<string, unknown>, field: string, detail: string) => {
      const r = await run(vars);
      expect(r.errors?.[0].extensions, JSON.stringify(vars)).toMatchObject({ code: 'VALIDATION', field, detail });
      expect(r.data).toBeNull();
    };
    for (const field of ['first', 'last']) {
      await invalid({ [field]: 0 }, field, 'out_of_range');
      await invalid({ [field]: -1 }, field, 'out_of_range');
      await invalid({ [field]: 101 }, field, 'out_of_range');
      expect((await run({ [field]: 1 })).data!.c.edges).toHaveLength(1);
      expect((await run({ [field]: 100 })).errors).toBeUndefined();
    }
    await invalid({ first: 2, last: 2 }, 'last', 'conflicting_arguments');
    const cursor = (await run({ first: 1 })).data!.c.pageInfo.endCursor as string;
    await invalid({ after: cursor, before: cursor }, 'before', 'conflicting_arguments');
    await invalid({ first: 2, before: cursor }, 'before', 'conflicting_arguments');
    await invalid({ last: 2, after: cursor }, 'after', 'conflicting_arguments');
    for (const bad of [
      '',
      'garbage',
      'eyJ4Ijp9',
      Buffer.from('["Task:x",1]').toString('base64url'),
      'x'.repeat(5000),
    ]) {
      await invalid({ after: bad }, 'after', 'invalid_cursor');
      await invalid({ before: bad, last: 1 }, 'before', 'invalid_cursor');
    }
    // Right shape, wrong value type: a tampered cursor is refused, not sent to the database.
    const [sig] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string];
    await invalid(
      { after: Buffer.from(JSON.stringify([sig, 'soon', 'x'])).toString('base64url') },
      'after',
      'invalid_cursor',
    );
    // Values PostgreSQL would refuse (int4 overflow, years it cannot store, NUL) are refused first: never a 500.
    const [, ...values] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, ...unknown[]];
    const craft = (v: unknown[]) => Buffer.from(JSON.stringify([sig, ...v])).toString('base64url');
    for (const tampered of [
      values.map((v) => (typeof v === 'number' ? 3_000_000_000 : v)),
      values.map((v) => (typeof v === 'number' ? 1.5 : v)),
      values.map((v) => (typeof v === 'string' && /^\d{4}-/.test(v) ? '0000-01-01T00:00:00.000Z' : v)),
      values.map((v) => (typeof v === 'string' && /^\d{4}-/.test(v) ? '+010000-01-01T00:00:00.000Z' : v)),
      values.map((v) => (typeof v === 'string' && /^\d{4}-/.test(v) ? '2026-01-01' : v)),
      values.map((v) => (typeof v === 'string' && !/^\d{4}-/.test(v) ? 'a\u0000b' : v)),
    ]) {
      if (JSON.stringify(tampered) !== JSON.stringify(values)) await invalid({ after: craft(tampered) }, 'after', 'invalid_cursor');
    }
    // A cursor of another list, or of another order of the same list.
    const comments = cases.find((x) => x.name === 'comments ASC')!;
    const commentCursor = (await page(owner.key, comments, { first: 1 })).pageInfo.endCursor;
    await invalid({ after: commentCursor }, 'after', 'invalid_cursor');
    const [byTitle, byDate] = [
      cases.find((x) => x.name === 'projects TITLE ASC')!,
      cases.find((x) => x.name === 'projects CREATED_AT ASC')!,
    ];
    const titleCursor = (await page(owner.key, byTitle, { first: 1 })).pageInfo.endCursor;
    const wrongOrder = await gql(t, owner.key, connectionQuery(byDate), { ...byDate.vars, after: titleCursor });
    expect(wrongOrder.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'after' });
  });

  it('a nested connection query (assignees, labels, section) costs a bounded number of SQL statements', async () => {
    const QUERY = /* GraphQL */ `
      query ($p: Int!, $after: String) {
        tasksConnection(filter: { projectId: $p }, after: $after) {
          totalCount
          edges {
            cursor
            node {
              id
              ticketNumber
              commentCount
              section { id title }
              assignees { id kind displayName }
              labels { id name }
              createdBy { id displayName }
            }
          }
          ${PAGE_INFO}
        }
      }
    `;
    async function board(n: number) {
      const { key, project } = await makeBusyBoard(t.db, n, tied);
      return { key, projectId: project.id };
    }
    async function run(b: { key: string; projectId: number }, after?: string) {
      statements.length = 0;
      recording = true;
      const r = await gql(t, b.key, QUERY, { p: b.projectId, after });
      recording = false;
      expect(r.errors).toBeUndefined();
      // Authentication is not the list's concern (and touches the key only once a minute).
      return { data: r.data!.tasksConnection, sql: statements.filter((sql) => !sql.includes('"ApiKey"')) };
    }
    const small = await board(5);
    const big = await board(51);
    const few = await run(small);
    const many = await run(big);
    // No `first`: the default page of 50, and one more behind it.
    expect(many.data.totalCount).toBe(51);
    expect(many.data.edges).toHaveLength(50);
    expect(many.data.pageInfo.hasNextPage).toBe(true);
    for (const { node } of many.data.edges) {
      expect(node.assignees.map((a: { kind: string }) => a.kind).sort()).toEqual(['AGENT', 'USER', 'USER']);
      expect(node.labels).toHaveLength(2);
      expect(node.section.title).toMatch(/^(Todo|Doing|Done)$/);
    }
    // Nothing runs per task: the same statements for 5 and for 50 tasks, and few of them.
    expect(many.sql.length).toBe(few.sql.length);
    expect(many.sql.length).toBeLessThanOrEqual(16);
    const rest = await run(big, many.data.pageInfo.endCursor);
    expect(rest.data.edges).toHaveLength(1);
    expect(rest.sql.length).toBe(many.sql.length);
  }, 120_000);
});
