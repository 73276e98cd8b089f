import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/http/server.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeUserWithKey } from '../support/factories.ts';
import { documentedFetch } from '../support/openapi-responses.ts';

let t: TestApp;
let server: RunningServer;
beforeAll(async () => {
  t = await createTestApp();
  server = await startServer(t.services, { port: 0, host: '127.0.0.1', mcpPort: 0 });
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe('separate tool-route listener (MCP_PORT)', () => {
  it('serves /api/mcp/* with the same auth, and nothing else', async () => {
    const { key, user } = await makeUserWithKey(t.db);
    const headers = { authorization: `Bearer ${key}` };
    const ok = await documentedFetch(`${server.toolUrl}/api/mcp/user/context`, { headers });
    expect(ok.status).toBe(200);
    expect((await ok.json()).id).toBe(user.id);
    expect((await documentedFetch(`${server.toolUrl}/api/mcp/user/context`)).status).toBe(401);
    // Not through the checked client: the document describes the main listener, where this path is
    // served; the tool listener does not serve it at all (a 404 with the spec body).
    const other = await fetch(`${server.toolUrl}/api/v1/user/context`, { headers });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({
      success: false,
      error: 'NOT_FOUND',
      message: expect.any(String),
      details: { field: null, code: 'not_found' },
    });
    expect((await documentedFetch(`${server.url}/api/v1/user/context`, { headers })).status).toBe(200);
  });
});
