// SLOW (npm pack, then npm install -g of the tarball: about a minute on a
// busy machine; TASKSVC_SKIP_INSTALL_TEST=1 skips it). The package as a user
// installs it, outside the clone: `npm pack` → `npm install -g ./tasksvc-*.tgz`
// into a temporary prefix, then, from a directory that is not the checkout,
// the installed `tasksvc`: --version, serve (first-run setup link, the web
// app, /readyz), an admin command through the control channel, a client
// command, and MCP over stdio with the SDK's client.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const dir = mkdtempSync(join(tmpdir(), 'tasksvc-installed-'));
const prefix = join(dir, 'prefix');
const outside = join(dir, 'elsewhere');
const bin = join(prefix, 'bin', 'tasksvc');
// Only what a shell has: no DATABASE_URL (the embedded database), no checkout paths.
const env = {
  PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? ''}`,
  HOME: process.env.HOME ?? '/tmp',
  TASKSVC_DATA_DIR: join(outside, 'data'),
  LOG_LEVEL: 'warn',
};

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(process.env.TASKSVC_SKIP_INSTALL_TEST === '1')(
  'the installed package (slow: npm pack + npm install -g)',
  { timeout: 600_000 },
  () => {
    beforeAll(async () => {
      mkdirSync(outside, { recursive: true });
      await run('npm', ['pack', '--pack-destination', dir], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
      const tarball = readdirSync(dir).find((f) => /^tasksvc-.*\.tgz$/.test(f))!;
      await run(
        'npm',
        ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', join(dir, tarball)],
        { cwd: outside, maxBuffer: 16 * 1024 * 1024 },
      );
    }, 600_000);

    it('tasksvc --version, serve, an admin command, a client command and MCP over stdio work outside the clone', async () => {
      const v = await run(bin, ['--version'], { cwd: outside, env });
      expect(v.stdout.trim()).toBe(version);

      const serve = spawn(bin, ['serve', '--port', '0', '--json'], {
        cwd: outside,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      serve.stdout.on('data', (d: Buffer) => (out += d.toString()));
      serve.stderr.on('data', (d: Buffer) => (err += d.toString()));
      try {
        const summary = await new Promise<Record<string, string>>((resolve, reject) => {
          const check = () => {
            const line = out.split('\n').find((l) => l.startsWith('{"url"'));
            if (line) resolve(JSON.parse(line));
          };
          serve.stdout.on('data', check);
          serve.once('exit', (code) => reject(new Error(`serve exited ${code}: ${out}\n${err}`)));
        });
        expect(summary.setup).toMatch(/\/setup#token=setup_/);
        expect((await (await fetch(`${summary.url}/readyz`)).json()).status).toBe('ok');
        const page = await fetch(summary.url, { headers: { accept: 'text/html' } });
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<div id="root">');

        const seeded = JSON.parse((await run(bin, ['seed', '--demo', '--json'], { cwd: outside, env })).stdout) as {
          key: string;
          board: { title: string };
        };
        const projects = await run(bin, ['projects', 'list', '--url', summary.url, '--key', seeded.key, '--json'], {
          cwd: outside,
          env,
        });
        expect(JSON.parse(projects.stdout).projects.map((p: { title: string }) => p.title)).toContain(
          seeded.board.title,
        );

        const client = new Client({ name: 'installed-package-test', version: '0.0.0' });
        await client.connect(
          new StdioClientTransport({
            command: bin,
            args: ['mcp'],
            cwd: outside,
            env: { ...env, TASKSVC_URL: summary.url, TASKSVC_API_KEY: seeded.key },
            stderr: 'ignore',
          }),
        );
        try {
          const tools = (await client.listTools()).tools.map((t) => t.name);
          expect(tools).toContain('tasksvc_create_task');
          const me = (await client.callTool({ name: 'tasksvc_get_user_context', arguments: {} })) as unknown as {
            structuredContent: { email: string };
          };
          expect(me.structuredContent.email).toMatch(/^demo-.*@example\.com$/);
        } finally {
          await client.close();
        }
      } finally {
        serve.kill('SIGTERM');
        await new Promise((resolve) => (serve.exitCode === null ? serve.once('exit', resolve) : resolve(null)));
      }
    });
  },
);
