import { graphql } from '../../gql';

/** Everything the board settings show: columns (hidden ones too), labels, members, status, team. */
export const BoardSettingsQuery = graphql(`
  query BoardSettings($projectId: Int!) {
    project(id: $projectId) {
      id
      title
      status
      ticketPrefix
      team {
        id
        number
        title
        viewerRole
      }
      members {
        joinedAt
        user {
          id
          displayName
          email
        }
      }
      sections(includeHidden: true) {
        id
        title
        ranking
        taskCount
        visible
      }
      labels {
        id
        name
        color
      }
    }
  }
`);

/** The board's events that change its settings (columns, labels, members), to refetch on. */
export const BoardSettingsEvents = graphql(`
  subscription BoardSettingsEvents($projectId: Int!, $after: ID) {
    boardEvents(
      projectId: $projectId
      after: $after
      events: [
        SECTION_CREATED
        SECTION_UPDATED
        SECTION_DELETED
        LABEL_CREATED
        LABEL_UPDATED
        LABEL_DELETED
        MEMBER_ADDED
        MEMBER_REMOVED
      ]
    ) {
      cursor
      event
    }
  }
`);

export const CreateSection = graphql(`
  mutation CreateSettingsSection($input: CreateSectionInput!) {
    createSection(input: $input) {
      id
      title
    }
  }
`);

export const UpdateSection = graphql(`
  mutation UpdateSettingsSection($input: UpdateSectionInput!) {
    updateSection(input: $input) {
      id
      title
      ranking
      visible
    }
  }
`);

export const DeleteSection = graphql(`
  mutation DeleteSettingsSection($projectId: Int!, $sectionId: Int!) {
    deleteSection(projectId: $projectId, sectionId: $sectionId) {
      deletedSectionId
      movedTaskCount
      movedToSection {
        id
        title
      }
    }
  }
`);

export const CreateLabel = graphql(`
  mutation CreateSettingsLabel($input: CreateLabelInput!) {
    createLabel(input: $input) {
      id
      name
      color
    }
  }
`);

export const UpdateLabel = graphql(`
  mutation UpdateSettingsLabel($projectId: Int!, $id: Int!, $input: UpdateLabelInput!) {
    updateLabel(projectId: $projectId, id: $id, input: $input) {
      id
      name
      color
    }
  }
`);

export const DeleteLabel = graphql(`
  mutation DeleteSettingsLabel($projectId: Int!, $id: Int!) {
    deleteLabel(projectId: $projectId, id: $id) {
      id
    }
  }
`);

export const AddMember = graphql(`
  mutation AddBoardMember($projectId: Int!, $user: String!) {
    addProjectMember(projectId: $projectId, user: $user) {
      user {
        id
        displayName
      }
    }
  }
`);

export const RemoveMember = graphql(`
  mutation RemoveBoardMember($projectId: Int!, $user: String!) {
    removeProjectMember(projectId: $projectId, user: $user) {
      id
    }
  }
`);

export const SetBoardStatus = graphql(`
  mutation SetBoardStatus($projectId: Int!, $status: Status!) {
    updateProjectStatus(projectId: $projectId, status: $status) {
      id
      status
    }
  }
`);
