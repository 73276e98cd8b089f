import { addMember, listMembers, removeMember } from '../../domain/member.ts';
import { builder } from '../builder.ts';
import { viewerOf } from '../viewer.ts';

/** Membership of a user in a board. */
export const ProjectMemberType = builder.prismaObject('ProjectMember', {
  description: 'A user who belongs to a board; only members see and change it.',
  fields: (t) => ({
    user: t.relation('user', { description: 'The member.' }),
    projectId: t.exposeInt('projectId', { description: 'The board.' }),
    // Not an enum: a board role is free text a team import carries over (roles carry no rights on boards yet).
    role: t.exposeString('role', { description: 'Role on the board (`member`; roles carry no extra rights yet).' }),
    joinedAt: t.expose('createdAt', { type: 'DateTime', description: 'When the user joined the board.' }),
  }),
});

const userArgDescription =
  'The user: an email address, or a positive integer user id written as digits (`"42"`). ' +
  'Anything else (`0`, `-1`, `1.5`, text without `@`) is a VALIDATION error.';

builder.queryField('projectMembers', (t) =>
  t.prismaField({
    type: ['User'],
    description: 'Members of a board, in the order they joined (with `photoURL`). Not paged: a board has few members.',
    args: { projectId: t.arg.int({ required: true, description: 'Project (board).' }) },
    resolve: (query, _root, args, ctx) => listMembers(ctx.db, viewerOf(ctx).userId, args.projectId, query),
  }),
);

builder.mutationFields((t) => ({
  addProjectMember: t.prismaField({
    type: 'ProjectMember',
    description:
      'Adds a user to a board (any member may). Unknown user → NOT_FOUND. Adding an existing member changes ' +
      'nothing and succeeds, so it can be repeated safely.',
    args: {
      projectId: t.arg.int({ required: true, description: 'Project (board).' }),
      user: t.arg.string({ required: true, description: userArgDescription }),
    },
    resolve: async (query, _root, args, ctx) => {
      const r = await addMember(ctx.db, viewerOf(ctx).userId, { projectId: args.projectId, user: args.user });
      return ctx.db.projectMember.findUniqueOrThrow({
        ...query,
        where: { projectId_userId: { projectId: r.project.id, userId: r.user.id } },
      });
    },
  }),
  removeProjectMember: t.prismaField({
    type: 'Project',
    description:
      'Removes a user from a board (yourself included: leaving). The user must be a member (else NOT_FOUND); ' +
      'the last member cannot be removed (CONFLICT). The user stops watching the board\'s tasks; assignments stay.',
    args: {
      projectId: t.arg.int({ required: true, description: 'Project (board).' }),
      user: t.arg.string({ required: true, description: userArgDescription }),
    },
    resolve: async (query, _root, args, ctx) => {
      const userId = viewerOf(ctx).userId;
      const r = await removeMember(ctx.db, userId, { projectId: args.projectId, user: args.user });
      // Whoever removed themselves can no longer see the board, yet gets its last state back.
      return ctx.db.project.findUniqueOrThrow({ ...query, where: { id: r.project.id } });
    },
  }),
}));
