import { graphql } from '../../gql';

/** What the board's view bar needs of a saved view. */
export const BoardViewFields = graphql(`
  fragment BoardViewFields on SavedView {
    id
    title
    layout
    subtaskSetting
    filters
  }
`);

/** The viewer's saved views of a board (personal, oldest first). */
export const SavedViewsQuery = graphql(`
  query SavedViews($projectId: Int!) {
    savedViews(projectId: $projectId) {
      ...BoardViewFields
    }
  }
`);

export const CreateViewMutation = graphql(`
  mutation CreateView(
    $projectId: Int!
    $title: String!
    $layout: ViewLayout
    $subtaskSetting: SubtaskSetting
    $filters: JSON
  ) {
    createSavedView(
      projectId: $projectId
      title: $title
      layout: $layout
      subtaskSetting: $subtaskSetting
      filters: $filters
    ) {
      ...BoardViewFields
    }
  }
`);

export const UpdateViewMutation = graphql(`
  mutation UpdateView($id: Int!, $layout: ViewLayout, $subtaskSetting: SubtaskSetting, $filters: JSON) {
    updateSavedView(id: $id, layout: $layout, subtaskSetting: $subtaskSetting, filters: $filters) {
      ...BoardViewFields
    }
  }
`);

export const DeleteViewMutation = graphql(`
  mutation DeleteView($id: Int!) {
    deleteSavedView(id: $id) {
      id
    }
  }
`);
