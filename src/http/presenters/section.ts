import { z } from 'zod';
import { SECTION_FIELD_DESCRIPTIONS as D } from '../../domain/section.ts';
import { graphql } from '../gql/index.ts';
import { presenter } from '../presenter.ts';

// Sections (columns, spec 2.3): the tool section `{id, title}` and the REST
// section, whose title is `section_title` (the project's section list, the
// section routes' answers and the full list item with visibility and rank).

/** A tool section `{id, title}` as GraphQL returns it (tools, manifests, the REST project's selection). */
export const toolSection = presenter(
  graphql(`
    fragment SectionTitleFields on Section {
      id
      title
    }
  `),
  (f) => ({ id: f('id', z.number()), title: f('title', z.string().describe(D.title)) }),
);

/** Schema of a tool section `{id, title}`, as GraphQL returns it. */
export const toolSectionSchema = toolSection.schema;

/** The REST section reference `{id, section_title}` (spec 2.2 project, spec 4.2 user context). */
export const restSectionRef = presenter(toolSection.document, (f) => ({
  id: f('id', z.number()),
  section_title: toolSection.fields.title,
}));

/** Schema of `restSectionRef`. */
export const restSectionRefSchema = restSectionRef.schema;

/** The REST section of the create and update answers (spec 2.3). */
export const restSection = presenter(
  graphql(`
    fragment RestSectionFields on Section {
      id
      title
      projectId
      taskCount
    }
  `),
  (f) => ({
    ...restSectionRef.fields,
    projectId: f('projectId', z.number()),
    taskCount: f('taskCount', z.number().describe(D.taskCount)),
  }),
);

/** Schema of `restSection`. */
export const restSectionSchema = restSection.schema;

/** A REST section list item: the section with `visibility`, `deleted` and `ranking`. */
export const restSectionListItem = presenter(
  graphql(`
    fragment RestSectionListFields on Section {
      ...RestSectionFields
      visible
      deleted
      ranking
    }
  `),
  (f) => ({
    ...restSection.fields,
    visibility: f('visible', z.boolean().describe(D.visible)),
    deleted: f('deleted', z.boolean().describe(D.deleted)),
    ranking: f('ranking', z.string().describe(D.ranking)),
  }),
);

/** Schema of `restSectionListItem`. */
export const restSectionListItemSchema = restSectionListItem.schema;
