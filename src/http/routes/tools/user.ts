import { z } from 'zod';
import { route } from '../../route.ts';

/** tasksvc_get_user_context: `{id, email, displayName}` of the key owner. */
export const userContextRoute = route({
  method: 'GET',
  path: '/user/context',
  operationId: 'tasksvc_get_user_context',
  response: z.object({ id: z.number(), email: z.string(), displayName: z.string() }),
  tag: 'tools',
  summary: 'Who am I: the user owning the API key.',
  document: /* GraphQL */ `
    query ToolUserContext {
      me { id email displayName }
    }
  `,
  toVariables: () => ({}),
  toBody: (data: { me: { id: number; email: string; displayName: string } }) => data.me,
});

export const userRoutes = [userContextRoute];
