// The done-when proof of the frontend features: a fresh scratch app
// (test/fixtures/scratch-app) generated with GraphQL Code Generator's client
// preset from the committed schema.graphql, type-checked with TypeScript,
// then run: against the service it lists tasks by trusted document id (its
// own persisted-documents.json, trusted through GRAPHQL_TRUSTED_DOCUMENTS_FILES)
// and refetches the first by node(id:); against `tasksvc mock` it renders.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeGlobalId } from '../../src/graphql/global-id.ts';
import { createTestServer, type TestServer } from '../support/app.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { tasksvcArgs } from '../support/cli.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = join(ROOT, 'test/fixtures/scratch-app');
let app: string;
let server: TestServer | undefined;
let mock: ChildProcess | undefined;

/** What the app's screen function answers (its own types are checked by `typeErrors`, the app being generated at test time). */
interface Screen {
  list: { tasks: { total: number; items: { globalId: string }[] } };
  refetched: unknown;
  refetchedById: unknown;
  html: string;
}
let taskScreen: (url: string, headers?: Record<string, string>) => Promise<Screen>;
let meAndTask: (url: string, ref: object, headers?: Record<string, string>) => Promise<unknown>;
let describeBoardEvent: (event: object) => string;

/** TypeScript's diagnostics of the app's sources (strict, JSX, bundler resolution), as text. */
function typeErrors(dir: string, extra: Record<string, string> = {}): string[] {
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, 'src', name), text);
  const files = ['src/main.ts', ...Object.keys(extra).map((n) => `src/${n}`)].map((f) => join(dir, f));
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: [],
  });
  for (const name of Object.keys(extra)) rmSync(join(dir, 'src', name));
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

