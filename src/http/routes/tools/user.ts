import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { userSchema } from '../../presenters/user.ts';

/** tasksvc_get_user_context: `{id, email, displayName}` of the key owner. */
export const userContextRoute = route({
  method: 'GET',
  path: '/user/context',
  operationId: 'tasksvc_get_user_context',
  response: userSchema,
  tag: 'tools',
  summary: 'Who am I: the user owning the API key.',
  document: graphql(`
    query ToolUserContext {
      me { ...UserFields }
    }
  `),
  toVariables: () => ({}),
  toBody: (data) => data.me,
});

export const userRoutes = [userContextRoute];
