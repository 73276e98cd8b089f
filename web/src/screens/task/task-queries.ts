import { graphql } from '../../gql';

/** The task panel's task: the card's fields and the rest. */
export const TaskDetailQuery = graphql(`
  query TaskDetail($ref: TaskRefInput!) {
    task(ref: $ref) {
      ...CardFields
      description
      descriptionSource
      descriptionContentType
      version
      updatedBy {
        id
        displayName
      }
      viewerIsWatching
      createdAt
      createdBy {
        id
        displayName
      }
      parent {
        id
        ticketNumber
        title
      }
      subtasks {
        id
        ticketNumber
        title
        status
        section {
          id
          title
        }
      }
    }
  }
`);

/**
 * One page of a task's comments, newest first: the panel shows the newest
 * page and loads earlier ones after the oldest comment's cursor.
 */
export const TaskCommentsQuery = graphql(`
  query TaskComments($ref: TaskRefInput!, $first: Int!, $after: String) {
    commentsConnection(ref: $ref, sortOrder: DESC, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
      }
      edges {
        cursor
        node {
          id
          text
          createdAt
          author {
            id
            displayName
          }
        }
      }
    }
  }
`);

export const UpdateTaskMutation = graphql(`
  mutation UpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {
    updateTask(ref: $ref, input: $input) {
      ...CardFields
      description
      version
    }
  }
`);

export const SetAssigneesMutation = graphql(`
  mutation SetAssignees($ref: TaskRefInput!, $userIds: [Int!]) {
    setAssignees(ref: $ref, userIds: $userIds) {
      id
    }
  }
`);

export const AddCommentMutation = graphql(`
  mutation AddComment($ref: TaskRefInput!, $text: String!, $mentions: [MentionInput!]) {
    addComment(ref: $ref, text: $text, contentType: MARKDOWN, mentions: $mentions) {
      id
    }
  }
`);

export const DeleteTaskMutation = graphql(`
  mutation DeleteTask($ref: TaskRefInput!) {
    deleteTask(ref: $ref) {
      id
    }
  }
`);

export const WatchTaskMutation = graphql(`
  mutation WatchTask($ref: TaskRefInput!) {
    watchTask(ref: $ref) {
      id
    }
  }
`);

export const UnwatchTaskMutation = graphql(`
  mutation UnwatchTask($ref: TaskRefInput!) {
    unwatchTask(ref: $ref) {
      id
    }
  }
`);

/** One page of a task's history, newest first (`after`: the oldest shown entry's cursor). */
export const TaskActivityQuery = graphql(`
  query TaskActivity($ref: TaskRefInput!, $first: Int!, $after: String) {
    taskActivity(ref: $ref, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
      }
      edges {
        cursor
        node {
          id
          event
          createdAt
          actor {
            id
            displayName
          }
          changes {
            field
            from
            to
          }
        }
      }
    }
  }
`);
