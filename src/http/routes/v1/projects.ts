import { z } from 'zod';
import { STATUSES } from '../../../domain/fields.ts';
import { PROJECT_FIELD_DESCRIPTIONS as D } from '../../../domain/board-manifest.ts';
import { graphql } from '../../gql/index.ts';
import { projectOut, restProjectSchema, statusNames } from '../../presenters/project.ts';
import { route } from '../../route.ts';
import { projectIdParams, projectListQuery, projectListVariables } from '../shared/project.ts';
import { PAGE_LIMITS } from '../../../domain/page.ts';
import { STATUS } from '../../../graphql/enum-names.ts';
import { NotFoundError } from '../../../errors.ts';
import { found } from '../shared/found.ts';

/** GET /api/v1/projects (spec 4.2). */
export const listProjectsRoute = route({
  method: 'GET',
  path: '/projects',
  operationId: 'listProjects',
  response: z.object({
    success: z.literal(true),
    projects: z.array(restProjectSchema),
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
  }),
  tag: 'projects',
  summary: 'Lists the projects (boards) the key owner is a member of.',
  description:
    'Answers `{success, projects, total, limit, offset}`; each project has `id, title, status, createdAt, description, ' +
    'memberCount, taskCount` (tasks not Deleted), `sections: [{id, section_title}]` (visible, in board order) and ' +
    '`labels: [{id (string), name}]`. `search` matches title or description. ' +
    `\`limit\` defaults to ${PAGE_LIMITS.defaultLimit} and is capped: values above ${PAGE_LIMITS.maxLimit} are clamped to ${PAGE_LIMITS.maxLimit} ` +
    '(the response shows the limit applied).',
  query: projectListQuery,
  document: graphql(`
    query RestListProjects($status: Status, $search: String, $limit: Int, $offset: Int, $sortBy: ProjectSort, $sortOrder: SortOrder) {
      projects(status: $status, search: $search, limit: $limit, offset: $offset, sortBy: $sortBy, sortOrder: $sortOrder) {
        items { ...RestProjectFields }
        total
        limit
        offset
      }
    }
  `),
  toVariables: ({ query }) => projectListVariables(query),
  toBody: (data) => ({
    success: true,
    projects: data.projects.items.map(projectOut),
    total: data.projects.total,
    limit: data.projects.limit,
    offset: data.projects.offset,
  }),
});

/** GET /api/v1/projects/{projectId} (ours: the list item of one project). */
export const getProjectRoute = route({
  method: 'GET',
  path: '/projects/:projectId',
  operationId: 'getProject',
  response: z.object({ success: z.literal(true), project: restProjectSchema }),
  tag: 'projects',
  summary: 'One project, in the shape of the project list.',
  description: 'Answers `{success, project}`. A project the key owner is not a member of is 404, like a missing one.',
  params: projectIdParams,
  document: graphql(`
    query RestGetProject($id: Int!) {
      project(id: $id) { ...RestProjectFields }
    }
  `),
  toVariables: ({ params }) => ({ id: params.projectId }),
  fieldNames: { id: 'project_id' },
  toBody: (data, { params }) => ({
    success: true,
    project: projectOut(found(data.project, () => new NotFoundError(`Project ${params.projectId}`, 'id'))),
  }),
});

/** PATCH /api/v1/projects/{projectId} (ours: project status, spec 3). */
export const updateProjectRoute = route({
  method: 'PATCH',
  path: '/projects/:projectId',
  operationId: 'updateProjectStatus',
  response: z.object({ success: z.literal(true), project: restProjectSchema, message: z.string() }),
  tag: 'projects',
  summary: 'Changes the status of a project: Normal, Archive or Deleted.',
  description:
    'Body `{status}`. `Deleted` is a soft state: the project leaves the default list and can be restored by setting ' +
    '`Normal` again. Any member may change it. Answers `{success, project, message}`.',
  params: projectIdParams,
  body: z.object({
    status: z.enum(STATUSES, { message: 'must be Normal, Archive or Deleted' }).describe(`${D.status} ${statusNames}`),
  }),
  document: graphql(`
    mutation RestUpdateProjectStatus($projectId: Int!, $status: Status!) {
      updateProjectStatus(projectId: $projectId, status: $status) { ...RestProjectFields }
    }
  `),
  toVariables: ({ params, body }) => ({ projectId: params.projectId, status: STATUS.name(body.status) }),
  toBody: (data) => ({
    success: true,
    project: projectOut(data.updateProjectStatus),
    message: `Project status set to ${STATUS.spec(data.updateProjectStatus.status)}`,
  }),
});

export const projectRoutes = [listProjectsRoute, getProjectRoute, updateProjectRoute];
