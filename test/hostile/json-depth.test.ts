// Deeply nested JSON must be refused with a 400 naming the field before
// anything recursive sees it, on every transport, with the service staying
// responsive. A deep body once overflowed a recursive walk (500, loop blocked
// for seconds), unauthenticated.
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, findInputProblem, jsonTextTooDeep } from '../../src/domain/text-input.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { healthzBudgetMs, probeWhile } from '../support/responsiveness.ts';
import { RawGraphqlWs } from '../support/raw-graphql-ws.ts';
import { OWN_BUCKETS } from '../security/session-helpers.ts';

const t = useTestServer({ env: { ...OWN_BUCKETS, ADMIN_PASSWORD: 'admin-secret-1' } });

/** JSON text of `levels` arrays nested in each other around 1 (`levels` = 0 → `1`). */
const nested = (levels: number) => '['.repeat(levels) + '1' + ']'.repeat(levels);
/** The largest nesting a body under the 1 MiB limit can carry. */
const HUGE = 400_000;

async function fixture() {
  const { user, key } = await makeUserWithKey(t.db);
  const project = await makeProject(t.db, { memberIds: [user.id] });
  return { key, project };
}

function post(path: string, body: string, key?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  return fetch(t.url + path, { method: 'POST', headers, body });
}

describe('the depth scan', () => {
  it('counts arrays and objects, skips brackets inside strings, names the top-level key', () => {
    // The root object is one level: a value under a key may nest MAX - 1 more.
    expect(jsonTextTooDeep(`{"a":${nested(MAX_INPUT_DEPTH - 1)}}`)).toBeNull();
    expect(jsonTextTooDeep(`{"a":1,"b":${nested(MAX_INPUT_DEPTH)}}`)).toBe('b');
    expect(jsonTextTooDeep(`{"a":"${'['.repeat(200)}\\"[","b":2}`)).toBeNull();
    expect(jsonTextTooDeep(nested(MAX_INPUT_DEPTH + 1))).toBe('');
    expect(jsonTextTooDeep(nested(MAX_INPUT_DEPTH))).toBeNull();
  });

  it('the value walk agrees, in constant stack', () => {
    const at = JSON.parse(`{"a":${nested(MAX_INPUT_DEPTH - 1)}}`);
    const over = JSON.parse(`{"x":"ok","a":${nested(MAX_INPUT_DEPTH)}}`);
    expect(findInputProblem(at)).toBeNull();
    expect(findInputProblem(over)).toMatchObject({ kind: 'too_deep', path: ['a', ...Array(MAX_INPUT_DEPTH - 1).fill('0')] });
    expect(findInputProblem(JSON.parse(nested(HUGE)), Number.POSITIVE_INFINITY)).toBeNull();
    expect(findInputProblem({ k: ['fine', { 'n\u0000': 1 }] })).toEqual({ kind: 'nul', path: ['k', '1', 'n\u0000'] });
  });
});

describe('deeply nested JSON over HTTP: 400 naming the field, never 5xx, loop free', () => {
  it('REST body: at the limit it reaches validation, one over → too_deep naming the field, nothing written', async () => {
    const { key, project } = await fixture();
    const at = await post('/api/v1/tasks', `{"project_id":${project.id},"title":${nested(MAX_INPUT_DEPTH - 1)}}`, key);
    const atBody = await expectError(at, 400, 'title');
    expect(atBody.details.code).not.toBe('too_deep');
    const over = await post('/api/v1/tasks', `{"project_id":${project.id},"title":${nested(MAX_INPUT_DEPTH)}}`, key);
    await expectError(over, 400, 'title', 'too_deep');
    expect(await t.db.task.count({ where: { projectId: project.id } })).toBe(0);
  });

  it('unauthenticated public route and tool route: a 1 MiB-class nest → 400 too_deep while /healthz answers', async () => {
    const { key, project } = await fixture();
    const cases: [string, string, string | undefined, string][] = [
      ['/api/resetUser', `{"email":${nested(HUGE)}}`, undefined, 'email'],
      ['/api/mcp/tasks/create', `{"project_id":${project.id},"description":${nested(HUGE)}}`, key, 'description'],
      ['/api/v1/tasks', nested(HUGE), key, 'body'],
    ];
    for (const [path, body, caller, field] of cases) {
      const probe = await probeWhile(t.url, () => post(path, body, caller));
      await expectError(probe.result, 400, field, 'too_deep');
      expect(probe.slowestProbeMs, path).toBeLessThan(healthzBudgetMs());
    }
    expect(await t.db.task.count({ where: { projectId: project.id } })).toBe(0);
  });

  it('GraphQL variables (POST body and GET query string): 400 too_deep naming them', async () => {
    const { key } = await fixture();
    const query = 'query($s: String) { projects(search: $s) { total } }';
    const res = await post('/graphql', `{"query":${JSON.stringify(query)},"variables":{"s":${nested(HUGE)}}}`, key);
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'variables', detail: 'too_deep' });
    const get = await fetch(
      `${t.url}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(`{"s":${nested(MAX_INPUT_DEPTH + 10)}}`)}`,
      { headers: { authorization: `Bearer ${key}` } },
    );
    expect(get.status).toBe(400);
    expect((await get.json()).errors[0].extensions).toMatchObject({ field: 'variables', detail: 'too_deep' });
  });

  it('MCP endpoint: a deep tool call → 400 too_deep', async () => {
    const { key } = await fixture();
    const call = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tasksvc_create_task","arguments":{"title":${nested(HUGE)}}}}`;
    const res = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: call,
    });
    await expectError(res, 400, 'params', 'too_deep');
  });

  it('graphql-ws: a message at the depth limit is read, a deeper one closes the socket with 4400 before it is parsed', async () => {
    const { key } = await fixture();
    const query = JSON.stringify('query($s: String) { projects(search: $s) { total } }');
    const subscribe = (id: string, s: string) => `{"id":"${id}","type":"subscribe","payload":{"query":${query},"variables":{"s":${s}}}}`;
    const ws = new RawGraphqlWs(t.url);
    try {
      expect(await ws.init({ authorization: `Bearer ${key}` })).toMatchObject({ message: { type: 'connection_ack' } });
      // The message nests 3 levels around the variable: at 64 levels in all it is read (and GraphQL refuses the value).
      ws.send(subscribe('1', nested(MAX_INPUT_DEPTH - 3)));
      expect(await ws.next()).toMatchObject({ message: { type: 'next', id: '1', payload: { errors: [expect.anything()] } } });
      await ws.next(); // complete
      const probe = await probeWhile(t.url, async () => {
        ws.send(subscribe('2', nested(HUGE)));
        return ws.next();
      });
      expect(probe.result).toEqual({ type: 'close', code: 4400, reason: expect.stringContaining('payload: nests deeper than 64') });
      expect(probe.slowestProbeMs).toBeLessThan(healthzBudgetMs());
    } finally {
      ws.close();
    }
  });
});
