import { z } from 'zod';
import { NAME_LIMITS } from '../../../domain/fields.ts';
import { requiredString } from '../../../domain/validate.ts';
import { SECTION_FIELD_DESCRIPTIONS as D, sectionTitle } from '../../../domain/section.ts';
import { boundsOf } from '../shared/bounds.ts';
import { projectIdParams } from '../shared/project.ts';
import { bodyId, qsBool, qsId } from '../../query-params.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { restSection, restSectionListItem, restSectionListItemSchema, restSectionSchema } from '../../presenters/section.ts';

// Section bodies parse types only: the title rule (trimmed, 1 to
// NAME_LIMITS.sectionTitleMax) is the domain's (sectionTitle), whose errors
// name `title`; OpenAPI shows its bounds (boundsOf), not checked twice.

const oneSection = z.object({ success: z.literal(true), section: restSectionSchema, message: z.string() });

const sectionParams = z.object({ projectId: qsId().describe('Project (board) id.'), sectionId: qsId().describe('Section id.') });

/** GET /api/v1/projects/{projectId}/sections (spec 4.2). */
export const listSectionsRoute = route({
  method: 'GET',
  path: '/projects/:projectId/sections',
  operationId: 'listSections',
  response: z.object({
    success: z.literal(true),
    sections: z.array(restSectionListItemSchema),
    projectId: z.number(),
  }),
  tag: 'sections',
  summary: 'Lists the sections (columns) of a board in order.',
  description:
    'Answers `{success, sections: [{id, section_title, projectId, visibility, deleted, ranking, taskCount}], projectId}` ' +
    'ordered by `ranking`. Hidden sections (`visibility: false`) only with `include_hidden=true`; deleted sections are ' +
    'never listed. `taskCount` counts tasks that are not Deleted.',
  params: projectIdParams,
  query: z.object({ include_hidden: qsBool().default(false).describe('Include hidden sections (default false).') }),
  document: graphql(`
    query RestListSections($projectId: Int!, $includeHidden: Boolean) {
      sections(projectId: $projectId, includeHidden: $includeHidden) { ...RestSectionListFields }
    }
  `),
  toVariables: ({ params, query }) => ({ projectId: params.projectId, includeHidden: query.include_hidden }),
  toBody: (data, { params }) => ({
    success: true,
    sections: data.sections.map(restSectionListItem),
    projectId: params.projectId,
  }),
});

/** POST /api/v1/projects/{projectId}/sections (spec 4.2). */
export const createSectionRoute = route({
  method: 'POST',
  path: '/projects/:projectId/sections',
  operationId: 'createSection',
  idempotent: true,
  response: oneSection,
  tag: 'sections',
  summary: 'Adds a section to a board.',
  description:
    `Body \`title\` (1-${NAME_LIMITS.sectionTitleMax} characters), optional \`after_section_id\` (omitted or null: appended at the end). ` +
    'Answers 201 `{success, section: {id, section_title, projectId, taskCount}, message}`.',
  params: projectIdParams,
  body: z.object({
    title: requiredString('title').meta(boundsOf(sectionTitle())).describe(D.title),
    after_section_id: bodyId().nullish().describe(D.afterSectionId),
  }),
  status: 201,
  document: graphql(`
    mutation RestCreateSection($input: CreateSectionInput!) {
      createSection(input: $input) { ...RestSectionFields }
    }
  `),
  toVariables: ({ params, body }) => ({
    input: { projectId: params.projectId, title: body.title, afterSectionId: body.after_section_id ?? null },
  }),
  toBody: (data) => ({
    success: true,
    section: restSection(data.createSection),
    message: 'Section created',
  }),
});

/** PATCH /api/v1/projects/{projectId}/sections/{sectionId} (spec 4.2). */
export const updateSectionRoute = route({
  method: 'PATCH',
  path: '/projects/:projectId/sections/:sectionId',
  operationId: 'updateSection',
  response: oneSection,
  tag: 'sections',
  summary: 'Renames and/or moves a section.',
  description:
    `Body: \`title\` (1-${NAME_LIMITS.sectionTitleMax} characters) and/or \`move_after_section_id\` (place it right after that section; \`null\` ` +
    'moves it to the first place); at least one. `visible` (boolean) hides or shows the column (our extension). ' +
    'Only the moved row changes (fractional ranking). Answers `{success, section, message}`.',
  params: sectionParams,
  body: z.object({
    title: z.string().meta(boundsOf(sectionTitle())).optional().describe(D.title),
    move_after_section_id: bodyId().nullable().optional().describe(D.moveAfterSectionId),
    visible: z.boolean().optional().describe(D.visible),
  }),
  document: graphql(`
    mutation RestUpdateSection($input: UpdateSectionInput!) {
      updateSection(input: $input) { ...RestSectionFields }
    }
  `),
  toVariables: ({ params, body }) => ({
    input: {
      projectId: params.projectId,
      sectionId: params.sectionId,
      title: body.title,
      visible: body.visible,
      // Absent means "do not move"; null means "first place": keep the difference.
      ...('move_after_section_id' in body ? { moveAfterSectionId: body.move_after_section_id } : {}),
    },
  }),
  toBody: (data) => ({
    success: true,
    section: restSection(data.updateSection),
    message: 'Section updated',
  }),
});

/** DELETE /api/v1/projects/{projectId}/sections/{sectionId} (spec 4.2, 3). */
export const deleteSectionRoute = route({
  method: 'DELETE',
  path: '/projects/:projectId/sections/:sectionId',
  operationId: 'deleteSection',
  response: z.object({ success: z.literal(true), message: z.string() }),
  errors: ['CONFLICT'],
  tag: 'sections',
  summary: 'Deletes a section; its tasks move to the first remaining section.',
  description:
    'Tasks move to the first remaining section in board order (a visible one when there is one). Deleting the last ' +
    'section of a board is refused with 409 (`details.code: last_section`). Answers `{success, message}`.',
  params: sectionParams,
  document: graphql(`
    mutation RestDeleteSection($projectId: Int, $sectionId: Int!) {
      deleteSection(projectId: $projectId, sectionId: $sectionId) {
        movedTaskCount
        movedToSection { ...SectionTitleFields }
      }
    }
  `),
  toVariables: ({ params }) => ({ projectId: params.projectId, sectionId: params.sectionId }),
  toBody: (data) => ({
    success: true,
    message:
      `Section deleted; ${data.deleteSection.movedTaskCount} task(s) moved to ` +
      `"${data.deleteSection.movedToSection.title}" (section ${data.deleteSection.movedToSection.id}).`,
  }),
});

export const sectionRoutes = [listSectionsRoute, createSectionRoute, updateSectionRoute, deleteSectionRoute];