beforeAll(async () => {
  app = mkdtempSync(join(tmpdir(), 'tasksvc-scratch-app-'));
  cpSync(FIXTURE, app, { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(app, 'node_modules'), 'dir');
  const { codegenConfig } = (await import(join(FIXTURE, 'codegen.config.mjs'))) as {
    codegenConfig: (schema: string, root: string) => Parameters<typeof generate>[0];
  };
  await generate(codegenConfig(join(ROOT, 'schema.graphql'), app), true);
  ({ taskScreen, meAndTask, describeBoardEvent } = await import(join(app, 'src/main.ts')));
});
afterAll(async () => {
  if (mock?.exitCode === null) mock.kill('SIGTERM');
  await server?.close();
  if (app) rmSync(app, { recursive: true, force: true });
});

describe('a scratch app on the client preset', () => {
  it('generates typed documents and a persisted-documents manifest from the committed schema', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'gql/persisted-documents.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(
      Object.values(manifest)
        .map((text) => /(query|mutation|subscription) (\w+)/.exec(text)?.[2])
        .sort(),
    ).toEqual(['ScratchBoardEvents', 'ScratchMeAndTask', 'ScratchTaskNode', 'ScratchTasks']);
  });

  it('compiles, and the compiler catches a field the schema does not have', () => {
    expect(typeErrors(app)).toEqual([]);
    const wrong = typeErrors(app, {
      'wrong.ts':
        "import type { ScratchTasksQuery } from '../gql/graphql.ts';\nexport const x = (q: ScratchTasksQuery) => q.tasks.items[0].estimateHours;\n",
    });
    expect(wrong.join('\n')).toMatch(/estimateHours/);
  });

  it('types the conventions: SCREAMING_SNAKE_CASE enums, typed board events, a nullable lookup', () => {
    // The spec's strings are not GraphQL values: `high` and `task.created` do not compile where the enums go.
    const casing = typeErrors(app, {
      'casing.ts':
        "import type { Priority, BoardEventKind } from '../gql/graphql.ts';\n" +
        "export const ok: [Priority, BoardEventKind] = ['HIGH', 'TASK_CREATED'];\n" +
        "export const spec: Priority = 'high';\nexport const event: BoardEventKind = 'task.created';\n",
    });
    expect(casing.join('\n')).toMatch(/"high"/);
    expect(casing.join('\n')).toMatch(/"task.created"/);
    expect(casing, casing.join('\n')).toHaveLength(2);
    // A field of one event family is not on another: a section event has no `taskId`.
    const family = typeErrors(app, {
      'family.ts':
        "import type { ScratchBoardEventsSubscription } from '../gql/graphql.ts';\n" +
        "type E = ScratchBoardEventsSubscription['boardEvents'];\n" +
        "export const f = (e: E) => (e.__typename === 'SectionBoardEvent' ? e.taskId : null);\n",
    });
    expect(family.join('\n')).toMatch(/taskId/);
    // `task` may be null: reading it without a check does not compile.
    const nullable = typeErrors(app, {
      'nullable.ts':
        "import type { ScratchMeAndTaskQuery } from '../gql/graphql.ts';\n" +
        'export const t = (q: ScratchMeAndTaskQuery) => q.task.title;\n',
    });
    expect(nullable.join('\n')).toMatch(/possibly 'null'/);
    expect(describeBoardEvent({ __typename: 'SectionBoardEvent', event: 'SECTION_DELETED', sectionId: 4, movedToSectionId: 2 })).toBe(
      'section 4 gone, tasks to 2',
    );
  });

  it('against the service: lists by trusted document id and refetches the first task by node(id:)', async () => {
    server = await createTestServer({
      env: { GRAPHQL_TRUSTED_DOCUMENTS_FILES: join(app, 'gql/persisted-documents.json'), RATE_LIMIT_PER_MINUTE: '0' },
    });
    const { user, key } = await makeUserWithKey(server.db, 'Scratch');
    const project = await makeProject(server.db, { memberIds: [user.id], prefix: 'SCR' });
    const task = await server.db.task.create({
      data: {
        projectId: project.id,
        sectionId: project.sections[0].id,
        uniqueIndex: 1,
        title: 'Scratch task',
        priority: 'high',
        createdById: user.id,
      },
    });
    const screen = await taskScreen(`${server.url}/graphql`, { authorization: `Bearer ${key}` });
    const card = {
      globalId: encodeGlobalId('Task', task.id),
      ticketNumber: 'SCR-1',
      title: 'Scratch task',
      priority: 'HIGH',
      dueDate: null,
    };
    expect(screen.list).toEqual({ tasks: { total: 1, items: [card] } });
    expect(screen.refetched).toEqual({ __typename: 'Task', ...card });
    expect(screen.refetchedById).toEqual({ __typename: 'Task', ...card });
    expect(screen.html).toContain('<span class="ticket">SCR-1</span>');

    // One request, a task that is not there: `task` is null and `me` survives (no error nulls the whole data).
    const auth = { authorization: `Bearer ${key}` };
    expect(await meAndTask(`${server.url}/graphql`, { ticketNumber: 'SCR-99' }, auth)).toEqual({ me: { id: user.id }, task: null });
    expect(await meAndTask(`${server.url}/graphql`, { taskId: task.id }, auth)).toEqual({ me: { id: user.id }, task: card });
  });

  it('against tasksvc mock: renders cards of realistic mock tasks, stable for the seed', async () => {
    mock = spawn(
      process.execPath,
      tasksvcArgs('mock', '--port', '0', '--seed', '3', '--documents', join(app, 'gql/persisted-documents.json')),
      {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      mock!.stdout!.on('data', (d) => {
        out += String(d);
        const m = /mock GraphQL endpoint: (\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      mock!.once('exit', (code) => reject(new Error(`tasksvc mock exited ${code}: ${out}`)));
    });
    const screen = await taskScreen(url);
    expect(screen.list.tasks.items.length).toBeGreaterThan(0);
    expect(screen.html).toMatch(
      /^<section>(<article data-id="[^"]+"><header><span class="ticket">[A-Z]{3}-\d+<\/span> <span class="priority">(URGENT|HIGH|MEDIUM|LOW|none)<\/span><\/header><h3>[^<]+<\/h3>(<time[^>]*>[^<]*<\/time>)?<\/article>)+<\/section>$/,
    );
    expect(screen.refetched).toEqual({ __typename: 'Task', ...screen.list.tasks.items[0] });
    expect((await taskScreen(url)).html).toBe(screen.html);
  });
});
