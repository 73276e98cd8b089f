import { z } from 'zod';
import { route } from '../../route.ts';

interface ContextData {
  me: { id: number; email: string; displayName: string };
  connectedAgent: { id: string; displayName: string } | null;
  teams: { id: string; number: number; title: string }[];
  projects: {
    items: { id: number; title: string; labels: { id: number; name: string }[]; sections: { id: number; title: string }[] }[];
  };
  agents: { id: string; displayName: string }[];
}

/** GET /api/v1/user/context (spec 4.2). */
export const userContextRoute = route({
  method: 'GET',
  path: '/user/context',
  operationId: 'getUserContext',
  response: z.object({
    success: z.literal(true),
    user: z.object({ id: z.number(), email: z.string(), displayName: z.string() }),
    connected_agent: z.object({ id: z.string(), displayName: z.string() }).nullable(),
    teams: z.array(z.object({ id: z.string(), number: z.number(), title: z.string() })),
    projects: z.array(
      z.object({
        id: z.number(),
        title: z.string(),
        labels: z.array(z.object({ id: z.string(), name: z.string() })),
        sections: z.array(z.object({ id: z.number(), section_title: z.string() })),
      }),
    ),
    all_agents: z.array(z.object({ id: z.string(), displayName: z.string() })),
  }),
  tag: 'user',
  summary: 'The key owner, the connected agent, teams, projects (with labels and sections) and agents.',
  description:
    'Teams carry both ids: `id` (UUID, used by `/teams/{teamId}/boards`) and `number` (the tool API `team_id`). ' +
    'Projects are the Normal-status projects the user belongs to (up to 100, by title).',
  document: /* GraphQL */ `
    query RestUserContext {
      me { id email displayName }
      connectedAgent { id displayName }
      teams { id number title }
      projects(limit: 100) {
        items { id title labels { id name } sections { id title } }
      }
      agents { id displayName }
    }
  `,
  toVariables: () => ({}),
  toBody: (data: ContextData) => ({
    success: true,
    user: data.me,
    connected_agent: data.connectedAgent,
    teams: data.teams,
    projects: data.projects.items.map((p) => ({
      id: p.id,
      title: p.title,
      labels: p.labels.map((l) => ({ id: String(l.id), name: l.name })),
      sections: p.sections.map((s) => ({ id: s.id, section_title: s.title })),
    })),
    all_agents: data.agents,
  }),
});

export const userRoutes = [userContextRoute];
