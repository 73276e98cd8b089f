import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { BOARD_LIMITS } from '../../src/domain/board-manifest.ts';
import { NAME_LIMITS } from '../../src/domain/fields.ts';
import { useTestServer } from '../support/app.ts';
import { isPostgres } from '../support/database.ts';
import { errorBody } from '../support/errors.ts';
import { makeTeam, makeUserWithKey } from '../support/factories.ts';

const t = useTestServer();

async function call(path: string, init: Parameters<typeof t.fetch>[1] = {}) {
  const res = await t.fetch(path, init);
  return { status: res.status, body: await res.json(), replayed: res.headers.get('idempotent-replayed') };
}

async function owner() {
  const u = await makeUserWithKey(t.db);
  const team = await makeTeam(t.db, [u.user.id]);
  return { ...u, team, path: `/api/v1/teams/${team.uuid}/boards` };
}

const post = (path: string, key: string, json: unknown, idempotencyKey?: string) =>
  call(path, { key, method: 'POST', json, headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {} });

const boardsOf = (userId: number) => t.db.project.count({ where: { createdById: userId } });

describe('POST /api/v1/teams/{teamId}/boards', () => {
  it('401 → 400 → 404 → 201 with the spec 4.3 response', async () => {
    const { user, key, team, path } = await owner();
    const manifest = {
      title: 'Website Redesign',
      description: 'Q3',
      sections: [{ title: 'Backlog' }, { title: 'Done' }],
      labels: [{ name: 'design', color: '#ff0' }],
      tasks: [
        { title: 'Wireframes', section_index: 0, label_names: ['design'], priority: 1, estimate: 4, due_date: '2026-05-01' },
        { title: 'Launch', section_title: 'Done', priority: 0 },
      ],
    };
    expect((await call(path, { method: 'POST', json: manifest })).status).toBe(401);
    expect(await post(path, key, { ...manifest, title: '' })).toMatchObject({ status: 400, body: errorBody('VALIDATION', 'title', 'too_small') });
    const other = await makeUserWithKey(t.db);
    const otherTeam = await makeTeam(t.db, [other.user.id]);
    expect(await post(`/api/v1/teams/${otherTeam.uuid}/boards`, key, manifest)).toMatchObject({
      status: 404,
      body: errorBody('NOT_FOUND', 'teamId', 'not_found'),
    });
    expect(await post(`/api/v1/teams/not-a-uuid/boards`, key, manifest)).toMatchObject({ status: 404 });
    // A team number past the id range names no team (not a database error).
    for (const ref of ['2147483648', '99999999999']) {
      expect(await post(`/api/v1/teams/${ref}/boards`, key, manifest)).toMatchObject({
        status: 404,
        body: errorBody('NOT_FOUND', 'teamId', 'not_found'),
      });
    }
    expect(await boardsOf(user.id)).toBe(0);

    const { status, body, replayed } = await post(path, key, manifest);
    expect(status).toBe(201);
    expect(replayed).toBeNull();
    const project = await t.db.project.findFirstOrThrow({ where: { createdById: user.id } });
    const sections = await t.db.section.findMany({ where: { projectId: project.id }, orderBy: { ranking: 'asc' } });
    const labels = await t.db.label.findMany({ where: { projectId: project.id } });
    const tasks = await t.db.task.findMany({ where: { projectId: project.id }, orderBy: { uniqueIndex: 'asc' } });
    expect(body).toEqual({
      success: true,
      team_id: team.uuid,
      board: { id: project.id, title: 'Website Redesign' },
      sections: sections.map((s) => ({ id: s.id, title: s.title })),
      labels: [{ id: String(labels[0].id), name: 'design' }],
      tasks: [
        { id: tasks[0].id, ticketNumber: 'WR-1', title: 'Wireframes' },
        { id: tasks[1].id, ticketNumber: 'WR-2', title: 'Launch' },
      ],
      message: expect.any(String),
    });
    expect(project.description).toBe('Q3');
    expect(tasks[0]).toMatchObject({ priority: 'urgent', estimateSize: 4, sectionId: sections[0].id });
    expect(tasks[0].dueDate?.toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(tasks[1]).toMatchObject({ priority: null, estimateSize: null, sectionId: sections[1].id });
  });

  const sections = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `S${i}` }));
  const labels = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `L${i}` }));
  const tasks = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `T${i}`, section_index: 0 }));
  const task = (o: Record<string, unknown>) => ({ title: 'T', section_index: 0, ...o });
  // [name, body change, public field of the 400 or null for 201]
  const cases: [string, Record<string, unknown>, string | null][] = [
    ['title missing', { title: undefined }, 'title'],
    ['title 200', { title: 't'.repeat(200) }, null],
    ['title 201', { title: 't'.repeat(201) }, 'title'],
    ['title a number', { title: 5 }, 'title'],
    ['sections missing', { sections: undefined }, 'sections'],
    ['0 sections', { sections: [] }, 'sections'],
    ['1 section', { sections: sections(1) }, null],
    ['49 sections', { sections: sections(49) }, null],
    ['50 sections', { sections: sections(50) }, null],
    ['51 sections', { sections: sections(51) }, 'sections'],
    ['section title 201', { sections: [{ title: 's'.repeat(201) }] }, 'sections.0.title'],
    ['99 labels', { labels: labels(99) }, null],
    ['100 labels', { labels: labels(100) }, null],
    ['101 labels', { labels: labels(101) }, 'labels'],
    ['499 tasks', { tasks: tasks(499) }, null],
    ['500 tasks', { tasks: tasks(500) }, null],
    ['501 tasks', { tasks: tasks(501) }, 'tasks'],
    ['task title 499', { tasks: [task({ title: 't'.repeat(499) })] }, null],
    ['task title 500', { tasks: [task({ title: 't'.repeat(500) })] }, null],
    ['task title 501', { tasks: [task({ title: 't'.repeat(501) })] }, 'tasks.0.title'],
    ['task title empty', { tasks: [task({ title: '' })] }, 'tasks.0.title'],
    ['section_index and section_title', { tasks: [task({ section_title: 'S0' })] }, 'tasks.0.section_index'],
    ['neither section_index nor section_title', { tasks: [{ title: 'T' }] }, 'tasks.0.section_index'],
    ['section_index out of range', { tasks: [task({ section_index: 3 })] }, 'tasks.0.section_index'],
    ['section_index a string', { tasks: [task({ section_index: '0' })] }, 'tasks.0.section_index'],
    ['section_title unknown', { tasks: [{ title: 'T', section_title: 'Nope' }] }, 'tasks.0.section_title'],
    ['label_names not in the manifest', { labels: labels(1), tasks: [task({ label_names: ['L9'] })] }, 'tasks.0.label_names'],
    ['label_names in the manifest', { labels: labels(2), tasks: [task({ label_names: ['L1', 'l0'] })] }, null],
    ['priority 0..4', { tasks: [0, 1, 2, 3, 4].map((priority) => task({ priority })) }, null],
    ['priority 5', { tasks: [task({ priority: 5 })] }, 'tasks.0.priority'],
    ['priority "high"', { tasks: [task({ priority: 'high' })] }, 'tasks.0.priority'],
    ['estimate 0,2..6', { tasks: [0, 2, 3, 4, 5, 6].map((estimate) => task({ estimate })) }, null],
    ['estimate 1', { tasks: [task({ estimate: 1 })] }, 'tasks.0.estimate'],
    ['estimate 7', { tasks: [task({ estimate: 7 })] }, 'tasks.0.estimate'],
    ['due_date date and datetime', { tasks: [task({ due_date: '2026-01-31' }), task({ due_date: '2026-01-31T09:00:00.000Z' })] }, null],
    ['due_date invalid', { tasks: [task({ due_date: '31/01/2026' })] }, 'tasks.0.due_date'],
    ['bad task 3 of 4', { tasks: [...tasks(3), task({ priority: 9 })] }, 'tasks.3.priority'],
    // The limits are the domain's rules, its errors named as this route names the field.
    ['description at its limit', { description: 'd'.repeat(BOARD_LIMITS.descriptionMax) }, null],
    ['description over its limit', { description: 'd'.repeat(BOARD_LIMITS.descriptionMax + 1) }, 'description'],
    ['label name at its limit, color at its limit', { labels: [{ name: 'l'.repeat(NAME_LIMITS.labelNameMax), color: 'c'.repeat(NAME_LIMITS.labelColorMax) }] }, null],
    ['label name over its limit', { labels: [{ name: 'l'.repeat(NAME_LIMITS.labelNameMax + 1) }] }, 'labels.0.name'],
    ['label color over its limit', { labels: [{ name: 'L', color: 'c'.repeat(NAME_LIMITS.labelColorMax + 1) }] }, 'labels.0.color'],
    ['task description at its limit', { tasks: [task({ description: 'd'.repeat(BOARD_LIMITS.taskDescriptionMax) })] }, null],
    ['task description over its limit', { tasks: [...tasks(2), task({ description: 'd'.repeat(BOARD_LIMITS.taskDescriptionMax + 1) })] }, 'tasks.2.description'],
    ['section_title at its limit', { sections: [{ title: 's'.repeat(NAME_LIMITS.sectionTitleMax) }], tasks: [{ title: 'T', section_title: 's'.repeat(NAME_LIMITS.sectionTitleMax) }] }, null],
    ['section_title over its limit', { tasks: [...tasks(3), { title: 'T', section_title: 's'.repeat(NAME_LIMITS.sectionTitleMax + 1) }] }, 'tasks.3.section_title'],
    ['label_names at the count limit', { labels: labels(BOARD_LIMITS.labelsMax), tasks: [task({ label_names: labels(BOARD_LIMITS.labelsMax).map((l) => l.name) })] }, null],
    ['label_names over the count limit', { labels: labels(1), tasks: [task({ label_names: Array(BOARD_LIMITS.labelsMax + 1).fill('L0') })] }, 'tasks.0.label_names'],
    ['a label_names name over its limit', { labels: labels(1), tasks: [task({ label_names: ['L0', 'l'.repeat(NAME_LIMITS.labelNameMax + 1)] })] }, 'tasks.0.label_names.1'],
    ['due_date over its length', { tasks: [task({ due_date: `2026-01-31T09:00:00.000${'0'.repeat(20)}Z` })] }, 'tasks.0.due_date'],
  ];

  it.each(cases)('%s', async (_name, change, field) => {
    const { user, key, path } = await owner();
    const body: Record<string, unknown> = { title: 'Limits', sections: sections(3), ...change };
    const res = await post(path, key, body);
    if (field === null) {
      expect(res.status).toBe(201);
      expect(res.body.tasks).toHaveLength((body.tasks as unknown[] | undefined)?.length ?? 0);
      return;
    }
    expect(res).toMatchObject({ status: 400, body: errorBody('VALIDATION', field) });
    expect(await boardsOf(user.id)).toBe(0);
    expect(await t.db.task.count({ where: { createdById: user.id } })).toBe(0);
  });
});

