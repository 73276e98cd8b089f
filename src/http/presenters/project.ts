import { z } from 'zod';
import { STATUSES } from '../../domain/fields.ts';
import { STATUS } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import { presenter } from '../presenter.ts';
import { restLabel, restLabelSchema } from './label.ts';
import { restSectionRef, restSectionRefSchema } from './section.ts';

// Projects (boards): the REST project of spec 2.2 and the tool list item.

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
    title: f('title', z.string()),
    status: f((p) => STATUS.spec(p.status), z.enum(STATUSES)),
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
    description: f('description', z.string()),
    memberCount: f('memberCount', z.number()),
    taskCount: f('taskCount', z.number()),
    sections: f((p) => p.sections.map(restSectionRef), z.array(restSectionRefSchema)),
    labels: f((p) => p.labels.map(restLabel), z.array(restLabelSchema)),
  }),
);

/** Schema of `projectOut`. */
export const restProjectSchema = projectOut.schema;
