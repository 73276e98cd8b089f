import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { allRoutes, createApp } from '../../src/http/app.ts';
import { openApiPath } from '../../src/http/openapi.ts';
import { removedRoutes } from '../../src/http/routes/removed.ts';
import { type ErrorCode, HTTP_STATUS } from '../../src/errors.ts';
import { useTestApp } from '../support/app.ts';
import { assertDocumentedResponse } from '../support/openapi-responses.ts';

const t = useTestApp();

describe('OpenAPI document', () => {
  it('is served at /api/openapi.json, valid for a real OpenAPI 3.1 validator', async () => {
    const res = await t.fetch('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('lists every route of the router, and nothing else', async () => {
    const doc = await (await t.fetch('/api/openapi.json')).json();
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    // What the app answers under /api, read from its own router: the route tables and the plain
    // handlers that set cookies (documented beside them); not the document itself or the 410s.
    const { app } = createApp(t.services);
    const notOperations = new Set(['GET /api/openapi.json', ...removedRoutes.map((r) => `${r.method} ${r.path}`)]);
    const answered = [
      ...new Set(
        app.routes
          .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
          .map((r) => `${r.method} ${openApiPath(r.path)}`)
          .filter((op) => !notOperations.has(op)),
      ),
    ].sort();
    expect(documented).toEqual(answered);
    // Every cookie handler is among them (so the filter above cannot silently drop them).
    expect(answered).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'POST /api/auth/session',
        'DELETE /api/auth/session',
        'GET /api/session/verify',
        'POST /api/auth/invite/accept',
      ]),
    );
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((ops) =>
      Object.values(ops).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the committed openapi.json is current (run `npm run generate` when this fails)', async () => {
    const served = await (await t.fetch('/api/openapi.json')).json();
    const committed = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(served);
  });

  it('the reference page at /docs names every operation', async () => {
    const html = await (await t.fetch('/docs')).text();
    const doc = await (await t.fetch('/api/openapi.json')).json();
    for (const ops of Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>))
      for (const op of Object.values(ops)) expect(html).toContain(op.operationId);
  });

  it('every operation describes its success body and its error statuses, each with its own error code', async () => {
    const doc = await (await t.fetch('/api/openapi.json')).json();
    // Conditional requests are the route tables' GETs; the session handlers answer `no-store`.
    const conditional = new Set(allRoutes().map((r) => `${r.def.method.toLowerCase()} ${openApiPath(r.fullPath)}`));
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`;
        const [success, ...others] = Object.keys(op.responses);
        const errors = others.filter((status) => status !== '304');
        expect(others.includes('304'), `${where} 304`).toBe(method === 'get' && conditional.has(`get ${path}`));
        expect(Number(success), where).toBeLessThan(300);
        // JSON, or another type a route streams (the board CSV export): a schema either way, never a bare object.
        const [body] = Object.values(op.responses[success].content as Record<string, { schema: unknown }>);
        expect(body.schema, where).not.toEqual({ type: 'object' });
        expect(errors, where).toEqual(expect.arrayContaining(['400', '401', '413', '429', '500', '503']));
        for (const status of errors) {
          const ref = op.responses[status].$ref as string;
          // One code (`NOT_FOUND`), or the codes that share a status (`TIMEOUT_OR_UNAVAILABLE`).
          for (const code of ref.split('/').pop()!.split('_OR_'))
            expect(String(HTTP_STATUS[code as ErrorCode]), `${where} ${status} ${code}`).toBe(status);
        }
      }
    }
  });

  it('the route tests’ response check refuses an undocumented status and a body off its schema', async () => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const error = (code: string) => ({ success: false, error: code, message: 'm', details: { field: null, code: 'x' } });
    await expect(assertDocumentedResponse('GET', '/api/v1/tasks/1', json(409, error('CONFLICT')))).rejects.toThrow(
      /answered 409, which its operation does not document/,
    );
    await expect(assertDocumentedResponse('GET', '/api/v1/tasks/1', json(404, error('CONFLICT')))).rejects.toThrow(
      /body its schema refuses/,
    );
    await expect(assertDocumentedResponse('GET', '/api/v1/tasks/1', json(200, { success: true }))).rejects.toThrow(
      /body its schema refuses/,
    );
    await expect(
      assertDocumentedResponse('DELETE', '/api/v1/tasks/1', json(403, error('FORBIDDEN'))),
    ).resolves.toBeUndefined();
    // A status two codes share takes the body of either, and no other.
    await expect(assertDocumentedResponse('GET', '/api/v1/tasks/1', json(503, error('UNAVAILABLE')))).resolves.toBeUndefined();
    await expect(assertDocumentedResponse('GET', '/api/v1/tasks/1', json(503, error('TIMEOUT')))).resolves.toBeUndefined();
    await expect(assertDocumentedResponse('GET', '/api/v1/tasks/1', json(503, error('INTERNAL')))).rejects.toThrow(
      /body its schema refuses/,
    );
    // Paths the document does not describe are not its business.
    await expect(assertDocumentedResponse('GET', '/healthz', json(418, {}))).resolves.toBeUndefined();
  });
});
