import { z } from 'zod';
import { userRefBody } from '../../../domain/member.ts';
import { projectIdParams } from '../shared/project.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { userSchema } from '../../presenters/user.ts';

const userRefRules =
  'An email string, or a positive integer user id (a JSON number; a string of digits works too). `0`, `-1`, `1.5` → 400 ' +
  '`details.code: invalid_type`; a string without `@` → 400 `invalid_email`; an unknown user → 404.';

/** GET /api/v1/projects/{projectId}/members (spec 4.2). */
export const listMembersRoute = route({
  method: 'GET',
  path: '/projects/:projectId/members',
  operationId: 'listMembers',
  response: z.object({
    success: z.literal(true),
    members: z.array(userSchema),
    projectId: z.number(),
  }),
  tag: 'members',
  summary: 'Lists the members of a board.',
  description: 'Answers `{success, members: [{id, email, displayName}], projectId}` in the order they joined.',
  params: projectIdParams,
  document: graphql(`
    query RestListMembers($projectId: Int!) {
      projectMembers(projectId: $projectId) { ...UserFields }
    }
  `),
  toVariables: ({ params }) => ({ projectId: params.projectId }),
  toBody: (data, { params }) => ({
    success: true,
    members: data.projectMembers,
    projectId: params.projectId,
  }),
});

/** POST /api/v1/projects/{projectId}/members (spec 4.2). */
export const addMemberRoute = route({
  method: 'POST',
  path: '/projects/:projectId/members',
  operationId: 'addMember',
  response: z.object({ success: z.literal(true), projectId: z.number() }),
  tag: 'members',
  summary: 'Adds a user to a board.',
  description: `Body \`userToAdd\`: ${userRefRules} Adding an existing member succeeds and changes nothing. Answers \`{success, projectId}\`.`,
  params: projectIdParams,
  body: z.object({ userToAdd: userRefBody().describe('Email or positive integer user id.') }),
  document: graphql(`
    mutation RestAddMember($projectId: Int!, $user: String!) {
      addProjectMember(projectId: $projectId, user: $user) {
        projectId
      }
    }
  `),
  toVariables: ({ params, body }) => ({ projectId: params.projectId, user: String(body.userToAdd) }),
  fieldNames: { user: 'userToAdd', userToAdd: 'userToAdd' },
  toBody: (data) => ({ success: true, projectId: data.addProjectMember.projectId }),
});

/** DELETE /api/v1/projects/{projectId}/members (spec 4.2). */
export const removeMemberRoute = route({
  method: 'DELETE',
  path: '/projects/:projectId/members',
  operationId: 'removeMember',
  response: z.object({ success: z.literal(true), projectId: z.number(), message: z.string() }),
  errors: ['CONFLICT'],
  tag: 'members',
  summary: 'Removes a user from a board.',
  description:
    `Body \`userToRemove\`: ${userRefRules} The user must be a member (else 404); the last member cannot be removed ` +
    '(409, `details.code: last_member`). Members may remove themselves. Answers `{success, projectId, message}`.',
  params: projectIdParams,
  body: z.object({ userToRemove: userRefBody().describe('Email or positive integer user id.') }),
  document: graphql(`
    mutation RestRemoveMember($projectId: Int!, $user: String!) {
      removeProjectMember(projectId: $projectId, user: $user) {
        id
      }
    }
  `),
  toVariables: ({ params, body }) => ({ projectId: params.projectId, user: String(body.userToRemove) }),
  fieldNames: { user: 'userToRemove', userToRemove: 'userToRemove' },
  toBody: (data) => ({
    success: true,
    projectId: data.removeProjectMember.id,
    message: 'Member removed',
  }),
});

export const memberRoutes = [listMembersRoute, addMemberRoute, removeMemberRoute];
