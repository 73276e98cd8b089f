import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.ts';
import { makeUserWithKey } from '../support/factories.ts';
import { checkToolErrors, checkToolList, exerciseEveryTool, makeActors } from './tool-scenario.ts';

// The SDK's own client over Streamable HTTP against `/mcp` of a running app.

const t = useTestServer();

/** A fresh connection per request: kept-alive sockets can be closed under load just as they are reused. */
const closingFetch: typeof fetch = (input, init = {}) =>
  fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), connection: 'close' } });

async function connect(key: string | null) {
  const client = new Client({ name: 'tasksvc-test', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), {
    requestInit: key ? { headers: { authorization: `Bearer ${key}` } } : {},
    fetch: closingFetch,
  });
  await client.connect(transport);
  return client;
}

describe('MCP over Streamable HTTP (/mcp)', () => {
  it('refuses a missing or wrong key (401 before any MCP message is handled)', async () => {
    await expect(connect(null)).rejects.toMatchObject({ code: 401, message: expect.stringContaining('UNAUTHENTICATED') });
    await expect(connect('tsk_not_a_real_key')).rejects.toMatchObject({ code: 401, message: expect.stringContaining('Unknown API key') });
    const raw = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer nope' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toMatchObject({ success: false, error: 'UNAUTHENTICATED' });
  });

  it('GET and DELETE answer 405 (stateless endpoint)', async () => {
    const { key } = await makeUserWithKey(t.db);
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${t.url}/mcp`, { method, headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('lists every tool with an input schema and runs each one', { timeout: 120_000 }, async () => {
    const x = await makeActors(t);
    const client = await connect(x.a.key);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'tasksvc' });
      expect(client.getInstructions()).toContain('tasksvc_get_user_context');
      const listed = await checkToolList(client);
      await exerciseEveryTool(client, t, x, listed);
    } finally {
      await client.close();
    }
  });

  it('returns invalid input as tool errors naming the field, writing nothing', { timeout: 60_000 }, async () => {
    const x = await makeActors(t);
    const client = await connect(x.a.key);
    try {
      await checkToolErrors(client, t, x);
    } finally {
      await client.close();
    }
  });

  it('acts as the key owner: another tenant’s board is NOT_FOUND', async () => {
    const x = await makeActors(t);
    const stranger = await makeUserWithKey(t.db, 'Eve');
    const client = await connect(stranger.key);
    try {
      const res = (await client.callTool({ name: 'tasksvc_list_project_members', arguments: { projectId: x.projectId } })) as {
        isError?: boolean;
        content: { text: string }[];
      };
      expect(res.isError).toBe(true);
      expect(res.content[0].text).toMatch(/^NOT_FOUND 404/);
      const write = (await client.callTool({ name: 'tasksvc_create_task', arguments: { project_id: x.projectId, title: 'intrude' } })) as {
        isError?: boolean;
      };
      expect(write.isError).toBe(true);
      expect(await t.db.task.count({ where: { projectId: x.projectId, title: 'intrude' } })).toBe(0);
    } finally {
      await client.close();
    }
  });
});
