import { z } from 'zod';
import { graphql } from '../gql/index.ts';
import type { RestUserContextQuery } from '../gql/graphql.ts';
import { restLabel, restLabelSchema } from './label.ts';
import { restSectionRef, restSectionRefSchema } from './section.ts';

// Users: the person `{id, email, displayName}` (the key owner, REST board
// members), the profile with `photoURL` (tool board members, the user
// directory), and the REST user context of spec 4.2.

/** The GraphQL selection of a person. */
export const USER_FIELDS = graphql(`
  fragment UserFields on User {
    id
    email
    displayName
  }
`);

/** Schema of a person `{id, email, displayName}`, as GraphQL returns it. */
export const userSchema = z.object({ id: z.number(), email: z.string(), displayName: z.string() });

/** The GraphQL selection of a user profile: the person and the photo. */
export const USER_PROFILE_FIELDS = graphql(`
  fragment UserProfileFields on User {
    ...UserFields
    photoURL
  }
`);

/** Schema of a user profile `{id, email, displayName, photoURL}`, as GraphQL returns it. */
export const userProfileSchema = userSchema.extend({ photoURL: z.string().nullable() });

/** An agent `{id (UUID), displayName}`, as GraphQL returns it. */
const agentSchema = z.object({ id: z.string(), displayName: z.string() });

/** The REST user context (spec 4.2): labels and sections of each project in their REST shapes. */
export function restUserContext(data: RestUserContextQuery) {
  return {
    success: true as const,
    user: data.me,
    connected_agent: data.connectedAgent ?? null,
    teams: data.teams,
    projects: data.projects.items.map((p) => ({
      id: p.id,
      title: p.title,
      labels: p.labels.map(restLabel),
      sections: p.sections.map(restSectionRef),
    })),
    all_agents: data.agents,
  };
}

/** Schema of `restUserContext`. */
export const restUserContextSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  connected_agent: agentSchema.nullable(),
  teams: z.array(z.object({ id: z.string(), number: z.number(), title: z.string() })),
  projects: z.array(z.object({ id: z.number(), title: z.string(), labels: z.array(restLabelSchema), sections: z.array(restSectionRefSchema) })),
  all_agents: z.array(agentSchema),
});
