import { z } from 'zod';
import { PROJECT_FIELD_DESCRIPTIONS as D } from '../../domain/board-manifest.ts';
import { STATUSES } from '../../domain/fields.ts';
import { STATUS } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import { presenter } from '../presenter.ts';
import { restLabel, restLabelSchema } from './label.ts';
import { restSectionRef, restSectionRefSchema } from './section.ts';

// Projects (boards): the REST project of spec 2.2 and the tool list item.

/** This API's spelling of the statuses, after the shared text (the routes' bodies use it too). */
export const statusNames = `\`${STATUSES.join('`, `')}\`.`;

/** The tool project list item (spec 4.1): `{id, title, status, createdAt}`, the status in the spec's words. */
export const toolProject = presenter(
  graphql(`
    fragment ToolProjectFields on Project {
      id
      title
      status
      createdAt
    }
  `),
  (f) => ({
    id: f('id', z.number()),
    title: f('title', z.string().describe(D.title)),
    status: f((p) => STATUS.spec(p.status), z.enum(STATUSES).describe(`${D.status} ${statusNames}`)),
    createdAt: f('createdAt', z.string()),
  }),
);

/** Schema of `toolProject`. */
export const toolProjectSchema = toolProject.schema;

/** The REST project shape (spec 2.2): the tool list item, then counts, label ids as strings, sections as `{id, section_title}`. */
export const projectOut = presenter(
  graphql(`
    fragment RestProjectFields on Project {
      ...ToolProjectFields
      description
      memberCount
      taskCount
      sections {
        ...SectionTitleFields
      }
      labels {
        ...LabelFields
      }
    }
  `),
  (f) => ({
    ...toolProject.fields,
    description: f('description', z.string().describe(D.description)),
    memberCount: f('memberCount', z.number().describe(D.memberCount)),
    taskCount: f('taskCount', z.number().describe(D.taskCount)),
    sections: f((p) => p.sections.map(restSectionRef), z.array(restSectionRefSchema)),
    labels: f((p) => p.labels.map(restLabel), z.array(restLabelSchema)),
  }),
);

/** Schema of `projectOut`. */
export const restProjectSchema = projectOut.schema;
