import { z } from 'zod';
import { SUBTASK_SETTINGS, VIEW_LAYOUTS } from '../../domain/view.ts';
import { SUBTASK_SETTING, VIEW_LAYOUT } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import type { ViewFieldsFragment } from '../gql/graphql.ts';

// Saved views (spec 2.7 names, the rest ours): the answer of the view routes.

/** The GraphQL selection of a saved view. */
export const VIEW_FIELDS = graphql(`
  fragment ViewFields on SavedView {
    id
    projectId
    title
    subtaskSetting
    boardSubtaskSetting
    layout
    filters
    createdAt
    updatedAt
  }
`);

/** The view of the view routes: snake_case names, timestamps as GraphQL gives them. */
export function viewOut(v: ViewFieldsFragment) {
  return {
    id: v.id,
    project_id: v.projectId,
    title: v.title,
    subtask_setting: SUBTASK_SETTING.spec(v.subtaskSetting),
    board_subtask_setting: SUBTASK_SETTING.spec(v.boardSubtaskSetting),
    layout: VIEW_LAYOUT.spec(v.layout),
    filters: v.filters,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}

/** Schema of `viewOut`. */
export const viewSchema = z.object({
  id: z.number(),
  project_id: z.number(),
  title: z.string(),
  subtask_setting: z.enum(SUBTASK_SETTINGS),
  board_subtask_setting: z.enum(SUBTASK_SETTINGS).describe('The effective subtask setting of the board in this view.'),
  layout: z.enum(VIEW_LAYOUTS),
  filters: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
