import { teamsOfWhere } from '../../domain/team.ts';
import { builder } from '../builder.ts';
import { viewerOf } from '../viewer.ts';

/** A team: a group of users owning boards and agents. */
export const TeamType = builder.prismaObject('Team', {
  description: 'A group of users that owns boards and agents.',
  fields: (t) => ({
    id: t.exposeString('uuid', { description: 'Team UUID (REST API team id).' }),
    number: t.exposeInt('id', { description: 'Numeric team id (tool API `team_id`).' }),
    title: t.exposeString('title', { description: 'Team name.' }),
  }),
});

/** An automation identity of a team; can be assigned to tasks. */
export const AgentType = builder.prismaObject('Agent', {
  description: 'An automation identity of a team; agents can be assigned to tasks.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Agent UUID.' }),
    displayName: t.exposeString('displayName', { description: 'Name shown as assignee.' }),
  }),
});

builder.queryFields((t) => ({
  teams: t.prismaField({
    type: ['Team'],
    description: 'Teams the viewer belongs to, by title. Not paged: a user belongs to few teams.',
    resolve: (query, _root, _args, ctx) =>
      ctx.db.team.findMany({ ...query, ...teamsOfWhere(viewerOf(ctx).userId) }),
  }),
  agents: t.prismaField({
    type: ['Agent'],
    description: 'Agents of the teams the viewer belongs to. Not paged: teams have few agents.',
    resolve: (query, _root, _args, ctx) =>
      ctx.db.agent.findMany({
        ...query,
        where: { team: { members: { some: { userId: viewerOf(ctx).userId } } } },
        orderBy: { displayName: 'asc' },
      }),
  }),
  connectedAgent: t.prismaField({
    type: 'Agent',
    nullable: true,
    description: 'The agent the API key in use acts for, if any (REST `connected_agent`).',
    resolve: (query, _root, _args, ctx) => {
      const agentId = viewerOf(ctx).agentId;
      return agentId ? ctx.db.agent.findUnique({ ...query, where: { id: agentId } }) : null;
    },
  }),
}));
