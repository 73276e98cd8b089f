import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.ts';
import { makeProject, makeTeam, makeUserWithKey } from '../support/factories.ts';

const t = useTestServer();

describe('user context routes', () => {
  it('GET /api/mcp/user/context → {id, email, displayName}', async () => {
    const { user, key } = await makeUserWithKey(t.db, 'Ada');
    const res = await t.fetch('/api/mcp/user/context', { key });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: user.id, email: user.email, displayName: user.displayName });
  });

  it('GET /api/v1/user/context → spec 4.2 shape, only own teams and projects', async () => {
    const { user, key } = await makeUserWithKey(t.db, 'Bob');
    const stranger = await makeUserWithKey(t.db, 'Eve');
    const team = await makeTeam(t.db, [user.id]);
    await makeTeam(t.db, [stranger.user.id]);
    const project = await makeProject(t.db, { memberIds: [user.id], teamId: team.id, sections: ['Todo', 'Done'] });
    await t.db.label.create({ data: { projectId: project.id, name: 'bug' } });
    await makeProject(t.db, { memberIds: [stranger.user.id] });
    const agent = await t.db.agent.create({ data: { teamId: team.id, displayName: 'Robo' } });

    const res = await t.fetch('/api/v1/user/context', { key });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      user: { id: user.id, email: user.email, displayName: user.displayName },
      connected_agent: null,
      teams: [{ id: team.uuid, number: team.id, title: team.title }],
      projects: [
        {
          id: project.id,
          title: project.title,
          labels: [{ id: expect.any(String), name: 'bug' }],
          sections: [
            { id: project.sections[0].id, section_title: 'Todo' },
            { id: project.sections[1].id, section_title: 'Done' },
          ],
        },
      ],
      all_agents: [{ id: agent.id, displayName: 'Robo' }],
    });
  });

  it('a key connected to an agent reports it as connected_agent', async () => {
    const { user } = await makeUserWithKey(t.db);
    const team = await makeTeam(t.db, [user.id]);
    const agent = await t.db.agent.create({ data: { teamId: team.id, displayName: 'Bot' } });
    const { createApiKey } = await import('../../src/domain/api-key.ts');
    const { key } = await createApiKey(t.db, user.id, { agentId: agent.id });
    const body = await (await t.fetch('/api/v1/user/context', { key })).json();
    expect(body.connected_agent).toEqual({ id: agent.id, displayName: 'Bot' });
  });
});
