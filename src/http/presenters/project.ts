import { z } from 'zod';
import { STATUSES } from '../../domain/fields.ts';
import { STATUS } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import type { RestProjectFieldsFragment, ToolProjectFieldsFragment } from '../gql/graphql.ts';
import { restLabel, restLabelSchema } from './label.ts';
import { restSectionRef, restSectionRefSchema } from './section.ts';

// Projects (boards): the REST project of spec 2.2 and the tool list item.

/** The GraphQL selection of a REST project (spec 2.2). */
export const REST_PROJECT_FIELDS = graphql(`
  fragment RestProjectFields on Project {
    id
    title
    status
    createdAt
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
`);

/** The REST project shape (spec 2.2): label ids as strings, sections as `{id, section_title}`. */
export function projectOut(p: RestProjectFieldsFragment) {
  return {
    id: p.id,
    title: p.title,
    status: STATUS.spec(p.status),
    createdAt: p.createdAt,
    description: p.description,
    memberCount: p.memberCount,
    taskCount: p.taskCount,
    sections: p.sections.map(restSectionRef),
    labels: p.labels.map(restLabel),
  };
}

/** Schema of `projectOut`. */
export const restProjectSchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(STATUSES),
  createdAt: z.string(),
  description: z.string(),
  memberCount: z.number(),
  taskCount: z.number(),
  sections: z.array(restSectionRefSchema),
  labels: z.array(restLabelSchema),
});

/** The GraphQL selection of a tool project list item. */
export const TOOL_PROJECT_FIELDS = graphql(`
  fragment ToolProjectFields on Project {
    id
    title
    status
    createdAt
  }
`);

/** The tool project list item (spec 4.1): `{id, title, status, createdAt}`, the status in the spec's words. */
export function toolProject(p: ToolProjectFieldsFragment) {
  return { id: p.id, title: p.title, status: STATUS.spec(p.status), createdAt: p.createdAt };
}

/** Schema of `toolProject`. */
export const toolProjectSchema = z.object({ id: z.number(), title: z.string(), status: z.enum(STATUSES), createdAt: z.string() });
