import { z } from 'zod';
import { graphql } from '../gql/index.ts';
import { presenter } from '../presenter.ts';
import { restLabel, restLabelSchema } from './label.ts';
import { restSectionRef, restSectionRefSchema } from './section.ts';

// Users: the person `{id, email, displayName}` (the key owner, REST board
// members), the profile with `photoURL` (tool board members, the user
// directory), both as GraphQL returns them, and the REST user context of
// spec 4.2.

/** A person `{id, email, displayName}`, as GraphQL returns it. */
export const userOut = presenter(
  graphql(`
    fragment UserFields on User {
      id
      email
      displayName
    }
  `),
  (f) => ({ id: f('id', z.number()), email: f('email', z.string()), displayName: f('displayName', z.string()) }),
);

/** Schema of a person `{id, email, displayName}`, as GraphQL returns it. */
export const userSchema = userOut.schema;

/** A user profile `{id, email, displayName, photoURL}`: the person and the photo, as GraphQL returns it. */
export const userProfileOut = presenter(
  graphql(`
    fragment UserProfileFields on User {
      ...UserFields
      photoURL
    }
  `),
  (f) => ({ ...userOut.fields, photoURL: f('photoURL', z.string().nullable()) }),
);

/** Schema of a user profile `{id, email, displayName, photoURL}`, as GraphQL returns it. */
export const userProfileSchema = userProfileOut.schema;

/** An agent `{id (UUID), displayName}`, as GraphQL returns it. */
const agentSchema = z.object({ id: z.string(), displayName: z.string() });

/** The REST user context (spec 4.2): labels and sections of each project in their REST shapes. */
export const restUserContext = presenter(
  graphql(`
    fragment RestUserContextFields on Query {
      me {
        ...UserFields
      }
      connectedAgent {
        id
        displayName
      }
      teams {
        id
        number
        title
      }
      projects(limit: 100) {
        items {
          id
          title
          labels {
            ...LabelFields
          }
          sections {
            ...SectionTitleFields
          }
        }
      }
      agents {
        id
        displayName
      }
    }
  `),
  (f) => ({
    success: f(() => true as const, z.literal(true)),
    user: f('me', userSchema),
    connected_agent: f('connectedAgent', agentSchema.nullable()),
    teams: f('teams', z.array(z.object({ id: z.string(), number: z.number(), title: z.string() }))),
    projects: f(
      (data) =>
        data.projects.items.map((p) => ({
          id: p.id,
          title: p.title,
          labels: p.labels.map(restLabel),
          sections: p.sections.map(restSectionRef),
        })),
      z.array(z.object({ id: z.number(), title: z.string(), labels: z.array(restLabelSchema), sections: z.array(restSectionRefSchema) })),
    ),
    all_agents: f('agents', z.array(agentSchema)),
  }),
);

/** Schema of `restUserContext`. */
export const restUserContextSchema = restUserContext.schema;
