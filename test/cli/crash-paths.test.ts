import { execFile } from 'node:child_process';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasksvcArgs } from '../support/cli.ts';

// The real `tasksvc` binary against mistakes a user makes: an id that is not
// a number, a --url that is some other web server, `tasksvc mcp` pointed at a
// JSON API that is not tasksvc. Each ends with one clear message and a
// non-zero exit, never a stack, a driver error or a fake success.


interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `tasksvc …` with only the given settings (no database settings: none of these may need one). */
function cli(env: Record<string, string>, ...args: string[]): Promise<Outcome> {
  const childEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env };
  return new Promise((resolve) => {
    execFile(process.execPath, tasksvcArgs(...args), { env: childEnv, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

/** A web server that is not tasksvc: every path answers 200 with `type`/`body`. */
async function foreignServer(type: string, body: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': type }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('tasksvc keys revoke with an id that is not a number', () => {
  it('is a usage error naming --id, before any database work', { timeout: 120_000 }, async () => {
    // A database URL nobody answers: reaching the database would hang or fail differently.
    const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const plain = await cli(env, 'keys', 'revoke', '--id', 'abc');
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain("option '--id <id>' argument 'abc' is invalid");
    expect(plain.stderr).toContain('whole number');
    expect(plain.stderr + plain.stdout).not.toMatch(/prisma|NaN|ECONNREFUSED|\n\s+at /i);

    const json = await cli(env, 'keys', 'revoke', '--id', '12abc', '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout.trim())).toMatchObject({ error: 'USAGE', message: expect.stringContaining('--id') });
  });
});

describe('a --url that is not tasksvc', () => {
  let html: { url: string; server: Server };
  let jsonApi: { url: string; server: Server };
  beforeAll(async () => {
    html = await foreignServer('text/plain', 'ok');
    jsonApi = await foreignServer('application/json', '{"ok":true}');
  });
  afterAll(() => {
    html.server.close();
    jsonApi.server.close();
  });

  it('a client command says so and exits 1 (tables and --json)', { timeout: 120_000 }, async () => {
    const env = { TASKSVC_API_KEY: 'tsk_whatever' };
    const table = await cli(env, 'projects', 'list', '--url', html.url);
    expect(table.code).toBe(1);
    expect(table.stderr).toContain(`${html.url}/api/mcp/projects`);
    expect(table.stderr).toContain('not a tasksvc JSON body');
    expect(table.stdout).toBe('');

    const json = await cli(env, 'projects', 'list', '--url', html.url, '--json');
    expect(json.code).toBe(1);
    expect(json.stdout).not.toBe('"ok"\n');
    expect(JSON.parse(json.stdout.trim())).toMatchObject({ error: 'NOT_TASKSVC', status: 200 });
  });

  it('tasksvc mcp refuses it at start: non-JSON, and JSON of another shape', { timeout: 120_000 }, async () => {
    const env = { TASKSVC_API_KEY: 'tsk_whatever' };
    const text = await cli({ ...env, TASKSVC_URL: html.url }, 'mcp');
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('not a tasksvc JSON body');
    expect(text.stdout).toBe('');

    const other = await cli({ ...env, TASKSVC_URL: jsonApi.url }, 'mcp');
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('is TASKSVC_URL a tasksvc service?');
    expect(other.stdout).toBe('');
  });
});
