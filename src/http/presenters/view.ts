import { z } from 'zod';
import { SUBTASK_SETTINGS, VIEW_LAYOUTS } from '../../domain/view.ts';
import { SUBTASK_SETTING, VIEW_LAYOUT } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import { presenter } from '../presenter.ts';

// Saved views (spec 2.7 names, the rest ours): the answer of the view routes.

/** The view of the view routes: snake_case names, timestamps as GraphQL gives them. */
export const viewOut = presenter(
  graphql(`
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
  `),
  (f) => ({
    id: f('id', z.number()),
    project_id: f('projectId', z.number()),
    title: f('title', z.string()),
    subtask_setting: f((v) => SUBTASK_SETTING.spec(v.subtaskSetting), z.enum(SUBTASK_SETTINGS)),
    board_subtask_setting: f(
      (v) => SUBTASK_SETTING.spec(v.boardSubtaskSetting),
      z.enum(SUBTASK_SETTINGS).describe('The effective subtask setting of the board in this view.'),
    ),
    layout: f((v) => VIEW_LAYOUT.spec(v.layout), z.enum(VIEW_LAYOUTS)),
    // GraphQL's JSON scalar is `unknown`: the filters are the object the view's route stored.
    filters: f((v) => v.filters as Record<string, unknown>, z.record(z.string(), z.unknown())),
    createdAt: f('createdAt', z.string()),
    updatedAt: f('updatedAt', z.string()),
  }),
);

/** Schema of `viewOut`. */
export const viewSchema = viewOut.schema;
