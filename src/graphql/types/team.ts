import { inVisibleTeam } from '../../domain/access.ts';
import { teamsOfWhere } from '../../domain/team.ts';
import { TEAM_ROLES, addTeamMember, listTeamMembers, removeTeamMember, setTeamMemberRole } from '../../domain/team-member.ts';
import { builder } from '../builder.ts';
import { enumValues, TEAM_ROLE } from '../enum-names.ts';
import { personalViewerOf, viewerOf } from '../viewer.ts';
import type { GraphQLContext } from '../context.ts';

/** A team role: `owner` or `member`. */
export const TeamRoleEnum = builder.enumType('TeamRole', {
  description: 'Role in a team. Owners manage its members and invites; a team always keeps at least one owner.',
  values: enumValues(TEAM_ROLE, {
    owner: 'Manages the team: adds and removes members, changes roles, invites people.',
    member: 'Works on the team’s boards; may leave the team.',
  }),
});

/** A team: a group of users owning boards and agents. */
export const TeamType = builder.prismaNode('Team', {
  id: { field: 'id' },
  description: 'A group of users that owns boards and agents.',
  fields: (t) => ({
    id: t.exposeID('uuid', { description: 'Team UUID (REST API team id). Every `teamId` argument takes it (or the team’s `number`).' }),
    number: t.exposeInt('id', { description: 'Numeric team id (tool API `team_id`).' }),
    title: t.exposeString('title', { description: 'Team name.' }),
    members: t.prismaField({
      type: ['TeamMember'],
      description:
        'Members with their roles, owners first, then by join time. Empty unless the viewer belongs to the team ' +
        '(a board member outside the team does not see its roster). Not paged: teams are small.',
      resolve: async (query, team, _args, ctx) => {
        const viewerId = viewerOf(ctx).userId;
        const mine = await ctx.db.teamMember.findUnique({ where: { teamId_userId: { teamId: team.id, userId: viewerId } } });
        return mine ? listTeamMembers(ctx.db, viewerId, team.id, query) : [];
      },
    }),
    viewerRole: t.field({
      type: TeamRoleEnum,
      nullable: true,
      description: 'The viewer’s role in the team; null if the viewer is not a member.',
      resolve: async (team, _args, ctx) => {
        const mine = await ctx.db.teamMember.findUnique({
          where: { teamId_userId: { teamId: team.id, userId: viewerOf(ctx).userId } },
        });
        return (mine?.role as (typeof TEAM_ROLES)[number] | undefined) ?? null;
      },
    }),
  }),
});

/** A user's membership of a team, with the role. */
export const TeamMemberType = builder.prismaObject('TeamMember', {
  description: 'A user who belongs to a team, and their role in it.',
  fields: (t) => ({
    user: t.relation('user', { description: 'The member.' }),
    role: t.field({ type: TeamRoleEnum, description: 'Role in the team.', resolve: (m) => m.role as (typeof TEAM_ROLES)[number] }),
    joinedAt: t.expose('createdAt', { type: 'DateTime', description: 'When the user joined the team.' }),
  }),
});

/**
 * Who may change a team's membership: a person, not a key. Giving someone
 * the owner role, changing a role and removing a member need a session the
 * person signed in to (password or invite): an API key alone is
 * UNAUTHENTICATED `session_required`, a session made from a key FORBIDDEN
 * `key_session` (the rule of key management, src/auth/viewer.ts). A key
 * may add or invite as `member` only, so a leaked key cannot make a
 * lasting owner that outlives its revocation.
 */
export function membershipActor(ctx: GraphQLContext, role: string | null | undefined): number {
  return role === 'owner' ? personalViewerOf(ctx).userId : viewerOf(ctx).userId;
}

/** The sentence every membership field's description carries (README, security: "with a key / with a session"). */
export const PERSON_ONLY =
  'Needs a session the person signed in to (password or invite): an API key alone is UNAUTHENTICATED `session_required`, ' +
  'a session made from a key FORBIDDEN `key_session`.';
/** The same for fields a key may use as long as the role is `member`. */
export const OWNER_ROLE_PERSON_ONLY =
  'With `role: OWNER` it needs a session the person signed in to (password or invite): an API key may give only ' +
  '`MEMBER` (else UNAUTHENTICATED `session_required`; a session made from a key is FORBIDDEN `key_session`).';

const teamArg = 'The team: its UUID (`Team.id`) or its number (`Team.number`).';
const teamUserArg =
  'The user: an email address, or a positive integer user id written as digits. A user who does not share a team ' +
  'with the viewer is NOT_FOUND, exactly like an unknown one.';

builder.mutationFields((t) => ({
  addTeamMember: t.prismaField({
    type: 'TeamMember',
    description:
      'Adds a user to a team (team owners only: a member gets FORBIDDEN `not_team_owner`) and to every board of the team. ' +
      'Only users who already share a team with the viewer can be added directly; anyone else joins by `createTeamInvite` ' +
      '(an unknown and a foreign user get the same NOT_FOUND). Adding a member again changes nothing. ' +
      OWNER_ROLE_PERSON_ONLY,
    args: {
      teamId: t.arg.id({ required: true, description: teamArg }),
      user: t.arg.string({ required: true, description: teamUserArg }),
      role: t.arg({ type: TeamRoleEnum, description: 'Role of a new member (default `MEMBER`).' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const r = await addTeamMember(ctx.db, membershipActor(ctx, args.role), { teamId: String(args.teamId), user: args.user, role: args.role });
      return ctx.db.teamMember.findUniqueOrThrow({ ...query, where: { teamId_userId: { teamId: r.team.id, userId: r.user.id } } });
    },
  }),
  removeTeamMember: t.prismaField({
    type: 'Team',
    description:
      'Removes a user from a team: owners remove anyone, a member only themselves (leaving). The last owner cannot go ' +
      '(CONFLICT `last_owner`). The user leaves every board of the team (a board they were alone on passes to the ' +
      'team’s owners) and stops watching its tasks; their assignments stay as history. ' +
      PERSON_ONLY,
    args: {
      teamId: t.arg.id({ required: true, description: teamArg }),
      user: t.arg.string({ required: true, description: teamUserArg }),
    },
    resolve: async (query, _root, args, ctx) => {
      const r = await removeTeamMember(ctx.db, personalViewerOf(ctx).userId, { teamId: String(args.teamId), user: args.user });
      return ctx.db.team.findUniqueOrThrow({ ...query, where: { id: r.team.id } });
    },
  }),
  setTeamMemberRole: t.prismaField({
    type: 'TeamMember',
    description:
      'Changes a member’s role (team owners only). Demoting the last owner is CONFLICT `last_owner`: promote someone first. ' +
      PERSON_ONLY,
    args: {
      teamId: t.arg.id({ required: true, description: teamArg }),
      user: t.arg.string({ required: true, description: teamUserArg }),
      role: t.arg({ type: TeamRoleEnum, required: true, description: 'The new role.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const r = await setTeamMemberRole(ctx.db, personalViewerOf(ctx).userId, { teamId: String(args.teamId), user: args.user, role: args.role });
      return ctx.db.teamMember.findUniqueOrThrow({ ...query, where: { teamId_userId: { teamId: r.team.id, userId: r.user.id } } });
    },
  }),
}));

/** An automation identity of a team; can be assigned to tasks. */
export const AgentType = builder.prismaNode('Agent', {
  id: { field: 'id' },
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
        where: inVisibleTeam(viewerOf(ctx).userId),
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
