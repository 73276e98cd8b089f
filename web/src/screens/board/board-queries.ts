import { graphql } from '../../gql';

/** What a card shows, and what ordering and filtering need. */
export const CardFields = graphql(`
  fragment CardFields on Task {
    id
    projectId
    sectionId
    parentId
    position
    status
    ticketNumber
    title
    priority
    dueDate
    updatedAt
    commentCount
    assignees {
      id
      kind
      userId
      displayName
    }
    labels {
      id
      name
      color
    }
  }
`);

/** The board itself: columns, labels and members (tasks come in pages, below). */
export const BoardQuery = graphql(`
  query Board($projectId: Int!) {
    project(id: $projectId) {
      id
      title
      ticketPrefix
      team {
        id
        title
      }
    }
    sections(projectId: $projectId) {
      id
      title
      ranking
    }
    labels(projectId: $projectId) {
      id
      name
      color
    }
    projectMembers(projectId: $projectId) {
      id
      displayName
      email
    }
  }
`);

/**
 * One page of the board's open tasks. Offset pages, so that after the first
 * (which tells the total) the rest load in parallel; a task that changes
 * while they load and shifts between pages comes back through its event.
 */
export const BoardTasksQuery = graphql(`
  query BoardTasks($projectId: Int!, $offset: Int!) {
    tasks(filter: { projectId: $projectId }, limit: 100, offset: $offset) {
      total
      items {
        ...CardFields
      }
    }
  }
`);

/** Tasks per page of {@link BoardTasksQuery} (the API's maximum). */
export const TASK_PAGE_SIZE = 100;

/**
 * Everything that changes the board, from anyone through any API, in commit
 * order. `after` resumes after an event's cursor (catch-up after a drop).
 */
export const BoardEventsSubscription = graphql(`
  subscription BoardEvents($projectId: Int!, $after: ID) {
    boardEvents(projectId: $projectId, after: $after) {
      __typename
      cursor
      event
      ... on TaskBoardEvent {
        taskId
        task {
          ...CardFields
        }
      }
      ... on CommentBoardEvent {
        taskId
        commentId
        task {
          ...CardFields
        }
      }
      ... on LabelBoardEvent {
        labelId
        label {
          id
          name
          color
        }
      }
    }
  }
`);

export const PlaceTaskMutation = graphql(`
  mutation PlaceTask($taskId: Int!, $sectionId: Int!, $afterTaskId: Int) {
    placeTask(ref: { taskId: $taskId }, sectionId: $sectionId, afterTaskId: $afterTaskId) {
      task {
        ...CardFields
      }
      alsoPlaced {
        ...CardFields
      }
    }
  }
`);

export const CreateTaskMutation = graphql(`
  mutation CreateCard($input: CreateTaskInput!) {
    createTask(input: $input) {
      ...CardFields
    }
  }
`);

/** The typo-tolerant search, limited to this board, a page at a time (`offset`), with how many match. */
export const BoardSearchQuery = graphql(`
  query BoardSearch($projectId: Int!, $query: String!, $offset: Int!) {
    searchTasks(projectId: $projectId, query: $query, limit: 50, offset: $offset) {
      total
      hasMore
      items {
        id
      }
    }
  }
`);
