import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerClientCommands } from '../../src/cli/client/index.ts';
import { useTestServer } from '../support/app.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { tasksvcArgs } from '../support/cli.ts';

// The client CLI (`tasksvc projects|tasks|comments|assign|inbox`) against a
// running app, through the real binary.

const run = promisify(execFile);

const t = useTestServer();

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `tasksvc …` with only the client settings in its environment. */
async function cli(env: Record<string, string>, ...args: string[]): Promise<Outcome> {
  const childEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test', ...env };
  try {
    const { stdout, stderr } = await run(process.execPath, tasksvcArgs(...args), { env: childEnv });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** `--json` run that must succeed with exactly one JSON line. */
async function json(env: Record<string, string>, ...args: string[]) {
  const out = await cli(env, ...args, '--json');
  expect(out.code, out.stderr || out.stdout).toBe(0);
  const lines = out.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}

/** Table run that must succeed. */
async function table(env: Record<string, string>, ...args: string[]) {
  const out = await cli(env, ...args);
  expect(out.code, out.stderr).toBe(0);
  return out.stdout;
}

async function actors() {
  const a = await makeUserWithKey(t.db, 'Ada');
  const b = await makeUserWithKey(t.db, 'Bob');
  const from = await makeBoard(t.db, a.user.id, { sections: [{ title: 'Todo' }, { title: 'Doing' }] }, [b.user.id]);
  const to = await makeBoard(t.db, a.user.id, { sections: [{ title: 'Later' }] });
  return { a, b, from: from.project.id as number, to: to.project.id as number, env: { TASKSVC_URL: t.url, TASKSVC_API_KEY: a.key } };
}

describe('client CLI against a running app', () => {
  it('creates, lists, searches and moves a task (--json)', { timeout: 240_000 }, async () => {
    const x = await actors();
    const created = await json(x.env, 'tasks', 'create', 'Quarterly zeppelin report', '--project-id', String(x.from), '--priority', 'high');
    expect(created).toMatchObject({ title: 'Quarterly zeppelin report', priority: 'high', section: 'Backlog' });
    expect(await t.db.task.findUnique({ where: { id: created.id } })).toMatchObject({ projectId: x.from, priority: 'high' });

    const [list, found, projects] = await Promise.all([
      json(x.env, 'tasks', 'list', '--project-id', String(x.from), '--priority', 'high', '--limit', '5'),
      json(x.env, 'tasks', 'search', 'zepelin', 'report', '--project-id', String(x.from)),
      json(x.env, 'projects', 'list', '--sort-by', 'createdAt', '--sort-order', 'desc'),
    ]);
    expect(list).toMatchObject({ total: 1, tasks: [{ id: created.id, ticket_number: created.ticket_number }] });
    expect(found.tasks[0]).toMatchObject({ id: created.id, score: expect.any(Number) });
    expect(projects.projects.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([x.from, x.to]));

    const moved = await json(x.env, 'tasks', 'move', created.ticket_number, '--project-id', String(x.from), '--target-project-id', String(x.to));
    expect(moved).toMatchObject({ id: created.id, project_id: x.to, section: 'Later' });
    expect(await t.db.task.findUnique({ where: { id: created.id } })).toMatchObject({ projectId: x.to });
  });

  it('creates, lists, searches and moves a task (tables)', { timeout: 240_000 }, async () => {
    const x = await actors();
    const created = await table(x.env, 'tasks', 'create', '--project-id', String(x.from), '--title', 'Airship maintenance log');
    expect(created).toMatch(/^Created \S+-\d+ \(id \d+\) in Backlog/);
    const id = Number(/\(id (\d+)\)/.exec(created)![1]);
    const ticket = /^Created (\S+)/.exec(created)![1];
    expect(created).toMatch(/field\s+value/);

    const [list, found] = await Promise.all([
      table(x.env, 'tasks', 'list', '--project-id', String(x.from)),
      table(x.env, 'tasks', 'search', 'airship', '--project-id', String(x.from)),
    ]);
    const [header, rule, row] = list.trim().split('\n');
    expect(header.split(/\s+/)).toEqual(['id', 'ticket', 'title', 'section', 'priority', 'assignees', 'updatedAt']);
    expect(rule).toMatch(/^-+( +-+)+$/);
    expect(row).toContain(ticket);
    expect(row).toContain('Airship maintenance log');
    expect(found.split('\n')[0].split(/\s+/)).toEqual(['id', 'ticket', 'title', 'section', 'priority', 'score']);
    expect(found).toContain(ticket);

    const moved = await table(x.env, 'tasks', 'move', String(id), '--target-project-id', String(x.to));
    expect(moved.trim()).toMatch(new RegExp(`^Moved to project ${x.to} as \\S+-\\d+ \\(section Later\\)$`));
    expect(await t.db.task.findUnique({ where: { id } })).toMatchObject({ projectId: x.to });
  });

  it('gets and updates tasks, comments, assigns, reads and archives the inbox', { timeout: 240_000 }, async () => {
    const x = await actors();
    const task = await json(x.env, 'tasks', 'create', 'Shared task', '--project-id', String(x.from), '--priority', 'high');
    const ref = String(task.id);
    const [updated, comment] = await Promise.all([
      json(x.env, 'tasks', 'update', task.ticket_number, '--project-id', String(x.from), '--title', 'Shared task v2', '--priority', 'null'),
      json(x.env, 'comments', 'add', ref, 'Hello **there**', '--content-type', 'markdown'),
    ]);
    expect(updated).toMatchObject({ id: task.id, title: 'Shared task v2' });
    expect(await t.db.task.findUnique({ where: { id: task.id } })).toMatchObject({ title: 'Shared task v2', priority: null });
    expect(comment.text).toContain('<strong>there</strong>');

    const [shown, comments, assigned] = await Promise.all([
      table(x.env, 'tasks', 'get', ref),
      table(x.env, 'comments', 'list', ref),
      json(x.env, 'assign', ref, '--user-id', String(x.b.user.id)),
    ]);
    expect(shown).toMatch(/title\s+Shared task v2/);
    expect(comments).toMatch(/Hello there/);
    expect(assigned.assignees).toEqual([{ id: x.b.user.id, displayName: x.b.user.displayName }]);

    // Bob assigns Ada: Ada's inbox gets an assignment.
    await json({ TASKSVC_URL: t.url, TASKSVC_API_KEY: x.b.key }, 'assign', ref, '--user-id', String(x.a.user.id));
    const inbox = await json(x.env, 'inbox', 'list');
    const note = inbox.notifications.find((n: { task_id: number }) => n.task_id === task.id);
    expect(note).toMatchObject({ type: 'assignment' });
    expect(await table(x.env, 'inbox', 'archive', String(note.id))).toBe('Archived 1 notification\n');
    expect((await t.db.notification.findUnique({ where: { id: note.id } }))!.archivedAt).not.toBeNull();
  });

  it('explains errors: rejected key, not found, invalid field, no key', { timeout: 240_000 }, async () => {
    const x = await actors();
    const before = await t.db.task.count({ where: { projectId: x.from } });
    const [badKey, badKeyJson, notFound, invalid, noKey, unreachable] = await Promise.all([
      cli({ TASKSVC_URL: t.url, TASKSVC_API_KEY: 'tsk_wrong' }, 'projects', 'list'),
      cli({ TASKSVC_URL: t.url }, 'projects', 'list', '--key', 'tsk_wrong', '--json'),
      cli(x.env, 'tasks', 'get', '2147483000'),
      cli(x.env, 'tasks', 'create', '--project-id', 'abc', '--title', 'Never'),
      cli({ TASKSVC_URL: t.url }, 'inbox', 'list'),
      cli({ TASKSVC_URL: 'http://127.0.0.1:9', TASKSVC_API_KEY: x.a.key }, 'projects', 'list'),
    ]);
    expect(badKey).toMatchObject({ code: 1, stdout: '' });
    expect(badKey.stderr).toMatch(/^error: API key rejected \(401\): .*Check TASKSVC_API_KEY or --key\.\n$/);
    expect(badKeyJson.code).toBe(1);
    expect(JSON.parse(badKeyJson.stdout)).toMatchObject({ error: 'UNAUTHENTICATED', status: 401, details: { field: 'authorization' } });
    expect(notFound.code).toBe(1);
    expect(notFound.stderr).toMatch(/^error: Not found \(404\): /);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/^error: Invalid project_id \(400\): .*must be a positive integer/);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('No API key: set TASKSVC_API_KEY or pass --key');
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/Cannot reach tasksvc at http:\/\/127\.0\.0\.1:9/);
    expect(await t.db.task.count({ where: { projectId: x.from } })).toBe(before);
  });

  it('--help works on every client command', { timeout: 120_000 }, async () => {
    const program = new Command('tasksvc');
    registerClientCommands(program);
    const leaves: Command[] = [];
    const walk = (c: Command) => (c.commands.length ? c.commands.forEach(walk) : leaves.push(c));
    program.commands.forEach(walk);
    expect(leaves.map((c) => `${c.parent?.name() === 'tasksvc' ? '' : `${c.parent?.name()} `}${c.name()}`).sort()).toEqual(
      [
        'assign',
        'comments add',
        'comments list',
        'inbox archive',
        'inbox list',
        'projects list',
        'tasks create',
        'tasks get',
        'tasks list',
        'tasks move',
        'tasks search',
        'tasks update',
      ].sort(),
    );
    for (const leaf of leaves) {
      const help = leaf.helpInformation();
      for (const flag of ['--url <url>', '--key <key>', '--json']) expect(help, leaf.name()).toContain(flag);
    }
    const listHelp = leaves.find((c) => c.name() === 'list' && c.parent?.name() === 'tasks')!.helpInformation();
    for (const flag of ['--project-id <id>', '--assigned-to <value>', '--has-due-date <true|false>', '--labels <a,b,...>', '--limit <n>']) {
      expect(listHelp).toContain(flag);
    }
    const out = await cli({}, 'tasks', 'move', '--help');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('--target-project-id <id>');
  });
});
