import { z } from 'zod';
import { NAME_LIMITS } from '../../../domain/fields.ts';
import { LABEL_FIELD_DESCRIPTIONS as D, labelColor, labelName } from '../../../domain/label.ts';
import { boundsOf } from '../shared/bounds.ts';
import { requiredString } from '../../../domain/validate.ts';
import { qsId } from '../../query-params.ts';
import { projectIdParams } from '../shared/project.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { restLabel, restLabelSchema } from '../../presenters/label.ts';

// Label bodies parse types only: name and colour rules (length, trimming,
// `#rrggbb`) are the domain's (labelName, labelColor), whose errors name these
// fields; OpenAPI shows their bounds (boundsOf), not checked twice, and their
// descriptions are the domain's (LABEL_FIELD_DESCRIPTIONS) with this API's error.

const colorRefused = 'Anything else is 400 naming `color`.';

const labelParams = z.object({
  projectId: qsId().describe('Project (board) id.'),
  labelId: qsId().describe('Label id.'),
});

/** POST /api/v1/projects/{projectId}/labels (spec 4.2). */
export const createLabelRoute = route({
  method: 'POST',
  path: '/projects/:projectId/labels',
  operationId: 'createLabel',
  idempotent: true,
  errors: ['CONFLICT'],
  tag: 'labels',
  summary: 'Adds a label to a board.',
  description:
    `Body \`name\` (1-${NAME_LIMITS.labelNameMax} characters, trimmed), optional \`color\` (\`#rrggbb\`, else 400 naming \`color\`). Names are unique in the board regardless of case: a ` +
    'duplicate is 409 (`details: {field: name, code: duplicate}`). Answers 201 `{success, label: {id (string), name}, message}`.',
  params: projectIdParams,
  body: z.object({
    name: requiredString('name').meta(boundsOf(labelName())).describe(D.name),
    color: z.string().meta(boundsOf(labelColor())).nullish().describe(`${D.color} ${colorRefused}`),
  }),
  status: 201,
  response: z.object({ success: z.literal(true), label: restLabelSchema, message: z.string() }),
  document: graphql(`
    mutation RestCreateLabel($input: CreateLabelInput!) {
      createLabel(input: $input) { ...LabelFields }
    }
  `),
  toVariables: ({ params, body }) => ({ input: { projectId: params.projectId, name: body.name, color: body.color ?? null } }),
  toBody: (data) => ({
    success: true,
    label: restLabel(data.createLabel),
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
  response: z.object({ success: z.literal(true), labels: z.array(restLabelSchema), projectId: z.number() }),
  document: graphql(`
    query RestListLabels($projectId: Int!) {
      labels(projectId: $projectId) { ...LabelFields }
    }
  `),
  toVariables: ({ params }) => ({ projectId: params.projectId }),
  toBody: (data, { params }) => ({
    success: true,
    labels: data.labels.map(restLabel),
    projectId: params.projectId,
  }),
});

/** PATCH /api/v1/projects/{projectId}/labels/{labelId} (ours). */
export const updateLabelRoute = route({
  method: 'PATCH',
  path: '/projects/:projectId/labels/:labelId',
  operationId: 'updateLabel',
  errors: ['CONFLICT'],
  tag: 'labels',
  summary: 'Renames a label or changes its colour.',
  description:
    `Body: \`name\` (1-${NAME_LIMITS.labelNameMax} characters, trimmed) and/or \`color\` (\`#rrggbb\`; null clears it). A name another label of the board ` +
    'has (any case) is 409 (`details: {field: name, code: duplicate}`). Tasks keep the label. Answers ' +
    '`{success, label: {id (string), name}, message}`.',
  params: labelParams,
  body: z.object({
    name: z.string().meta(boundsOf(labelName())).optional().describe(D.name),
    color: z.string().meta(boundsOf(labelColor())).nullish().describe(`${D.color} ${colorRefused}`),
  }),
  response: z.object({ success: z.literal(true), label: restLabelSchema, message: z.string() }),
  document: graphql(`
    mutation RestUpdateLabel($id: Int!, $projectId: Int, $input: UpdateLabelInput!) {
      updateLabel(id: $id, projectId: $projectId, input: $input) { ...LabelFields }
    }
  `),
  fieldNames: { labelId: 'labelId', projectId: 'projectId' },
  toVariables: ({ params, body }) => ({
    id: params.labelId,
    projectId: params.projectId,
    input: { name: body.name, ...(body.color !== undefined ? { color: body.color } : {}) },
  }),
  toBody: (data) => ({
    success: true,
    label: restLabel(data.updateLabel),
    message: 'Label updated',
  }),
});

/** DELETE /api/v1/projects/{projectId}/labels/{labelId} (ours). */
export const deleteLabelRoute = route({
  method: 'DELETE',
  path: '/projects/:projectId/labels/:labelId',
  operationId: 'deleteLabel',
  tag: 'labels',
  summary: 'Deletes a label; it comes off every task that had it.',
  description:
    'Each task that had the label gets a new `updatedAt` and a `task.updated` event with ' +
    '`{changes: {labels: {from, to}}}`. Answers `{success, message}`.',
  params: labelParams,
  response: z.object({ success: z.literal(true), message: z.string() }),
  document: graphql(`
    mutation RestDeleteLabel($id: Int!, $projectId: Int) {
      deleteLabel(id: $id, projectId: $projectId) {
        id
      }
    }
  `),
  fieldNames: { labelId: 'labelId', projectId: 'projectId' },
  toVariables: ({ params }) => ({ id: params.labelId, projectId: params.projectId }),
  toBody: (data) => ({ success: true, message: `Label ${data.deleteLabel.id} deleted` }),
});

export const labelRoutes = [createLabelRoute, listLabelsRoute, updateLabelRoute, deleteLabelRoute];
