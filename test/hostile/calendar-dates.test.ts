// Dates people type, on every transport: an impossible calendar date
// (`2020-02-30`, which `new Date` reads as March 1) and a year outside
// 1–9999 (year 0 made PostgreSQL fail: 500) are refused with 400 naming the
// field, and nothing is written; the edges of the range are stored exactly.
// Dates are stored in SQL, so this runs on both databases.
import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeUserWithProject } from '../support/factories.ts';
import { gql } from '../support/graphql.ts';
import { projectState } from '../support/project-state.ts';

const t = useTestServer();

const INVALID = [
  '2020-02-30',
  '2021-02-29',
  '2020-13-01',
  '2020-04-31',
  '0000-01-01',
  '0000-12-31T23:00:00Z',
  '0001-01-01T00:30:00+01:00',
  '10000-01-01',
  '+010000-01-01T00:00:00Z',
  '2020-01-01T24:00:00Z',
  '2020-01-01T12:60:00Z',
  'next week',
];
const VALID: [string, string][] = [
  ['2020-02-29', '2020-02-29T00:00:00.000Z'],
  ['0001-01-01', '0001-01-01T00:00:00.000Z'],
  ['0050-06-15', '0050-06-15T00:00:00.000Z'],
  ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
  ['2026-03-01T12:00:00+02:00', '2026-03-01T10:00:00.000Z'],
];

const CREATE = 'mutation($input: CreateTaskInput!) { createTask(input: $input) { id dueDate } }';
const UPDATE = 'mutation($ref: TaskRefInput!, $input: UpdateTaskInput!) { updateTask(ref: $ref, input: $input) { id dueDate } }';

describe('due dates', () => {
  it.each(INVALID)('%s → 400 naming the field on GraphQL, REST and tool routes; nothing written', async (date) => {
    const { user, key, project } = await makeUserWithProject(t.db);
    const task = await createTask(t.db, user.id, { projectId: project.id, title: 'Dated' });
    const before = await projectState(t.db, project.id);

    const created = await gql(t, key, CREATE, { input: { projectId: project.id, title: 'x', dueDate: date } });
    expect(created.errors?.[0]?.extensions, JSON.stringify(created)).toMatchObject({ code: 'VALIDATION' });
    expect(JSON.stringify(created.errors)).toContain('dueDate');
    const updated = await gql(t, key, UPDATE, { ref: { taskId: task.id }, input: { dueDate: date } });
    expect(updated.errors?.[0]?.extensions, JSON.stringify(updated)).toMatchObject({ code: 'VALIDATION' });
    expect(JSON.stringify(updated.errors)).toContain('dueDate');

    const json = { project_id: project.id, title: 'x', due_date: date };
    await expectError(await t.fetch('/api/v1/tasks', { key, method: 'POST', json }), 400, 'due_date');
    await expectError(await t.fetch(`/api/v1/tasks/${task.id}`, { key, method: 'PATCH', json: { due_date: date } }), 400, 'due_date');
    await expectError(await t.fetch('/api/mcp/tasks/create', { key, method: 'POST', json }), 400, 'due_date');
    await expectError(
      await t.fetch('/api/mcp/tasks/update', { key, method: 'POST', json: { task_id: task.id, due_date: date } }),
      400,
      'due_date',
    );
    expect(await projectState(t.db, project.id)).toEqual(before);
  });

  it('the edges of the range and a leap day are stored exactly, on every transport', async () => {
    const { key, project } = await makeUserWithProject(t.db);
    for (const [date, stored] of VALID) {
      const created = await gql(t, key, CREATE, { input: { projectId: project.id, title: 'x', dueDate: date } });
      expect(created.data?.createTask.dueDate, JSON.stringify(created)).toBe(stored);
      const rest = await t.fetch('/api/v1/tasks', { key, method: 'POST', json: { project_id: project.id, title: 'y', due_date: date } });
      expect(rest.status).toBe(201);
      const id = ((await rest.json()) as { task: { id: number } }).task.id;
      expect((await t.db.task.findUniqueOrThrow({ where: { id } })).dueDate?.toISOString()).toBe(stored);
    }
  });
});
