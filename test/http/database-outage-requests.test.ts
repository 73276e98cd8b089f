import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/http/server.ts';
import { assertDocumentedResponse } from '../support/openapi-responses.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { isPostgres } from '../support/database.ts';
import { type CuttableServices, startCuttableServices, until } from '../support/database-outage.ts';

// Requests during a database outage (PostgreSQL behind a TCP proxy the test
// cuts): each one is answered 503 with the spec error body (`UNAVAILABLE`,
// `details.code: unavailable`) and `Retry-After`, never a 500, and the outage
// is logged once (one line, no stack) and its end once, not once per request.

// PostgreSQL only: the outage is a cut TCP connection to the database server; the embedded database has none.
describe.runIf(isPostgres)('requests during a database outage (PostgreSQL through a cuttable proxy)', () => {
  let outage: CuttableServices | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.close();
    await outage?.close();
  });

  it('answers 503 UNAVAILABLE with Retry-After, logs the outage and its end once each', { timeout: 240_000 }, async () => {
    outage = await startCuttableServices('tasksvc_outage_http');
    const { services, proxy, logs } = outage;
    server = await startServer(services, { port: 0, host: '127.0.0.1' });
    const { key, user } = await makeUserWithKey(services.database.prisma, 'Outage');
    const { project } = await makeBoard(services.database.prisma, user.id);

    /** One request of each kind: a REST read and write, a tool route, GraphQL. */
    const requests = async () => {
      const auth = { authorization: `Bearer ${key}` };
      const json = { ...auth, 'content-type': 'application/json' };
      const calls: [string, string, RequestInit][] = [
        ['GET', '/api/v1/projects', { headers: auth }],
        ['POST', '/api/v1/tasks', { method: 'POST', headers: json, body: JSON.stringify({ project_id: project.id, title: 'During' }) }],
        ['GET', '/api/mcp/user/context', { headers: auth }],
        ['POST', '/graphql', { method: 'POST', headers: json, body: JSON.stringify({ query: '{ me { id } }' }) }],
      ];
      const out = [];
      for (const [method, path, init] of calls) {
        const res = await fetch(server!.url + path, init);
        await assertDocumentedResponse(method, path, res);
        out.push({ path, res, body: (await res.json()) as Record<string, any> });
      }
      return out;
    };

    for (const { path, res } of await requests()) expect(res.status, path).toBeLessThan(300);

    logs.mark();
    await proxy.cut();
    for (let round = 0; round < 3; round++) {
      for (const { path, res, body } of await requests()) {
        expect(res.status, `${path}: ${JSON.stringify(body)}`).toBe(503);
        expect(Number(res.headers.get('retry-after')), path).toBeGreaterThanOrEqual(1);
        const error = { message: expect.stringContaining('database'), code: 'UNAVAILABLE', field: null, detail: 'unavailable' };
        if (path === '/graphql') {
          const [first] = body.errors;
          expect({ message: first.message, ...first.extensions }, path).toEqual(error);
        } else {
          expect(body, path).toEqual({
            success: false,
            error: error.code,
            message: error.message,
            details: { field: error.field, code: error.detail },
          });
        }
      }
    }
    await until('the outage to be logged', () => logs.since().some((l) => l.includes('database unavailable')));
    const during = logs.since().filter((l) => !l.includes('"msg":"request"'));
    const text = during.join('\n');
    expect(text).not.toMatch(/\\n\s+at /);
    expect(during.filter((l) => l.includes('database unavailable')).length, text).toBe(1);
    expect(text).not.toContain('unhandled error');

    logs.mark();
    await proxy.restore();
    await until('the database to answer again', async () => (await requests()).every(({ res }) => res.status < 300));
    await until('the recovery to be logged', () => logs.since().some((l) => l.includes('database available again')));
    expect(logs.since().filter((l) => l.includes('database available again')).length).toBe(1);
  });
});
