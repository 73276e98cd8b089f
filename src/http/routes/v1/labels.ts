import { z } from 'zod';
import { projectIdParams } from '../mcp/projects.ts';
import { route } from '../../route.ts';

/** REST label (spec 2.3a): the id as a string. */
function labelOut(l: { id: number; name: string }) {
  return { id: String(l.id), name: l.name };
}

/** POST /api/v1/projects/{projectId}/labels (spec 4.2). */
export const createLabelRoute = route({
  method: 'POST',
  path: '/projects/:projectId/labels',
  operationId: 'createLabel',
  tag: 'labels',
  summary: 'Adds a label to a board.',
  description:
    'Body `name` (1-100 characters, trimmed), optional `color`. Names are unique in the board regardless of case: a ' +
    'duplicate is 409 (`details: {field: name, code: duplicate}`). Answers 201 `{success, label: {id (string), name}, message}`.',
  params: projectIdParams,
  body: z.object({
    name: z.string({ message: 'name is required' }).describe('Label name, 1 to 100 characters.'),
    color: z.string().nullish().describe('Display colour (up to 50 characters).'),
  }),
  status: 201,
  document: /* GraphQL */ `
    mutation RestCreateLabel($input: CreateLabelInput!) {
      createLabel(input: $input) { id name }
    }
  `,
  toVariables: ({ params, body }) => ({ input: { projectId: params.projectId, name: body.name, color: body.color ?? null } }),
  toBody: (data: { createLabel: { id: number; name: string } }) => ({
    success: true,
    label: labelOut(data.createLabel),
    message: 'Label created',
  }),
});

/** GET /api/v1/projects/{projectId}/labels (ours). */
export const listLabelsRoute = route({
  method: 'GET',
  path: '/projects/:projectId/labels',
  operationId: 'listLabels',
  tag: 'labels',
  summary: 'Lists the labels of a board by name.',
  description: 'Answers `{success, labels: [{id (string), name}], projectId}`.',
  params: projectIdParams,
  document: /* GraphQL */ `
    query RestListLabels($projectId: Int!) {
      labels(projectId: $projectId) { id name }
    }
  `,
  toVariables: ({ params }) => ({ projectId: params.projectId }),
  toBody: (data: { labels: { id: number; name: string }[] }, { params }) => ({
    success: true,
    labels: data.labels.map(labelOut),
    projectId: params.projectId,
  }),
});

export const labelRoutes = [createLabelRoute, listLabelsRoute];
