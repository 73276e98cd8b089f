import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeProject, makeUserWithProject } from '../support/factories.ts';
import { ISO_TIMESTAMP } from '../support/matchers.ts';
import { projectState } from '../support/project-state.ts';

const t = useTestServer({ connectionClose: true });

describe('POST /api/mcp/tasks/create', () => {
  it('401 without a key', async () => {
    await expectError(await t.fetch('/api/mcp/tasks/create', { method: 'POST', json: { project_id: 1, title: 'x' } }), 401, 'authorization');
  });

  it('creates in Backlog with the spec response {id, ticket_number, title, priority, section, createdAt}', async () => {
    const { user, key, project } = await makeUserWithProject(t.db, { prefix: 'NEW' });
    const res = await t.fetch('/api/mcp/tasks/create', {
      key,
      method: 'POST',
      json: {
        project_id: project.id,
        title: 'Write docs',
        priority: 'medium',
        estimate: 45,
        images: ['https://i.test/a.png'],
        attachments: ['https://f.test/b.pdf'],
        due_date: '2026-04-01',
      },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      ticket_number: 'NEW-1',
      title: 'Write docs',
      priority: 'medium',
      section: 'Backlog',
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    const row = await t.db.task.findUniqueOrThrow({ where: { id: body.id } });
    expect(row).toMatchObject({
      estimateMinutes: 45,
      images: ['https://i.test/a.png'],
      attachments: ['https://f.test/b.pdf'],
      createdById: user.id,
      projectId: project.id,
    });
    expect(row.dueDate?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    const sections = await t.db.section.findMany({ where: { projectId: project.id }, orderBy: { ranking: 'asc' } });
    expect(sections.map((s) => s.title)).toEqual(['Todo', 'Doing', 'Backlog']);
    const second = await (
      await t.fetch('/api/mcp/tasks/create', {
        key,
        method: 'POST',
        json: { project_id: project.id, title: 'Next', section_id: project.sections[1].id },
      })
    ).json();
    expect(second).toMatchObject({ ticket_number: 'NEW-2', section: 'Doing', priority: null });
  });

  it('accepts every field at its limit (the route parses types; the domain checks limits)', async () => {
    const { key, project } = await makeUserWithProject(t.db);
    const url = `https://i.test/${'a'.repeat(2048 - 15)}`;
    const res = await t.fetch('/api/mcp/tasks/create', {
      key,
      method: 'POST',
      json: { project_id: project.id, title: 't'.repeat(500), description: 'd'.repeat(100_000), estimate: 525_600, images: Array(50).fill(url) },
    });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    const row = await t.db.task.findUniqueOrThrow({ where: { id: (await res.json()).id } });
    expect([row.title.length, row.estimateMinutes, row.images.length, row.images[0].length]).toEqual([500, 525_600, 50, 2048]);
  });

  it('renders markdown (spec 4.6) and sanitises HTML', async () => {
    const { key, project } = await makeUserWithProject(t.db);
    const create = async (description: string, content_type?: string) => {
      const res = await t.fetch('/api/mcp/tasks/create', {
        key,
        method: 'POST',
        json: { project_id: project.id, title: 'md', description, content_type },
      });
      expect(res.status).toBe(200);
      return (await t.db.task.findUniqueOrThrow({ where: { id: (await res.json()).id } })).description;
    };
    const table = await create('| a | b |\n|---|---|\n| 1 | 2 |', 'markdown');
    expect(table).toContain('<table>');
    expect(table).toContain('<th>a</th>');
    expect(table).toContain('<td>2</td>');
    expect(await create('```ts\nconst a = 1 < 2;\n```', 'markdown')).toBe(
      '<pre><code class="language-ts">const a = 1 &lt; 2;\n</code></pre>',
    );
    const list = await create('- [x] done\n- [ ] open', 'markdown');
    expect(list).toContain('<input type="checkbox" checked disabled> done');
    expect(list).toContain('<input type="checkbox" disabled> open');
    expect(await create('![diagram](https://img.test/d.png)', 'markdown')).toBe(
      '<p><a href="https://img.test/d.png">diagram</a></p>',
    );
    expect(await create('![just alt]()', 'markdown')).toBe('<p>just alt</p>');
    const script = await create('Hello <script>alert(1)</script>', 'markdown');
    expect(script).toBe('<p>Hello &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(script).not.toContain('<script');
    expect(await create('<p onclick="x()">Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(await create('<b>bold</b>', 'html')).toBe('<b>bold</b>');
    expect(await create('**not bold**')).toBe('**not bold**');
  });

  it.each([
    [{ project_id: undefined, title: 'x' }, 'project_id', 400],
    [{ project_id: '1', title: 'x' }, 'project_id', 400],
    [{ project_id: 1.5, title: 'x' }, 'project_id', 400],
    [{ project_id: -1, title: 'x' }, 'project_id', 400],
    [{ PROJECT: 1 }, 'project_id', 400],
    [{ title: 'a'.repeat(501) }, 'title', 400],
    [{ title: '' }, 'title', 400],
    [{ title: '   ' }, 'title', 400],
    [{ title: 5 }, 'title', 400],
    [{}, 'title', 400],
    [{ title: 'x', content_type: 'rtf', description: 'a' }, 'content_type', 400],
    [{ title: 'x', content_type: 'HTML' }, 'content_type', 400],
    [{ title: 'x', labels: ['bug'] }, 'labels', 400],
    [{ title: 'x', labels: [] }, 'labels', 400],
    [{ title: 'x', label_ids: [1] }, 'labels', 400],
    [{ title: 'x', priority: 'critical' }, 'priority', 400],
    [{ title: 'x', priority: 1 }, 'priority', 400],
    [{ title: 'x', estimate: -5 }, 'estimate', 400],
    [{ title: 'x', estimate: 'an hour' }, 'estimate', 400],
    [{ title: 'x', estimate: 2.5 }, 'estimate', 400],
    // Limits are the domain's; its errors still name the route's field.
    [{ title: 'x', estimate: 525_601 }, 'estimate', 400],
    [{ title: 'x', description: 'x'.repeat(100_001) }, 'description', 400],
    [{ title: 'x', images: Array(51).fill('https://i.test/a.png') }, 'images', 400],
    [{ title: 'x', attachments: [`https://i.test/${'a'.repeat(2048)}`] }, 'attachments.0', 400],
    [{ title: 'x', due_date: 'next week' }, 'due_date', 400],
    [{ title: 'x', images: 'https://i.test/a.png' }, 'images', 400],
    [{ title: 'x', images: ['ftp://i.test/a.png'] }, 'images.0', 400],
    [{ title: 'x', section_id: 999999999 }, 'section_id', 404],
    [{ title: 'x', section_id: 'Todo' }, 'section_id', 400],
  ])('bad body %j → %s %s, nothing written', async (extra, field, status) => {
    const { key, project } = await makeUserWithProject(t.db);
    const before = await projectState(t.db, project.id);
    const json = 'project_id' in extra || 'PROJECT' in extra ? extra : { project_id: project.id, ...extra };
    await expectError(await t.fetch('/api/mcp/tasks/create', { key, method: 'POST', json }), status, field);
    expect(await projectState(t.db, project.id)).toEqual(before);
  });

  it('a list of 100,000 attachments is refused by its count (no element read, nothing rendered or written)', async () => {
    const { key, project } = await makeUserWithProject(t.db);
    const before = await projectState(t.db, project.id);
    const json = { project_id: project.id, title: 'x', attachments: Array(100_000).fill('x') };
    await expectError(await t.fetch('/api/mcp/tasks/create', { key, method: 'POST', json }), 400, 'attachments', 'too_big');
    expect(await projectState(t.db, project.id)).toEqual(before);
  });

  it('a board of another user or a section of another board → 404; invalid JSON → 400', async () => {
    const { user, key, project } = await makeUserWithProject(t.db);
    const stranger = await makeUserWithProject(t.db);
    const mineToo = await makeProject(t.db, { memberIds: [user.id] });
    const before = await projectState(t.db, project.id, stranger.project.id, mineToo.id);
    await expectError(
      await t.fetch('/api/mcp/tasks/create', {
        key,
        method: 'POST',
        json: { project_id: stranger.project.id, title: 'x' },
      }),
      404,
      'project_id',
    );
    await expectError(
      await t.fetch('/api/mcp/tasks/create', {
        key,
        method: 'POST',
        json: { project_id: project.id, title: 'x', section_id: mineToo.sections[0].id },
      }),
      404,
      'section_id',
    );
    await expectError(
      await t.fetch('/api/mcp/tasks/create', {
        key,
        method: 'POST',
        body: '{"project_id":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'body',
    );
    expect(await projectState(t.db, project.id, stranger.project.id, mineToo.id)).toEqual(before);
  });
});