describe('Idempotency-Key on POST /api/v1/teams/{teamId}/boards', () => {
  const manifest = { title: 'Idem', sections: [{ title: 'A' }], tasks: [{ title: 'one', section_index: 0 }] };

  it('same key and body → the cached response (same ids) with Idempotent-Replayed: true', async () => {
    const { user, key, path } = await owner();
    const k = randomUUID();
    const first = await post(path, key, manifest, k);
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    // Same body with keys in another order is the same request.
    const again = await post(path, key, { tasks: manifest.tasks, sections: manifest.sections, title: manifest.title }, k);
    expect(again.status).toBe(201);
    expect(again.replayed).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await boardsOf(user.id)).toBe(1);
    // No key: a new board each time.
    expect((await post(path, key, manifest)).status).toBe(201);
    expect(await boardsOf(user.id)).toBe(2);
  });

  it('same key, different body → 422; nothing created', async () => {
    const { user, key, path } = await owner();
    const k = randomUUID();
    await post(path, key, manifest, k);
    const res = await post(path, key, { ...manifest, title: 'Other' }, k);
    expect(res).toMatchObject({ status: 422, body: errorBody('UNPROCESSABLE', 'Idempotency-Key', 'idempotency_key_reused') });
    expect(await boardsOf(user.id)).toBe(1);
  });

  it('keys are scoped to the user', async () => {
    const a = await owner();
    const b = await owner();
    const k = randomUUID();
    const ra = await post(a.path, a.key, manifest, k);
    const rb = await post(b.path, b.key, manifest, k);
    expect([ra.status, rb.status, rb.replayed]).toEqual([201, 201, null]);
    expect(rb.body.board.id).not.toBe(ra.body.board.id);
  });

  it('failures are not cached: a corrected retry with the same key runs', async () => {
    const { user, key, path } = await owner();
    const k = randomUUID();
    const bad = await post(path, key, { ...manifest, sections: [] }, k);
    expect(bad.status).toBe(400);
    const bad2 = await post(path, key, { ...manifest, tasks: [{ title: 'x', section_index: 5 }] }, k);
    expect(bad2.status).toBe(400);
    expect(await t.db.idempotencyRecord.count({ where: { userId: user.id } })).toBe(0);
    const ok = await post(path, key, manifest, k);
    expect([ok.status, ok.replayed]).toEqual([201, null]);
  });

  it.runIf(isPostgres)(
    'the same key while the first request still runs → 409; once that request dies uncommitted, the key is free at once',
    async () => {
      const { user, key, path } = await owner();
      const k = randomUUID();
      // The first request's claim: its transaction holds the key's advisory lock (as runIdempotent takes it).
      const inFlight = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await inFlight.connect();
      try {
        await inFlight.query('BEGIN');
        await inFlight.query('SELECT pg_advisory_xact_lock($1::integer, hashtext($2))', [user.id, k]);
        const res = await post(path, key, manifest, k);
        expect(res).toMatchObject({ status: 409, body: errorBody('CONFLICT', 'Idempotency-Key', 'idempotency_key_in_use') });
        expect(await boardsOf(user.id)).toBe(0);
      } finally {
        // Its process dies: the connection closes without COMMIT.
        await inFlight.end();
      }
      const retry = await post(path, key, manifest, k);
      expect([retry.status, retry.replayed]).toEqual([201, null]);
      expect(await boardsOf(user.id)).toBe(1);
    },
  );

  // PostgreSQL only: embedded PGlite has one connection, so the three requests'
  // transactions run one after another and pass without the advisory lock.
  it.runIf(isPostgres)('two concurrent requests with one key create exactly one board', async () => {
    const { user, key, path } = await owner();
    const k = randomUUID();
    const big = { ...manifest, tasks: Array.from({ length: 300 }, (_, i) => ({ title: `t${i}`, section_index: 0 })) };
    const results = await Promise.all([post(path, key, big, k), post(path, key, big, k), post(path, key, big, k)]);
    const statuses = results.map((r) => r.status).sort();
    for (const s of statuses) expect([201, 409]).toContain(s);
    const fresh = results.filter((r) => r.status === 201 && r.replayed === null);
    expect(fresh).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 201)) expect(r.body.board.id).toBe(fresh[0].body.board.id);
    expect(await boardsOf(user.id)).toBe(1);
  });

  it('an expired record (older than 24 h) no longer replays', async () => {
    const { user, key, path } = await owner();
    const k = randomUUID();
    const first = await post(path, key, manifest, k);
    await t.db.idempotencyRecord.updateMany({ where: { userId: user.id, key: k }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const second = await post(path, key, manifest, k);
    expect([second.status, second.replayed]).toEqual([201, null]);
    expect(second.body.board.id).not.toBe(first.body.board.id);
  });

  it('a malformed key is a 400 naming the header', async () => {
    const { user, key, path } = await owner();
    const res = await post(path, key, manifest, 'x'.repeat(256));
    expect(res).toMatchObject({ status: 400, body: errorBody('VALIDATION', 'Idempotency-Key') });
    expect(await boardsOf(user.id)).toBe(0);
  });
});
