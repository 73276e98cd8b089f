import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { restUserContext, restUserContextSchema } from '../../presenters/user.ts';

/** GET /api/v1/user/context (spec 4.2). */
export const userContextRoute = route({
  method: 'GET',
  path: '/user/context',
  operationId: 'getUserContext',
  response: restUserContextSchema,
  tag: 'user',
  summary: 'The key owner, the connected agent, teams, projects (with labels and sections) and agents.',
  description:
    'Teams carry both ids: `id` (UUID, used by `/teams/{teamId}/boards`) and `number` (the tool API `team_id`). ' +
    'Projects are the Normal-status projects the user belongs to (up to 100, by title).',
  document: graphql(`
    query RestUserContext {
      ...RestUserContextFields
    }
  `),
  toVariables: () => ({}),
  toBody: restUserContext,
});

export const userRoutes = [userContextRoute];
