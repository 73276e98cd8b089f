import { z } from 'zod';
import { graphql } from '../gql/index.ts';
import type { RestSectionFieldsFragment, RestSectionListFieldsFragment, SectionTitleFieldsFragment } from '../gql/graphql.ts';

// Sections (columns, spec 2.3): the tool section `{id, title}` and the REST
// section, whose title is `section_title` (the project's section list, the
// section routes' answers and the full list item with visibility and rank).

/** The GraphQL selection of a section's `{id, title}` (tools, manifests, the REST project). */
export const SECTION_TITLE_FIELDS = graphql(`
  fragment SectionTitleFields on Section {
    id
    title
  }
`);

/** Schema of a tool section `{id, title}`, as GraphQL returns it. */
export const toolSectionSchema = z.object({ id: z.number(), title: z.string() });

/** The REST section reference `{id, section_title}` (spec 2.2 project, spec 4.2 user context). */
export function restSectionRef(s: SectionTitleFieldsFragment) {
  return { id: s.id, section_title: s.title };
}

/** Schema of `restSectionRef`. */
export const restSectionRefSchema = z.object({ id: z.number(), section_title: z.string() });

/** The GraphQL selection of the REST section routes' answers. */
export const REST_SECTION_FIELDS = graphql(`
  fragment RestSectionFields on Section {
    id
    title
    projectId
    taskCount
  }
`);

/** The REST section of the create and update answers (spec 2.3). */
export function restSection(s: RestSectionFieldsFragment) {
  return { id: s.id, section_title: s.title, projectId: s.projectId, taskCount: s.taskCount };
}

/** Schema of `restSection`. */
export const restSectionSchema = restSectionRefSchema.extend({
  projectId: z.number(),
  taskCount: z.number().describe('Tasks in the section that are not Deleted.'),
});

/** The GraphQL selection of a REST section list item. */
export const REST_SECTION_LIST_FIELDS = graphql(`
  fragment RestSectionListFields on Section {
    ...RestSectionFields
    visible
    deleted
    ranking
  }
`);

/** A REST section list item: the section with `visibility`, `deleted` and `ranking`. */
export function restSectionListItem(s: RestSectionListFieldsFragment) {
  return { ...restSection(s), visibility: s.visible, deleted: s.deleted, ranking: s.ranking };
}

/** Schema of `restSectionListItem`. */
export const restSectionListItemSchema = restSectionSchema.extend({ visibility: z.boolean(), deleted: z.boolean(), ranking: z.string() });
