// Request bodies name every field they take: a field a route does not know
// (a misspelling, a field of another route) is a 400 naming it as spelt,
// at any depth, and nothing is written; the tool routes take exactly the
// spec's fields (each below is accepted); the OpenAPI document says so with
// additionalProperties: false on every body object.
import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { useTestApp } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeTeam, makeUserWithProject } from '../support/factories.ts';

const t = useTestApp();

describe('unknown body fields', () => {
  it('REST: {"project_id":1,"title":"t","prority":"high"} is 400 naming prority; nothing is made', async () => {
    const w = await makeUserWithProject(t.db);
    const res = await t.fetch('/api/v1/tasks', {
      method: 'POST',
      key: w.key,
      json: { project_id: w.project.id, title: 't', prority: 'high' },
    });
    const body = await expectError(res, 400, 'prority', 'unknown_field');
    expect(body.message).toContain('prority');
    expect(await t.db.task.count({ where: { projectId: w.project.id } })).toBe(0);
    // The spelling the caller used, not a renamed one.
    await expectError(
      await t.fetch('/api/v1/tasks', {
        method: 'POST',
        key: w.key,
        json: { project_id: w.project.id, title: 't', dueDate: '2027-01-01' },
      }),
      400,
      'dueDate',
      'unknown_field',
    );
  });

  it('REST updates and nested objects: the path to the field', async () => {
    const w = await makeUserWithProject(t.db);
    const task = await createTask(t.db, w.user.id, { projectId: w.project.id, title: 'Keep' });
    await expectError(
      await t.fetch(`/api/v1/tasks/${task.id}`, { method: 'PATCH', key: w.key, json: { titel: 'x' } }),
      400,
      'titel',
      'unknown_field',
    );
    const team = await makeTeam(t.db, [w.user.id]);
    const manifest = { title: 'B', sections: [{ title: 'S', colour: 'red' }] };
    await expectError(
      await t.fetch(`/api/v1/teams/${team.uuid}/boards`, { method: 'POST', key: w.key, json: manifest }),
      400,
      'sections.0.colour',
      'unknown_field',
    );
    expect((await t.db.task.findUniqueOrThrow({ where: { id: task.id } })).title).toBe('Keep');
  });

  it('tool routes: every field the spec lists is accepted; anything else is 400 naming it', async () => {
    const w = await makeUserWithProject(t.db);
    const section = w.project.sections[0]!;
    const full = {
      project_id: w.project.id,
      title: 'All fields',
      description: '<p>d</p>',
      section_id: section.id,
      priority: 'high',
      estimate: 30,
      images: ['https://img.example/a.png'],
      attachments: ['https://files.example/a.pdf'],
      due_date: '2027-01-31',
      content_type: 'html',
    };
    const created = await t.fetch('/api/mcp/tasks/create', { method: 'POST', key: w.key, json: full });
    expect(created.status).toBe(200);
    const { id } = await created.json();
    const update = {
      task_id: id,
      title: 'T',
      description: 'd',
      estimate: 5,
      priority: 'low',
      sectionId: section.id,
      status: 'Normal',
      due_date: '2027-02-01',
      content_type: 'markdown',
    };
    expect((await t.fetch('/api/mcp/tasks/update', { method: 'POST', key: w.key, json: update })).status).toBe(200);
    const comment = {
      task_id: id,
      text: 'hi',
      images: [],
      mentions: [{ user_id: w.user.id, display_name: 'Me' }],
      content_type: 'html',
    };
    // Mentions need a session on REST only; the tool route takes them with a key.
    expect((await t.fetch('/api/mcp/comments', { method: 'POST', key: w.key, json: comment })).status).toBe(200);
    expect(
      (
        await t.fetch('/api/mcp/view', {
          method: 'POST',
          key: w.key,
          json: { project_id: w.project.id, title: 'V', subtask_setting: 'Card' },
        })
      ).status,
    ).toBe(200);
    await expectError(
      await t.fetch('/api/mcp/tasks/create', { method: 'POST', key: w.key, json: { ...full, prority: 'high' } }),
      400,
      'prority',
      'unknown_field',
    );
    await expectError(
      await t.fetch('/api/mcp/tasks/update', { method: 'POST', key: w.key, json: { task_id: id, section: 'Todo' } }),
      400,
      'section',
      'unknown_field',
    );
  });

  it('REST comments accept the spec’s ignored mentionedBy', async () => {
    const w = await makeUserWithProject(t.db);
    const task = await createTask(t.db, w.user.id, { projectId: w.project.id, title: 'C' });
    const res = await t.fetch('/api/v1/comments', {
      method: 'POST',
      key: w.key,
      json: { task_id: task.id, text: 'x', mentionedBy: 99 },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).comment.author.id).toBe(w.user.id);
  });

  it('OpenAPI: every object of every request body has additionalProperties: false (records of free keys aside)', async () => {
    const doc = await (await t.fetch('/api/openapi.json')).json();
    const open: string[] = [];
    const walk = (schema: any, at: string) => {
      if (!schema || typeof schema !== 'object') return;
      if (schema.type === 'object' && schema.properties && schema.additionalProperties !== false) open.push(at);
      for (const [k, v] of Object.entries(schema))
        if (k !== 'additionalProperties' || typeof v === 'object') walk(v, `${at}.${k}`);
    };
    let bodies = 0;
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        bodies += 1;
        walk(schema, `${method.toUpperCase()} ${path}`);
      }
    }
    expect(bodies).toBeGreaterThan(30);
    expect(open).toEqual([]);
  });
});
