import { z } from 'zod';
import { NAME_LIMITS } from '../../../domain/fields.ts';
import { requiredString } from '../../../domain/validate.ts';
import {
  BOARD_LIMITS,
  BOARD_LIMITS_TEXT,
  boardTaskDescriptionField,
  boardTaskLabelsField,
  boardTaskTitleField,
  boardTeamRefField,
  PROJECT_FIELD_DESCRIPTIONS as PROJECT,
} from '../../../domain/board-manifest.ts';
import { LABEL_FIELD_DESCRIPTIONS as LABEL, labelName } from '../../../domain/label.ts';
import { SECTION_FIELD_DESCRIPTIONS as SECTION, sectionTitle } from '../../../domain/section.ts';
import { boundsOf } from '../shared/bounds.ts';
import { toolProject, toolProjectSchema } from '../../presenters/project.ts';
import { bodyId, qsBool } from '../../query-params.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { toolBoard, toolBoardSchema } from '../../presenters/board.ts';
import { toolSectionSchema } from '../../presenters/section.ts';
import { userProfileSchema } from '../../presenters/user.ts';
import { boardManifestFields, boardManifestInput } from '../shared/board.ts';
import { projectIdParams, projectListQuery, projectListVariables } from '../shared/project.ts';
import { PAGE_LIMITS } from '../../../domain/page.ts';

/** tasksvc_list_projects: GET /projects (spec 4.1). */
export const listProjectsRoute = route({
  method: 'GET',
  path: '/projects',
  operationId: 'tasksvc_list_projects',
  response: z.object({
    projects: z.array(toolProjectSchema),
    total: z.number(),
  }),
  tag: 'tools',
  summary: 'Lists the projects (boards) the key owner is a member of.',
  description:
    'Answers `{projects: [{id, title, status, createdAt}], total}`; `total` counts every match, without paging. ' +
    `A \`limit\` above ${PAGE_LIMITS.maxLimit} is clamped to ${PAGE_LIMITS.maxLimit}; a non-numeric or negative one is a 400.`,
  query: projectListQuery,
  document: graphql(`
    query ToolListProjects($status: Status, $search: String, $limit: Int, $offset: Int, $sortBy: ProjectSort, $sortOrder: SortOrder) {
      projects(status: $status, search: $search, limit: $limit, offset: $offset, sortBy: $sortBy, sortOrder: $sortOrder) {
        items { ...ToolProjectFields }
        total
      }
    }
  `),
  toVariables: ({ query }) => projectListVariables(query),
  toBody: (data) => ({
    projects: data.projects.items.map(toolProject),
    total: data.projects.total,
  }),
});

// Types only, like boardManifestFields: the limits are the domain's tool
// manifest rules, documented here from them; a list's count is also checked
// here, before its elements are parsed (see boardManifestFields).
const boardBody = z.object({
  team_id: z
    .union([bodyId(), z.string().meta(boundsOf(boardTeamRefField()))], { message: 'must be the team number or its UUID' })
    .describe('Team: its number (user context `teams[].number`) or its UUID.'),
  ...boardManifestFields,
  labels: z
    .array(z.object({ name: requiredString('name').meta(boundsOf(labelName())).describe(LABEL.name) }))
    .max(BOARD_LIMITS.labelsMax)
    .nullish()
    .describe(`${PROJECT.labels} Each \`{name}\`.`),
  tasks: z
    .array(
      z.object({
        title: requiredString('title').meta(boundsOf(boardTaskTitleField())),
        section: z.string({ message: 'section is required: a section title of this manifest' }).meta(boundsOf(sectionTitle())),
        description: z.string().meta(boundsOf(boardTaskDescriptionField())).nullish(),
        priority: z.string().nullish(),
        labels: z.array(z.string()).max(BOARD_LIMITS.labelsMax).meta(boundsOf(boardTaskLabelsField())).nullish(),
        assignee_ids: z.array(bodyId()).max(BOARD_LIMITS.assigneesMax).nullish(),
      }),
    )
    .max(BOARD_LIMITS.tasksMax)
    .nullish()
    .describe(`${PROJECT.tasks} Each \`{title, section, description?, priority?, labels?, assignee_ids?}\`.`),
});

