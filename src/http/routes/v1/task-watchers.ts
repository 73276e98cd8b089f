import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { watchOut, watchSchema } from '../../presenters/watch.ts';
import { taskIdParams } from '../shared/task-ref.ts';
import { found } from '../shared/found.ts';
import { NotFoundError } from '../../../errors.ts';

// Watching a task, as GitHub's issue subscription: PUT to watch, DELETE to
// stop, GET for who watches. Watchers get a `task_updated` inbox entry when
// someone else changes the task.

const common = {
  tag: 'tasks',
  params: taskIdParams,
  response: watchSchema,
  fieldNames: { taskId: 'id' },
  toVariables: ({ params }: { params: { id: number } }) => ({ ref: { taskId: params.id } }),
};

/** GET /api/v1/tasks/{id}/watchers. */
export const listWatchersRoute = route({
  ...common,
  method: 'GET',
  path: '/tasks/:id{[0-9]+}/watchers',
  operationId: 'listTaskWatchers',
  summary: 'Who watches a task.',
  description:
    'Watchers get an inbox entry (`task_updated`) when someone else changes the task: its creator, assignees and ' +
    'commenters start watching on their own; anyone may start or stop. Answer `{success, task_id, watching, watchers}`.',
  document: graphql(`
    query RestTaskWatchers($ref: TaskRefInput!) {
      task(ref: $ref) { ...WatchFields }
    }
  `),
  toBody: (data, { params }) => watchOut(found(data.task, () => new NotFoundError(`Task ${params.id}`, 'taskId'))),
});

/** PUT /api/v1/tasks/{id}/watch. */
export const watchTaskRoute = route({
  ...common,
  method: 'PUT',
  path: '/tasks/:id{[0-9]+}/watch',
  operationId: 'watchTask',
  summary: 'Watch a task.',
  description: 'Idempotent; the task itself does not change. Answer `{success, task_id, watching: true, watchers}`.',
  document: graphql(`
    mutation RestWatchTask($ref: TaskRefInput!) {
      watchTask(ref: $ref) { ...WatchFields }
    }
  `),
  toBody: (data) => watchOut(data.watchTask),
});

/** DELETE /api/v1/tasks/{id}/watch. */
export const unwatchTaskRoute = route({
  ...common,
  method: 'DELETE',
  path: '/tasks/:id{[0-9]+}/watch',
  operationId: 'unwatchTask',
  summary: 'Stop watching a task.',
  description:
    'Also for a task you watch as its creator, an assignee or a commenter (being assigned or commenting again starts ' +
    'it again). Idempotent. Answer `{success, task_id, watching: false, watchers}`.',
  document: graphql(`
    mutation RestUnwatchTask($ref: TaskRefInput!) {
      unwatchTask(ref: $ref) { ...WatchFields }
    }
  `),
  toBody: (data) => watchOut(data.unwatchTask),
});

export const taskWatcherRoutes = [listWatchersRoute, watchTaskRoute, unwatchTaskRoute];
