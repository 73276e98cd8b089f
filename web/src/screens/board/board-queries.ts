import { graphql } from '../../gql';

/** What a card shows, and what ordering and filtering need. */
export const CardFields = graphql(`
  fragment CardFields on Task {
    id
    projectId
    sectionId
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

/** One page of the board's open tasks (keyset-paged: pages stay consistent under concurrent edits). */
export const BoardTasksQuery = graphql(`
  query BoardTasks($projectId: Int!, $after: String) {
    tasksConnection(filter: { projectId: $projectId }, first: 100, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          ...CardFields
        }
      }
    }
  }
`);

/** One task, refetched when an event says it changed. */
export const CardQuery = graphql(`
  query Card($taskId: Int!) {
    task(ref: { taskId: $taskId }) {
      ...CardFields
    }
  }
`);

/** Changes to the board's tasks, from anyone, through any API. */
export const TaskEventsSubscription = graphql(`
  subscription BoardTaskEvents($projectId: Int!) {
    taskEvents(projectId: $projectId) {
      id
      event
      taskId
    }
  }
`);

export const PlaceTaskMutation = graphql(`
  mutation PlaceTask($taskId: Int!, $sectionId: Int!, $afterTaskId: Int) {
    placeTask(ref: { taskId: $taskId }, sectionId: $sectionId, afterTaskId: $afterTaskId) {
      ...CardFields
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

/** The typo-tolerant search, limited to this board. */
export const BoardSearchQuery = graphql(`
  query BoardSearch($projectId: Int!, $query: String!) {
    searchTasks(projectId: $projectId, query: $query, limit: 50) {
      items {
        id
      }
    }
  }
`);
