import { graphql } from '../../gql';

/** The task panel's task: the card's fields and the rest. */
export const TaskDetailQuery = graphql(`
  query TaskDetail($ref: TaskRefInput!) {
    task(ref: $ref) {
      ...CardFields
      description
      createdAt
      createdBy {
        id
        displayName
      }
    }
  }
`);

export const TaskCommentsQuery = graphql(`
  query TaskComments($ref: TaskRefInput!) {
    comments(ref: $ref, limit: 100) {
      total
      items {
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
`);

export const UpdateTaskMutation = graphql(`
  mutation UpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {
    updateTask(ref: $ref, input: $input) {
      ...CardFields
      description
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
    addComment(ref: $ref, text: $text, contentType: "markdown", mentions: $mentions) {
      id
    }
  }
`);
