import { z } from 'zod';
import { TASK_LIMITS } from '../../../domain/task/fields.ts';
import { bodyIdList, qsId } from '../../query-params.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { oneTask, restTask } from '../../presenters/task.ts';
import { taskIdParams } from '../shared/task-ref.ts';

// A task's labels as a sub-resource, as GitHub has them on issues: add some
// (POST), take one off (DELETE). `PATCH /tasks/{id}` with `label_ids`
// replaces them all.

/** POST /api/v1/tasks/{id}/labels. */
export const addTaskLabelsRoute = route({
  method: 'POST',
  path: '/tasks/:id{[0-9]+}/labels',
  operationId: 'addTaskLabels',
  tag: 'tasks',
  summary: 'Add labels to a task.',
  description:
    `Body \`label_ids\`: 1 to ${TASK_LIMITS.labelsMax} ids of labels of the task’s project (numbers or strings of digits); a label of ` +
    'another board → 404 naming `label_ids`. Labels the task has already are left alone. A real change sets ' +
    '`updatedAt`, emits `task.updated` with `{changes: {labels: {from, to}}}` and notifies watchers. Answer ' +
    '`{success, task}`.',
  document: graphql(`
    mutation RestAddTaskLabels($ref: TaskRefInput!, $labelIds: [Int!]!) {
      addTaskLabels(ref: $ref, labelIds: $labelIds) { ...RestTaskFields }
    }
  `),
  params: taskIdParams,
  body: z.object({
    label_ids: bodyIdList(TASK_LIMITS.labelsMax).min(1).describe('Label ids to add.'),
  }),
  response: oneTask,
  fieldNames: { taskId: 'id' },
  toVariables: ({ params, body }) => ({ ref: { taskId: params.id }, labelIds: body.label_ids }),
  toBody: (data) => ({ success: true, task: restTask(data.addTaskLabels) }),
});

/** DELETE /api/v1/tasks/{id}/labels/{labelId}. */
export const removeTaskLabelRoute = route({
  method: 'DELETE',
  path: '/tasks/:id{[0-9]+}/labels/:labelId',
  operationId: 'removeTaskLabel',
  tag: 'tasks',
  summary: 'Take a label off a task.',
  description:
    'The label must be a label of the task’s project (404 otherwise); taking off a label the task does not have ' +
    'changes nothing. Same event and notifications as adding. Answer `{success, task}`.',
  document: graphql(`
    mutation RestRemoveTaskLabel($ref: TaskRefInput!, $labelIds: [Int!]!) {
      removeTaskLabels(ref: $ref, labelIds: $labelIds) { ...RestTaskFields }
    }
  `),
  params: taskIdParams.extend({ labelId: qsId().describe('Label id.') }),
  response: oneTask,
  fieldNames: { taskId: 'id', labelIds: 'labelId', labelId: 'labelId' },
  toVariables: ({ params }) => ({ ref: { taskId: params.id }, labelIds: [params.labelId] }),
  toBody: (data) => ({ success: true, task: restTask(data.removeTaskLabels) }),
});

export const taskLabelRoutes = [addTaskLabelsRoute, removeTaskLabelRoute];