/** tasksvc_create_board: POST /boards (spec 4.1). */
export const createBoardRoute = route({
  method: 'POST',
  path: '/boards',
  operationId: 'tasksvc_create_board',
  response: toolBoardSchema,
  tag: 'tools',
  summary: 'Creates a board with its sections, labels and starter tasks in one call.',
  description:
    'All or nothing (one transaction). `team_id` is the team number or UUID; the creator and the team members become ' +
    'board members. A task names its section by title (case-insensitive) and its labels by names of this manifest; ' +
    '`priority` is `urgent|high|medium|low`; `assignee_ids` must be team members. Limits as the team board: ' +
    `${BOARD_LIMITS_TEXT}. Answers \`{board: {id, title, ` +
    'sections: [{id, title}], labels: [{id, name}], tasks: [{id, ticketNumber, title}]}}`. An optional ' +
    '`Idempotency-Key` header works as on `POST /api/v1/teams/{teamId}/boards` (safe retries).',
  body: boardBody,
  idempotent: true,
  document: graphql(`
    mutation ToolCreateBoard($input: BoardInput!) {
      createBoard(input: $input) { ...BoardFields }
    }
  `),
  toVariables: ({ body }) => ({
    input: {
      teamId: String(body.team_id),
      ...boardManifestInput(body),
      tasks:
        body.tasks?.map((t) => ({
          title: t.title,
          section: t.section,
          description: t.description ?? null,
          priority: t.priority ?? null,
          labels: t.labels ?? null,
          assigneeIds: t.assignee_ids ?? null,
        })) ?? null,
    },
  }),
  toBody: (data) => toolBoard(data.createBoard),
});

/** tasksvc_section (list): GET /projects/{projectId}/sections (spec 4.1). */
export const listSectionsRoute = route({
  method: 'GET',
  path: '/projects/:projectId/sections',
  operationId: 'tasksvc_section_list',
  response: z.object({ sections: z.array(toolSectionSchema) }),
  tag: 'tools',
  summary: 'Lists the sections (columns) of a board in order.',
  description: 'Answers `{sections: [{id, title}]}`. Hidden sections only with `include_hidden=true`; deleted ones never.',
  params: projectIdParams,
  query: z.object({ include_hidden: qsBool().default(false).describe('Include hidden sections (default false).') }),
  document: graphql(`
    query ToolListSections($projectId: Int!, $includeHidden: Boolean) {
      sections(projectId: $projectId, includeHidden: $includeHidden) { ...SectionTitleFields }
    }
  `),
  toVariables: ({ params, query }) => ({ projectId: params.projectId, includeHidden: query.include_hidden }),
  toBody: (data) => ({ sections: data.sections }),
});

/** tasksvc_section (create): POST /projects/{projectId}/sections (spec 4.1). */
export const createSectionRoute = route({
  method: 'POST',
  path: '/projects/:projectId/sections',
  operationId: 'tasksvc_section_create',
  idempotent: true,
  response: toolSectionSchema,
  tag: 'tools',
  summary: 'Adds a section to a board.',
  description: `Body \`title\` (1-${NAME_LIMITS.sectionTitleMax} characters), optional \`after_section_id\` (omitted: appended at the end). Answers \`{id, title}\`.`,
  params: projectIdParams,
  body: z.object({
    // A string only: the title rule is the domain's (sectionTitle), whose error names `title`.
    title: requiredString('title').meta(boundsOf(sectionTitle())).describe(SECTION.title),
    after_section_id: bodyId().nullish().describe(SECTION.afterSectionId),
  }),
  document: graphql(`
    mutation ToolCreateSection($input: CreateSectionInput!) {
      createSection(input: $input) { ...SectionTitleFields }
    }
  `),
  toVariables: ({ params, body }) => ({
    input: { projectId: params.projectId, title: body.title, afterSectionId: body.after_section_id ?? null },
  }),
  toBody: (data) => data.createSection,
});

/** tasksvc_list_project_members: GET /projects/{projectId}/members (spec 4.1). */
export const listMembersRoute = route({
  method: 'GET',
  path: '/projects/:projectId/members',
  operationId: 'tasksvc_list_project_members',
  response: z.object({ members: z.array(userProfileSchema) }),
  tag: 'tools',
  summary: 'Lists the members of a board.',
  description: 'Answers `{members: [{id, email, displayName, photoURL}]}` in the order they joined; `photoURL` may be null.',
  params: projectIdParams,
  document: graphql(`
    query ToolListMembers($projectId: Int!) {
      projectMembers(projectId: $projectId) { ...UserProfileFields }
    }
  `),
  toVariables: ({ params }) => ({ projectId: params.projectId }),
  toBody: (data) => ({ members: data.projectMembers }),
});

export const projectRoutes = [listProjectsRoute, createBoardRoute, listSectionsRoute, createSectionRoute, listMembersRoute];
