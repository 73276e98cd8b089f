import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.ts';
import { checkToolErrors, checkToolList, exerciseEveryTool, makeActors } from './tool-scenario.ts';
import { tasksvcArgs } from '../support/cli.ts';

// The SDK's own client spawning `tasksvc mcp` (stdio), whose tools call the
// tool routes of a running app over HTTP.


const t = useTestServer();

/** The child's environment: only what `tasksvc mcp` needs (no database settings). */
function childEnv(extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...extra };
}

/** Spawns `tasksvc mcp`, collecting its stderr. */
function spawnServer(env: Record<string, string>, args: string[] = []) {
  const transport = new StdioClientTransport({ command: process.execPath, args: tasksvcArgs('mcp', ...args), env: childEnv(env), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'tasksvc-stdio-test', version: '0.0.0' });
  return { client, transport, stderr: () => stderr };
}

describe('MCP over stdio (tasksvc mcp)', () => {
  it('lists every tool, runs each one and reports tool errors', { timeout: 240_000 }, async () => {
    const x = await makeActors(t);
    const { client, transport, stderr } = spawnServer({ TASKSVC_URL: t.url, TASKSVC_API_KEY: x.a.key });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'tasksvc' });
      const listed = await checkToolList(client);
      await exerciseEveryTool(client, t, x, listed);
      await checkToolErrors(client, t, x);
      expect(stderr()).toContain(`as ${x.a.user.email}`);
    } finally {
      await client.close();
    }
  });

  it('--url and --key work instead of the environment', { timeout: 120_000 }, async () => {
    const x = await makeActors(t);
    const { client, transport } = spawnServer({}, ['--url', `${t.url}/api/mcp/`, '--key', x.a.key]);
    await client.connect(transport);
    try {
      const res = (await client.callTool({ name: 'tasksvc_get_user_context', arguments: {} })) as { structuredContent: unknown };
      expect(res.structuredContent).toMatchObject({ id: x.a.user.id });
    } finally {
      await client.close();
    }
  });

  it('refuses a rejected key at start, saying so on stderr', { timeout: 120_000 }, async () => {
    const { client, transport, stderr } = spawnServer({ TASKSVC_URL: t.url, TASKSVC_API_KEY: 'tsk_wrong' });
    await expect(client.connect(transport)).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 200));
    expect(stderr()).toContain('API key rejected');
  });

  it('refuses to start without a key', { timeout: 120_000 }, async () => {
    const { client, transport, stderr } = spawnServer({ TASKSVC_URL: t.url });
    await expect(client.connect(transport)).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 200));
    expect(stderr()).toContain('No API key');
  });
});
