import { z } from 'zod';
import { NAME_LIMITS, printedLimit } from '../../../domain/fields.ts';
import { requiredString } from '../../../domain/validate.ts';
import { SUBTASK_SETTINGS, VIEW_LAYOUTS, MAX_FILTERS_LENGTH, checkViewLayout, viewTitleField } from '../../../domain/view.ts';
import { boundsOf } from '../shared/bounds.ts';
import { bodyId, qsId } from '../../query-params.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { viewOut, viewSchema } from '../../presenters/view.ts';
import { SUBTASK_SETTING, VIEW_LAYOUT } from '../../../graphql/enum-names.ts';

const subtaskSetting = z.enum(SUBTASK_SETTINGS, { message: `must be one of ${SUBTASK_SETTINGS.join(', ')}` });
/** The GraphQL `ViewLayout` of a body's `layout`; anything else refused with the domain's error (field `layout`). */
function layoutName<T extends null>(value: string | T) {
  checkViewLayout(value);
  return VIEW_LAYOUT.name(value as (typeof VIEW_LAYOUTS)[number] | T);
}

// Bodies parse types only: the title's length is the domain's rule (viewTitleField, its error naming
// `title`), documented here from it (boundsOf), not checked twice.
const filters = z.record(z.string(), z.unknown(), { message: 'must be a JSON object' });

/** Body of a new view. */
export const newViewBody = z.object({
  project_id: bodyId().describe('The project (board).'),
  title: requiredString('title').meta(boundsOf(viewTitleField())).describe(`View name, 1 to ${NAME_LIMITS.viewTitleMax} characters.`),
  subtask_setting: subtaskSetting.optional().describe('`None` (default), `Parent`, `Flattened`, `Card` or `Flattened_Card`.'),
  layout: z.string().optional().describe(`One of ${VIEW_LAYOUTS.join(', ')} (default board).`),
  filters: filters.optional().describe(`Task-list filters as a JSON object (at most ${printedLimit(MAX_FILTERS_LENGTH)} characters).`),
});

/** Body of a view update: any of the fields, at least one. */
export const viewPatchBody = z.object({
  title: z.string().meta(boundsOf(viewTitleField())).optional().describe(`New name, 1 to ${NAME_LIMITS.viewTitleMax} characters.`),
  subtask_setting: subtaskSetting.optional().describe('New subtask display; nothing else changes when it is alone.'),
  layout: z.string().optional().describe(`New layout: ${VIEW_LAYOUTS.join(', ')}.`),
  filters: filters.optional().describe('New filters (replace the old ones).'),
});

/** Create a view: POST /view (spec 4.4). */
export const createViewRoute = route({
  method: 'POST',
  path: '/view',
  operationId: 'tasksvc_create_view',
  idempotent: true,
  tag: 'tools',
  summary: 'Creates a saved view of a board with its subtask setting.',
  description:
    'Body: `project_id`, `title` (required), `subtask_setting` (`None` default, `Parent`, `Flattened`, `Card`, ' +
    '`Flattened_Card`; any other value → 400), optional `layout` and `filters`. Answers the view: `{id, project_id, ' +
    'title, subtask_setting, board_subtask_setting, layout, filters, createdAt, updatedAt}`, where ' +
    '`board_subtask_setting` is the effective setting. Views are personal: other users get 404 for them.',
  document: graphql(`
    mutation ToolCreateView($projectId: Int!, $title: String!, $subtaskSetting: SubtaskSetting, $layout: ViewLayout, $filters: JSON) {
      createSavedView(projectId: $projectId, title: $title, subtaskSetting: $subtaskSetting, layout: $layout, filters: $filters) { ...ViewFields }
    }
  `),
  body: newViewBody,
  response: viewSchema,
  toVariables: ({ body }) => ({
    projectId: body.project_id,
    title: body.title,
    subtaskSetting: SUBTASK_SETTING.name(body.subtask_setting ?? null),
    layout: layoutName(body.layout ?? null),
    filters: body.filters ?? null,
  }),
  toBody: (data) => viewOut(data.createSavedView),
});

/** Update a view: PATCH /view/{viewId} (spec 4.4). */
export const updateViewRoute = route({
  method: 'PATCH',
  path: '/view/:viewId',
  operationId: 'tasksvc_update_view',
  tag: 'tools',
  summary: 'Changes a saved view; fields left out stay as they are.',
  description:
    'Body: any of `subtask_setting`, `title`, `layout`, `filters` (at least one). A body holding only ' +
    '`subtask_setting` changes only that setting. Answers the whole view, as POST /view does.',
  document: graphql(`
    mutation ToolUpdateView($id: Int!, $title: String, $subtaskSetting: SubtaskSetting, $layout: ViewLayout, $filters: JSON) {
      updateSavedView(id: $id, title: $title, subtaskSetting: $subtaskSetting, layout: $layout, filters: $filters) { ...ViewFields }
    }
  `),
  params: z.object({ viewId: qsId() }),
  body: viewPatchBody,
  response: viewSchema,
  fieldNames: { viewId: 'viewId', id: 'viewId' },
  toVariables: ({ params, body }) => ({
    id: params.viewId,
    // Omitted fields stay omitted: the mutation changes only what it is given.
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.subtask_setting !== undefined ? { subtaskSetting: SUBTASK_SETTING.name(body.subtask_setting) } : {}),
    ...(body.layout !== undefined ? { layout: layoutName(body.layout) } : {}),
    ...(body.filters !== undefined ? { filters: body.filters } : {}),
  }),
  toBody: (data) => viewOut(data.updateSavedView),
});

export const viewRoutes = [createViewRoute, updateViewRoute];
