/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n    fragment AssigneeFields on Assignee {\n      kind\n      id\n      displayName\n    }\n  ": typeof types.AssigneeFieldsFragmentDoc,
    "\n  fragment BoardFields on BoardPayload {\n    project {\n      id\n      title\n    }\n    sections {\n      ...SectionTitleFields\n    }\n    labels {\n      ...LabelFields\n    }\n    tasks {\n      id\n      ticketNumber\n      title\n    }\n  }\n": typeof types.BoardFieldsFragmentDoc,
    "\n    fragment ToolCommentFields on Comment {\n      id\n      text\n      createdAt\n      author {\n        id\n        displayName\n      }\n    }\n  ": typeof types.ToolCommentFieldsFragmentDoc,
    "\n    fragment RestCommentFields on Comment {\n      ...ToolCommentFields\n      taskId\n      images\n      editedAt\n      mentions {\n        userId\n        displayName\n      }\n    }\n  ": typeof types.RestCommentFieldsFragmentDoc,
    "\n    fragment DraftFields on TaskDraft {\n      id\n      projectId\n      sectionId\n      title\n      description\n      priority\n      dueDate\n      createdAt\n      updatedAt\n    }\n  ": typeof types.DraftFieldsFragmentDoc,
    "\n    fragment PublishedTaskFields on Task {\n      id\n      ticketNumber\n      title\n      description\n      priority\n      projectId\n      section {\n        ...SectionTitleFields\n      }\n      dueDate\n      createdAt\n    }\n  ": typeof types.PublishedTaskFieldsFragmentDoc,
    "\n    fragment LabelFields on Label {\n      id\n      name\n    }\n  ": typeof types.LabelFieldsFragmentDoc,
    "\n    fragment NotificationFields on Notification {\n      id\n      type\n      taskId\n      ticketNumber\n      message\n      createdAt\n      read\n    }\n  ": typeof types.NotificationFieldsFragmentDoc,
    "\n    fragment ToolProjectFields on Project {\n      id\n      title\n      status\n      createdAt\n    }\n  ": typeof types.ToolProjectFieldsFragmentDoc,
    "\n    fragment RestProjectFields on Project {\n      ...ToolProjectFields\n      description\n      memberCount\n      taskCount\n      sections {\n        ...SectionTitleFields\n      }\n      labels {\n        ...LabelFields\n      }\n    }\n  ": typeof types.RestProjectFieldsFragmentDoc,
    "\n    fragment SearchHitFields on SearchResult {\n      id\n      ticketNumber\n      title\n      section\n      priority\n      score\n    }\n  ": typeof types.SearchHitFieldsFragmentDoc,
    "\n    fragment SectionTitleFields on Section {\n      id\n      title\n    }\n  ": typeof types.SectionTitleFieldsFragmentDoc,
    "\n    fragment RestSectionFields on Section {\n      id\n      title\n      projectId\n      taskCount\n    }\n  ": typeof types.RestSectionFieldsFragmentDoc,
    "\n    fragment RestSectionListFields on Section {\n      ...RestSectionFields\n      visible\n      deleted\n      ranking\n    }\n  ": typeof types.RestSectionListFieldsFragmentDoc,
    "\n    fragment ToolTaskFields on Task {\n      id\n      ticketNumber\n      title\n      description\n      priority\n      section {\n        title\n      }\n      assignees {\n        ...AssigneeFields\n      }\n      createdAt\n      updatedAt\n    }\n  ": typeof types.ToolTaskFieldsFragmentDoc,
    "\n    fragment ToolCreatedTaskFields on Task {\n      id\n      ticketNumber\n      title\n      priority\n      section {\n        title\n      }\n      createdAt\n    }\n  ": typeof types.ToolCreatedTaskFieldsFragmentDoc,
    "\n    fragment ToolUpdatedTaskFields on Task {\n      id\n      ticketNumber\n      title\n      section {\n        title\n      }\n      updatedAt\n    }\n  ": typeof types.ToolUpdatedTaskFieldsFragmentDoc,
    "\n    fragment ToolMovedTaskFields on Task {\n      id\n      ticketNumber\n      projectId\n      section {\n        title\n      }\n    }\n  ": typeof types.ToolMovedTaskFieldsFragmentDoc,
    "\n    fragment RestTaskFields on Task {\n      id\n      ticketNumber\n      uniqueIndex\n      title\n      description\n      priority\n      status\n      projectId\n      section {\n        ...SectionTitleFields\n      }\n      assignees {\n        ...AssigneeFields\n      }\n      labels {\n        ...LabelFields\n      }\n      estimateMinutes\n      estimateSize\n      images\n      attachments\n      dueDate\n      parentId\n      subtasks {\n        id\n        ticketNumber\n        title\n        status\n      }\n      createdBy {\n        id\n        displayName\n      }\n      commentCount\n      createdAt\n      updatedAt\n      version\n    }\n  ": typeof types.RestTaskFieldsFragmentDoc,
    "\n    fragment UserFields on User {\n      id\n      email\n      displayName\n    }\n  ": typeof types.UserFieldsFragmentDoc,
    "\n    fragment UserProfileFields on User {\n      ...UserFields\n      photoURL\n    }\n  ": typeof types.UserProfileFieldsFragmentDoc,
    "\n    fragment RestUserContextFields on Query {\n      me {\n        ...UserFields\n      }\n      connectedAgent {\n        id\n        displayName\n      }\n      teams {\n        id\n        number\n        title\n      }\n      projects(limit: 100) {\n        items {\n          id\n          title\n          labels {\n            ...LabelFields\n          }\n          sections {\n            ...SectionTitleFields\n          }\n        }\n      }\n      agents {\n        id\n        displayName\n      }\n    }\n  ": typeof types.RestUserContextFieldsFragmentDoc,
    "\n    fragment ViewFields on SavedView {\n      id\n      projectId\n      title\n      subtaskSetting\n      boardSubtaskSetting\n      layout\n      filters\n      createdAt\n      updatedAt\n    }\n  ": typeof types.ViewFieldsFragmentDoc,
    "\n    fragment WatchFields on Task {\n      id\n      viewerIsWatching\n      watchers {\n        id\n        displayName\n      }\n    }\n  ": typeof types.WatchFieldsFragmentDoc,
    "\n    fragment WebhookSubscriptionFields on WebhookSubscription {\n      id\n      url\n      projectId\n      team {\n        id\n      }\n      metadata\n      description\n      active\n      disabledReason\n      disabledCause\n      disabledAt\n      createdBy {\n        id\n        displayName\n      }\n      failingSince\n      timeoutStreak\n      circuitOpenSince\n      createdAt\n      updatedAt\n    }\n  ": typeof types.WebhookSubscriptionFieldsFragmentDoc,
    "\n    fragment WebhookAttemptFields on WebhookAttempt {\n      id\n      outcome\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n      createdAt\n    }\n  ": typeof types.WebhookAttemptFieldsFragmentDoc,
    "\n    fragment WebhookDeliveryFields on WebhookDelivery {\n      id\n      eventId\n      event\n      taskId\n      ticketNumber\n      status\n      attemptCount\n      nextAttemptAt\n      lastStatusCode\n      createdAt\n      updatedAt\n      attempts {\n        ...WebhookAttemptFields\n      }\n    }\n  ": typeof types.WebhookDeliveryFieldsFragmentDoc,
    "\n    fragment WebhookPingFields on WebhookPingResult {\n      delivered\n      webhookId\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n    }\n  ": typeof types.WebhookPingFieldsFragmentDoc,
    "\n    mutation ApiResetUser($adminPassword: String!, $email: String, $userId: Int) {\n      resetUser(adminPassword: $adminPassword, email: $email, userId: $userId) {\n        userId\n        revokedKeys\n      }\n    }\n  ": typeof types.ApiResetUserDocument,
    "\n    query ApiSearchUsers($query: String!, $limit: Int) {\n      userSearch(query: $query, limit: $limit) { ...UserProfileFields }\n    }\n  ": typeof types.ApiSearchUsersDocument,
    "\n    query ApiUsersByEmails($emails: [String!]!) {\n      usersByEmails(emails: $emails) { ...UserProfileFields }\n    }\n  ": typeof types.ApiUsersByEmailsDocument,
    "\n  mutation Assign(\n    $ref: TaskRefInput!\n    $multiple: Boolean!\n    $single: Boolean!\n    $userId: Int\n    $agentId: String\n    $userIds: [Int!]\n    $agentIds: [String!]\n  ) {\n    toggled: assignUser(ref: $ref, userId: $userId, agentId: $agentId) @include(if: $single) { ...AssigneeFields }\n    set: setAssignees(ref: $ref, userIds: $userIds, agentIds: $agentIds) @include(if: $multiple) { ...AssigneeFields }\n  }\n": typeof types.AssignDocument,
    "\n  query SearchTasks(\n    $query: String!\n    $projectId: Int\n    $boardId: Int\n    $section: String\n    $assignedTo: String\n    $priority: Priority\n    $hasDueDate: Boolean\n    $status: Status\n    $limit: Int\n  ) {\n    searchTasks(\n      query: $query\n      projectId: $projectId\n      boardId: $boardId\n      section: $section\n      assignedTo: $assignedTo\n      priority: $priority\n      hasDueDate: $hasDueDate\n      status: $status\n      limit: $limit\n    ) {\n      total\n      items { ...SearchHitFields }\n    }\n  }\n": typeof types.SearchTasksDocument,
    "\n    query ToolComments($ref: TaskRefInput!, $limit: Int, $offset: Int, $sortOrder: SortOrder) {\n      comments(ref: $ref, limit: $limit, offset: $offset, sortOrder: $sortOrder) {\n        total\n        items { ...ToolCommentFields }\n      }\n    }\n  ": typeof types.ToolCommentsDocument,
    "\n    mutation ToolAddComment($ref: TaskRefInput!, $text: String!, $contentType: ContentType, $images: [String!], $mentions: [MentionInput!]) {\n      addComment(ref: $ref, text: $text, contentType: $contentType, images: $images, mentions: $mentions) { id text createdAt }\n    }\n  ": typeof types.ToolAddCommentDocument,
    "\n    query ToolInbox($limit: Int, $offset: Int) {\n      inbox(limit: $limit, offset: $offset) {\n        total\n        items { ...NotificationFields }\n      }\n    }\n  ": typeof types.ToolInboxDocument,
    "\n    mutation ToolInboxArchive($ids: [Int!]!) { archiveNotifications(ids: $ids) }\n  ": typeof types.ToolInboxArchiveDocument,
    "\n    query ToolListProjects($status: Status, $search: String, $limit: Int, $offset: Int, $sortBy: ProjectSort, $sortOrder: SortOrder) {\n      projects(status: $status, search: $search, limit: $limit, offset: $offset, sortBy: $sortBy, sortOrder: $sortOrder) {\n        items { ...ToolProjectFields }\n        total\n      }\n    }\n  ": typeof types.ToolListProjectsDocument,
    "\n    mutation ToolCreateBoard($input: BoardInput!) {\n      createBoard(input: $input) { ...BoardFields }\n    }\n  ": typeof types.ToolCreateBoardDocument,
    "\n    query ToolListSections($projectId: Int!, $includeHidden: Boolean) {\n      sections(projectId: $projectId, includeHidden: $includeHidden) { ...SectionTitleFields }\n    }\n  ": typeof types.ToolListSectionsDocument,
    "\n    mutation ToolCreateSection($input: CreateSectionInput!) {\n      createSection(input: $input) { ...SectionTitleFields }\n    }\n  ": typeof types.ToolCreateSectionDocument,
    "\n    query ToolListMembers($projectId: Int!) {\n      projectMembers(projectId: $projectId) { ...UserProfileFields }\n    }\n  ": typeof types.ToolListMembersDocument,
    "\n    mutation ToolCreateTask($input: CreateTaskInput!) {\n      createTask(input: $input) { ...ToolCreatedTaskFields }\n    }\n  ": typeof types.ToolCreateTaskDocument,
    "\n    mutation ToolUpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {\n      updateTask(ref: $ref, input: $input) { ...ToolUpdatedTaskFields }\n    }\n  ": typeof types.ToolUpdateTaskDocument,
    "\n    mutation ToolMoveTask($ref: TaskRefInput!, $targetProjectId: Int!, $targetSectionId: Int) {\n      moveTask(ref: $ref, targetProjectId: $targetProjectId, targetSectionId: $targetSectionId) {\n        ...ToolMovedTaskFields\n      }\n    }\n  ": typeof types.ToolMoveTaskDocument,
    "\n    query ToolListTasks($filter: TaskFilterInput, $limit: Int, $offset: Int) {\n      tasks(filter: $filter, limit: $limit, offset: $offset) {\n        total\n        items { ...ToolTaskFields }\n      }\n    }\n  ": typeof types.ToolListTasksDocument,
    "\n    query ToolUserContext {\n      me { ...UserFields }\n    }\n  ": typeof types.ToolUserContextDocument,
    "\n    mutation ToolCreateView($projectId: Int!, $title: String!, $subtaskSetting: SubtaskSetting, $layout: ViewLayout, $filters: JSON) {\n      createSavedView(projectId: $projectId, title: $title, subtaskSetting: $subtaskSetting, layout: $layout, filters: $filters) { ...ViewFields }\n    }\n  ": typeof types.ToolCreateViewDocument,
    "\n    mutation ToolUpdateView($id: Int!, $title: String, $subtaskSetting: SubtaskSetting, $layout: ViewLayout, $filters: JSON) {\n      updateSavedView(id: $id, title: $title, subtaskSetting: $subtaskSetting, layout: $layout, filters: $filters) { ...ViewFields }\n    }\n  ": typeof types.ToolUpdateViewDocument,
    "\n    mutation RestCreateTeamBoard($teamId: ID!, $input: TeamBoardInput!) {\n      createTeamBoard(teamId: $teamId, input: $input) {\n        ...BoardFields\n        team {\n          id\n        }\n      }\n    }\n  ": typeof types.RestCreateTeamBoardDocument,
    "\n    query RestComments($ref: TaskRefInput!, $limit: Int, $offset: Int, $sortOrder: SortOrder) {\n      comments(ref: $ref, limit: $limit, offset: $offset, sortOrder: $sortOrder) {\n        total limit offset\n        items { ...RestCommentFields }\n      }\n    }\n  ": typeof types.RestCommentsDocument,
    "\n    mutation RestAddComment($ref: TaskRefInput!, $text: String!, $contentType: ContentType, $images: [String!], $mentions: [MentionInput!]) {\n      addComment(ref: $ref, text: $text, contentType: $contentType, images: $images, mentions: $mentions) { ...RestCommentFields }\n    }\n  ": typeof types.RestAddCommentDocument,
    "\n    mutation RestEditComment($id: Int!, $text: String!, $contentType: ContentType) {\n      editComment(id: $id, text: $text, contentType: $contentType) { ...RestCommentFields }\n    }\n  ": typeof types.RestEditCommentDocument,
    "\n    mutation RestDeleteComment($id: Int!) {\n      deleteComment(id: $id) { id }\n    }\n  ": typeof types.RestDeleteCommentDocument,
    "\n    query RestDrafts($limit: Int, $offset: Int) {\n      drafts(limit: $limit, offset: $offset) {\n        total\n        limit\n        offset\n        items { ...DraftFields }\n      }\n    }\n  ": typeof types.RestDraftsDocument,
    "\n    mutation RestCreateDraft(\n      $projectId: Int\n      $sectionId: Int\n      $title: String\n      $description: String\n      $contentType: ContentType\n      $priority: Priority\n      $dueDate: DateTime\n    ) {\n      createDraft(\n        projectId: $projectId\n        sectionId: $sectionId\n        title: $title\n        description: $description\n        contentType: $contentType\n        priority: $priority\n        dueDate: $dueDate\n      ) { ...DraftFields }\n    }\n  ": typeof types.RestCreateDraftDocument,
    "\n    query RestDraft($id: Int!) {\n      draft(id: $id) { ...DraftFields }\n    }\n  ": typeof types.RestDraftDocument,
    "\n    mutation RestUpdateDraft(\n      $id: Int!\n      $projectId: Int\n      $sectionId: Int\n      $title: String\n      $description: String\n      $contentType: ContentType\n      $priority: Priority\n      $dueDate: DateTime\n    ) {\n      updateDraft(\n        id: $id\n        projectId: $projectId\n        sectionId: $sectionId\n        title: $title\n        description: $description\n        contentType: $contentType\n        priority: $priority\n        dueDate: $dueDate\n      ) { ...DraftFields }\n    }\n  ": typeof types.RestUpdateDraftDocument,
    "\n    mutation RestDeleteDraft($id: Int!) {\n      deleteDraft(id: $id) { id }\n    }\n  ": typeof types.RestDeleteDraftDocument,
    "\n    mutation RestPublishDraft($id: Int!) {\n      publishDraft(id: $id) { ...PublishedTaskFields }\n    }\n  ": typeof types.RestPublishDraftDocument,
    "\n    mutation RestCreateLabel($input: CreateLabelInput!) {\n      createLabel(input: $input) { ...LabelFields }\n    }\n  ": typeof types.RestCreateLabelDocument,
    "\n    query RestListLabels($projectId: Int!) {\n      labels(projectId: $projectId) { ...LabelFields }\n    }\n  ": typeof types.RestListLabelsDocument,
    "\n    mutation RestUpdateLabel($id: Int!, $projectId: Int, $input: UpdateLabelInput!) {\n      updateLabel(id: $id, projectId: $projectId, input: $input) { ...LabelFields }\n    }\n  ": typeof types.RestUpdateLabelDocument,
    "\n    mutation RestDeleteLabel($id: Int!, $projectId: Int) {\n      deleteLabel(id: $id, projectId: $projectId) {\n        id\n      }\n    }\n  ": typeof types.RestDeleteLabelDocument,
    "\n    query RestListMembers($projectId: Int!) {\n      projectMembers(projectId: $projectId) { ...UserFields }\n    }\n  ": typeof types.RestListMembersDocument,
    "\n    mutation RestAddMember($projectId: Int!, $user: String!) {\n      addProjectMember(projectId: $projectId, user: $user) {\n        projectId\n      }\n    }\n  ": typeof types.RestAddMemberDocument,
    "\n    mutation RestRemoveMember($projectId: Int!, $user: String!) {\n      removeProjectMember(projectId: $projectId, user: $user) {\n        id\n      }\n    }\n  ": typeof types.RestRemoveMemberDocument,
    "\n    query RestNotifications($limit: Int, $offset: Int, $unreadOnly: Boolean) {\n      inbox(limit: $limit, offset: $offset, unreadOnly: $unreadOnly) {\n        total limit offset\n        items { ...NotificationFields }\n      }\n    }\n  ": typeof types.RestNotificationsDocument,
    "\n    mutation RestArchiveNotifications($ids: [Int!]!) { archiveNotifications(ids: $ids) }\n  ": typeof types.RestArchiveNotificationsDocument,
    "\n    mutation RestReadNotifications($ids: [Int!]!) { markNotificationsRead(ids: $ids) }\n  ": typeof types.RestReadNotificationsDocument,
    "\n    query RestListProjects($status: Status, $search: String, $limit: Int, $offset: Int, $sortBy: ProjectSort, $sortOrder: SortOrder) {\n      projects(status: $status, search: $search, limit: $limit, offset: $offset, sortBy: $sortBy, sortOrder: $sortOrder) {\n        items { ...RestProjectFields }\n        total\n        limit\n        offset\n      }\n    }\n  ": typeof types.RestListProjectsDocument,
    "\n    query RestGetProject($id: Int!) {\n      project(id: $id) { ...RestProjectFields }\n    }\n  ": typeof types.RestGetProjectDocument,
    "\n    mutation RestUpdateProjectStatus($projectId: Int!, $status: Status!) {\n      updateProjectStatus(projectId: $projectId, status: $status) { ...RestProjectFields }\n    }\n  ": typeof types.RestUpdateProjectStatusDocument,
    "\n    query RestListSections($projectId: Int!, $includeHidden: Boolean) {\n      sections(projectId: $projectId, includeHidden: $includeHidden) { ...RestSectionListFields }\n    }\n  ": typeof types.RestListSectionsDocument,
    "\n    mutation RestCreateSection($input: CreateSectionInput!) {\n      createSection(input: $input) { ...RestSectionFields }\n    }\n  ": typeof types.RestCreateSectionDocument,
    "\n    mutation RestUpdateSection($input: UpdateSectionInput!) {\n      updateSection(input: $input) { ...RestSectionFields }\n    }\n  ": typeof types.RestUpdateSectionDocument,
    "\n    mutation RestDeleteSection($projectId: Int, $sectionId: Int!) {\n      deleteSection(projectId: $projectId, sectionId: $sectionId) {\n        movedTaskCount\n        movedToSection { ...SectionTitleFields }\n      }\n    }\n  ": typeof types.RestDeleteSectionDocument,
    "\n    mutation RestAddTaskLabels($ref: TaskRefInput!, $labelIds: [Int!]!) {\n      addTaskLabels(ref: $ref, labelIds: $labelIds) { ...RestTaskFields }\n    }\n  ": typeof types.RestAddTaskLabelsDocument,
    "\n    mutation RestRemoveTaskLabel($ref: TaskRefInput!, $labelIds: [Int!]!) {\n      removeTaskLabels(ref: $ref, labelIds: $labelIds) { ...RestTaskFields }\n    }\n  ": typeof types.RestRemoveTaskLabelDocument,
    "\n    query RestTaskWatchers($ref: TaskRefInput!) {\n      task(ref: $ref) { ...WatchFields }\n    }\n  ": typeof types.RestTaskWatchersDocument,
    "\n    mutation RestWatchTask($ref: TaskRefInput!) {\n      watchTask(ref: $ref) { ...WatchFields }\n    }\n  ": typeof types.RestWatchTaskDocument,
    "\n    mutation RestUnwatchTask($ref: TaskRefInput!) {\n      unwatchTask(ref: $ref) { ...WatchFields }\n    }\n  ": typeof types.RestUnwatchTaskDocument,
    "\n    query RestListTasks($filter: TaskFilterInput, $limit: Int, $offset: Int) {\n      tasks(filter: $filter, limit: $limit, offset: $offset) {\n        total\n        limit\n        offset\n        items { ...RestTaskFields }\n      }\n    }\n  ": typeof types.RestListTasksDocument,
    "\n    query RestGetTask($ref: TaskRefInput!) {\n      task(ref: $ref) { ...RestTaskFields }\n    }\n  ": typeof types.RestGetTaskDocument,
    "\n    mutation RestCreateTask($input: CreateTaskInput!) {\n      createTask(input: $input) { ...RestTaskFields }\n    }\n  ": typeof types.RestCreateTaskDocument,
    "\n    mutation RestUpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {\n      updateTask(ref: $ref, input: $input) { ...RestTaskFields }\n    }\n  ": typeof types.RestUpdateTaskDocument,
    "\n    mutation RestMoveTask($ref: TaskRefInput!, $targetProjectId: Int!, $targetSectionId: Int) {\n      moveTask(ref: $ref, targetProjectId: $targetProjectId, targetSectionId: $targetSectionId) { ...RestTaskFields }\n    }\n  ": typeof types.RestMoveTaskDocument,
    "\n    mutation RestDeleteTask($ref: TaskRefInput!) {\n      deleteTask(ref: $ref) {\n        id\n        ticketNumber\n      }\n    }\n  ": typeof types.RestDeleteTaskDocument,
    "\n    query RestUserContext {\n      ...RestUserContextFields\n    }\n  ": typeof types.RestUserContextDocument,
    "\n    query RestListDeliveries($subscriptionId: Int!, $status: WebhookDeliveryStatus, $limit: Int, $offset: Int) {\n      webhookDeliveries(subscriptionId: $subscriptionId, status: $status, limit: $limit, offset: $offset) {\n        items { ...WebhookDeliveryFields }\n        total limit offset\n      }\n    }\n  ": typeof types.RestListDeliveriesDocument,
    "\n    mutation RestRedeliver($subscriptionId: Int!, $deliveryId: Int!) {\n      redeliverWebhookDelivery(subscriptionId: $subscriptionId, deliveryId: $deliveryId) { ...WebhookDeliveryFields }\n    }\n  ": typeof types.RestRedeliverDocument,
    "\n    mutation RestTestWebhook($id: Int!) {\n      testWebhookSubscription(id: $id) { ...WebhookPingFields }\n    }\n  ": typeof types.RestTestWebhookDocument,
    "\n    mutation RestCreateWebhook($input: CreateWebhookSubscriptionInput!) {\n      createWebhookSubscription(input: $input) { secret subscription { ...WebhookSubscriptionFields } }\n    }\n  ": typeof types.RestCreateWebhookDocument,
    "\n    query RestListWebhooks($projectId: Int, $teamId: ID) {\n      webhookSubscriptions(projectId: $projectId, teamId: $teamId) { ...WebhookSubscriptionFields }\n    }\n  ": typeof types.RestListWebhooksDocument,
    "\n    query RestGetWebhook($id: Int!) {\n      webhookSubscription(id: $id) { ...WebhookSubscriptionFields }\n    }\n  ": typeof types.RestGetWebhookDocument,
    "\n    mutation RestUpdateWebhook($id: Int!, $input: UpdateWebhookSubscriptionInput!) {\n      updateWebhookSubscription(id: $id, input: $input) { ...WebhookSubscriptionFields }\n    }\n  ": typeof types.RestUpdateWebhookDocument,
    "\n    mutation RestDeleteWebhook($id: Int!) {\n      deleteWebhookSubscription(id: $id) { id }\n    }\n  ": typeof types.RestDeleteWebhookDocument,
};
const documents: Documents = {
    "\n    fragment AssigneeFields on Assignee {\n      kind\n      id\n      displayName\n    }\n  ": types.AssigneeFieldsFragmentDoc,
    "\n  fragment BoardFields on BoardPayload {\n    project {\n      id\n      title\n    }\n    sections {\n      ...SectionTitleFields\n    }\n    labels {\n      ...LabelFields\n    }\n    tasks {\n      id\n      ticketNumber\n      title\n    }\n  }\n": types.BoardFieldsFragmentDoc,
    "\n    fragment ToolCommentFields on Comment {\n      id\n      text\n      createdAt\n      author {\n        id\n        displayName\n      }\n    }\n  ": types.ToolCommentFieldsFragmentDoc,
    "\n    fragment RestCommentFields on Comment {\n      ...ToolCommentFields\n      taskId\n      images\n      editedAt\n      mentions {\n        userId\n        displayName\n      }\n    }\n  ": types.RestCommentFieldsFragmentDoc,
    "\n    fragment DraftFields on TaskDraft {\n      id\n      projectId\n      sectionId\n      title\n      description\n      priority\n      dueDate\n      createdAt\n      updatedAt\n    }\n  ": types.DraftFieldsFragmentDoc,
    "\n    fragment PublishedTaskFields on Task {\n      id\n      ticketNumber\n      title\n      description\n      priority\n      projectId\n      section {\n        ...SectionTitleFields\n      }\n      dueDate\n      createdAt\n    }\n  ": types.PublishedTaskFieldsFragmentDoc,
    "\n    fragment LabelFields on Label {\n      id\n      name\n    }\n  ": types.LabelFieldsFragmentDoc,
    "\n    fragment NotificationFields on Notification {\n      id\n      type\n      taskId\n      ticketNumber\n      message\n      createdAt\n      read\n    }\n  ": types.NotificationFieldsFragmentDoc,
    "\n    fragment ToolProjectFields on Project {\n      id\n      title\n      status\n      createdAt\n    }\n  ": types.ToolProjectFieldsFragmentDoc,
    "\n    fragment RestProjectFields on Project {\n      ...ToolProjectFields\n      description\n      memberCount\n      taskCount\n      sections {\n        ...SectionTitleFields\n      }\n      labels {\n        ...LabelFields\n      }\n    }\n  ": types.RestProjectFieldsFragmentDoc,
    "\n    fragment SearchHitFields on SearchResult {\n      id\n      ticketNumber\n      title\n      section\n      priority\n      score\n    }\n  ": types.SearchHitFieldsFragmentDoc,
    "\n    fragment SectionTitleFields on Section {\n      id\n      title\n    }\n  ": types.SectionTitleFieldsFragmentDoc,
    "\n    fragment RestSectionFields on Section {\n      id\n      title\n      projectId\n      taskCount\n    }\n  ": types.RestSectionFieldsFragmentDoc,
    "\n    fragment RestSectionListFields on Section {\n      ...RestSectionFields\n      visible\n      deleted\n      ranking\n    }\n  ": types.RestSectionListFieldsFragmentDoc,
    "\n    fragment ToolTaskFields on Task {\n      id\n      ticketNumber\n      title\n      description\n      priority\n      section {\n        title\n      }\n      assignees {\n        ...AssigneeFields\n      }\n      createdAt\n      updatedAt\n    }\n  ": types.ToolTaskFieldsFragmentDoc,
    "\n    fragment ToolCreatedTaskFields on Task {\n      id\n      ticketNumber\n      title\n      priority\n      section {\n        title\n      }\n      createdAt\n    }\n  ": types.ToolCreatedTaskFieldsFragmentDoc,
    "\n    fragment ToolUpdatedTaskFields on Task {\n      id\n      ticketNumber\n      title\n      section {\n        title\n      }\n      updatedAt\n    }\n  ": types.ToolUpdatedTaskFieldsFragmentDoc,
    "\n    fragment ToolMovedTaskFields on Task {\n      id\n      ticketNumber\n      projectId\n      section {\n        title\n      }\n    }\n  ": types.ToolMovedTaskFieldsFragmentDoc,
    "\n    fragment RestTaskFields on Task {\n      id\n      ticketNumber\n      uniqueIndex\n      title\n      description\n      priority\n      status\n      projectId\n      section {\n        ...SectionTitleFields\n      }\n      assignees {\n        ...AssigneeFields\n      }\n      labels {\n        ...LabelFields\n      }\n      estimateMinutes\n      estimateSize\n      images\n      attachments\n      dueDate\n      parentId\n      subtasks {\n        id\n        ticketNumber\n        title\n        status\n      }\n      createdBy {\n        id\n        displayName\n      }\n      commentCount\n      createdAt\n      updatedAt\n      version\n    }\n  ": types.RestTaskFieldsFragmentDoc,
    "\n    fragment UserFields on User {\n      id\n      email\n      displayName\n    }\n  ": types.UserFieldsFragmentDoc,
    "\n    fragment UserProfileFields on User {\n      ...UserFields\n      photoURL\n    }\n  ": types.UserProfileFieldsFragmentDoc,
    "\n    fragment RestUserContextFields on Query {\n      me {\n        ...UserFields\n      }\n      connectedAgent {\n        id\n        displayName\n      }\n      teams {\n        id\n        number\n        title\n      }\n      projects(limit: 100) {\n        items {\n          id\n          title\n          labels {\n            ...LabelFields\n          }\n          sections {\n            ...SectionTitleFields\n          }\n        }\n      }\n      agents {\n        id\n        displayName\n      }\n    }\n  ": types.RestUserContextFieldsFragmentDoc,
    "\n    fragment ViewFields on SavedView {\n      id\n      projectId\n      title\n      subtaskSetting\n      boardSubtaskSetting\n      layout\n      filters\n      createdAt\n      updatedAt\n    }\n  ": types.ViewFieldsFragmentDoc,
    "\n    fragment WatchFields on Task {\n      id\n      viewerIsWatching\n      watchers {\n        id\n        displayName\n      }\n    }\n  ": types.WatchFieldsFragmentDoc,
    "\n    fragment WebhookSubscriptionFields on WebhookSubscription {\n      id\n      url\n      projectId\n      team {\n        id\n      }\n      metadata\n      description\n      active\n      disabledReason\n      disabledCause\n      disabledAt\n      createdBy {\n        id\n        displayName\n      }\n      failingSince\n      timeoutStreak\n      circuitOpenSince\n      createdAt\n      updatedAt\n    }\n  ": types.WebhookSubscriptionFieldsFragmentDoc,
    "\n    fragment WebhookAttemptFields on WebhookAttempt {\n      id\n      outcome\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n      createdAt\n    }\n  ": types.WebhookAttemptFieldsFragmentDoc,
    "\n    fragment WebhookDeliveryFields on WebhookDelivery {\n      id\n      eventId\n      event\n      taskId\n      ticketNumber\n      status\n      attemptCount\n      nextAttemptAt\n      lastStatusCode\n      createdAt\n      updatedAt\n      attempts {\n        ...WebhookAttemptFields\n      }\n    }\n  ": types.WebhookDeliveryFieldsFragmentDoc,
    "\n    fragment WebhookPingFields on WebhookPingResult {\n      delivered\n      webhookId\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n    }\n  ": types.WebhookPingFieldsFragmentDoc,
    "\n    mutation ApiResetUser($adminPassword: String!, $email: String, $userId: Int) {\n      resetUser(adminPassword: $adminPassword, email: $email, userId: $userId) {\n        userId\n        revokedKeys\n      }\n    }\n  ": types.ApiResetUserDocument,
    "\n    query ApiSearchUsers($query: String!, $limit: Int) {\n      userSearch(query: $query, limit: $limit) { ...UserProfileFields }\n    }\n  ": types.ApiSearchUsersDocument,
    "\n    query ApiUsersByEmails($emails: [String!]!) {\n      usersByEmails(emails: $emails) { ...UserProfileFields }\n    }\n  ": types.ApiUsersByEmailsDocument,
    "\n  mutation Assign(\n    $ref: TaskRefInput!\n    $multiple: Boolean!\n    $single: Boolean!\n    $userId: Int\n    $agentId: String\n    $userIds: [Int!]\n    $agentIds: [String!]\n  ) {\n    toggled: assignUser(ref: $ref, userId: $userId, agentId: $agentId) @include(if: $single) { ...AssigneeFields }\n    set: setAssignees(ref: $ref, userIds: $userIds, agentIds: $agentIds) @include(if: $multiple) { ...AssigneeFields }\n  }\n": types.AssignDocument,
    "\n  query SearchTasks(\n    $query: String!\n    $projectId: Int\n    $boardId: Int\n    $section: String\n    $assignedTo: String\n    $priority: Priority\n    $hasDueDate: Boolean\n    $status: Status\n    $limit: Int\n  ) {\n    searchTasks(\n      query: $query\n      projectId: $projectId\n      boardId: $boardId\n      section: $section\n      assignedTo: $assignedTo\n      priority: $priority\n      hasDueDate: $hasDueDate\n      status: $status\n      limit: $limit\n    ) {\n      total\n      items { ...SearchHitFields }\n    }\n  }\n": types.SearchTasksDocument,
    "\n    query ToolComments($ref: TaskRefInput!, $limit: Int, $offset: Int, $sortOrder: SortOrder) {\n      comments(ref: $ref, limit: $limit, offset: $offset, sortOrder: $sortOrder) {\n        total\n        items { ...ToolCommentFields }\n      }\n    }\n  ": types.ToolCommentsDocument,
    "\n    mutation ToolAddComment($ref: TaskRefInput!, $text: String!, $contentType: ContentType, $images: [String!], $mentions: [MentionInput!]) {\n      addComment(ref: $ref, text: $text, contentType: $contentType, images: $images, mentions: $mentions) { id text createdAt }\n    }\n  ": types.ToolAddCommentDocument,
    "\n    query ToolInbox($limit: Int, $offset: Int) {\n      inbox(limit: $limit, offset: $offset) {\n        total\n        items { ...NotificationFields }\n      }\n    }\n  ": types.ToolInboxDocument,
    "\n    mutation ToolInboxArchive($ids: [Int!]!) { archiveNotifications(ids: $ids) }\n  ": types.ToolInboxArchiveDocument,
    "\n    query ToolListProjects($status: Status, $search: String, $limit: Int, $offset: Int, $sortBy: ProjectSort, $sortOrder: SortOrder) {\n      projects(status: $status, search: $search, limit: $limit, offset: $offset, sortBy: $sortBy, sortOrder: $sortOrder) {\n        items { ...ToolProjectFields }\n        total\n      }\n    }\n  ": types.ToolListProjectsDocument,
    "\n    mutation ToolCreateBoard($input: BoardInput!) {\n      createBoard(input: $input) { ...BoardFields }\n    }\n  ": types.ToolCreateBoardDocument,
    "\n    query ToolListSections($projectId: Int!, $includeHidden: Boolean) {\n      sections(projectId: $projectId, includeHidden: $includeHidden) { ...SectionTitleFields }\n    }\n  ": types.ToolListSectionsDocument,
    "\n    mutation ToolCreateSection($input: CreateSectionInput!) {\n      createSection(input: $input) { ...SectionTitleFields }\n    }\n  ": types.ToolCreateSectionDocument,
    "\n    query ToolListMembers($projectId: Int!) {\n      projectMembers(projectId: $projectId) { ...UserProfileFields }\n    }\n  ": types.ToolListMembersDocument,
    "\n    mutation ToolCreateTask($input: CreateTaskInput!) {\n      createTask(input: $input) { ...ToolCreatedTaskFields }\n    }\n  ": types.ToolCreateTaskDocument,
    "\n    mutation ToolUpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {\n      updateTask(ref: $ref, input: $input) { ...ToolUpdatedTaskFields }\n    }\n  ": types.ToolUpdateTaskDocument,
    "\n    mutation ToolMoveTask($ref: TaskRefInput!, $targetProjectId: Int!, $targetSectionId: Int) {\n      moveTask(ref: $ref, targetProjectId: $targetProjectId, targetSectionId: $targetSectionId) {\n        ...ToolMovedTaskFields\n      }\n    }\n  ": types.ToolMoveTaskDocument,
    "\n    query ToolListTasks($filter: TaskFilterInput, $limit: Int, $offset: Int) {\n      tasks(filter: $filter, limit: $limit, offset: $offset) {\n        total\n        items { ...ToolTaskFields }\n      }\n    }\n  ": types.ToolListTasksDocument,
    "\n    query ToolUserContext {\n      me { ...UserFields }\n    }\n  ": types.ToolUserContextDocument,
    "\n    mutation ToolCreateView($projectId: Int!, $title: String!, $subtaskSetting: SubtaskSetting, $layout: ViewLayout, $filters: JSON) {\n      createSavedView(projectId: $projectId, title: $title, subtaskSetting: $subtaskSetting, layout: $layout, filters: $filters) { ...ViewFields }\n    }\n  ": types.ToolCreateViewDocument,
    "\n    mutation ToolUpdateView($id: Int!, $title: String, $subtaskSetting: SubtaskSetting, $layout: ViewLayout, $filters: JSON) {\n      updateSavedView(id: $id, title: $title, subtaskSetting: $subtaskSetting, layout: $layout, filters: $filters) { ...ViewFields }\n    }\n  ": types.ToolUpdateViewDocument,
    "\n    mutation RestCreateTeamBoard($teamId: ID!, $input: TeamBoardInput!) {\n      createTeamBoard(teamId: $teamId, input: $input) {\n        ...BoardFields\n        team {\n          id\n        }\n      }\n    }\n  ": types.RestCreateTeamBoardDocument,
    "\n    query RestComments($ref: TaskRefInput!, $limit: Int, $offset: Int, $sortOrder: SortOrder) {\n      comments(ref: $ref, limit: $limit, offset: $offset, sortOrder: $sortOrder) {\n        total limit offset\n        items { ...RestCommentFields }\n      }\n    }\n  ": types.RestCommentsDocument,
    "\n    mutation RestAddComment($ref: TaskRefInput!, $text: String!, $contentType: ContentType, $images: [String!], $mentions: [MentionInput!]) {\n      addComment(ref: $ref, text: $text, contentType: $contentType, images: $images, mentions: $mentions) { ...RestCommentFields }\n    }\n  ": types.RestAddCommentDocument,
    "\n    mutation RestEditComment($id: Int!, $text: String!, $contentType: ContentType) {\n      editComment(id: $id, text: $text, contentType: $contentType) { ...RestCommentFields }\n    }\n  ": types.RestEditCommentDocument,
    "\n    mutation RestDeleteComment($id: Int!) {\n      deleteComment(id: $id) { id }\n    }\n  ": types.RestDeleteCommentDocument,
    "\n    query RestDrafts($limit: Int, $offset: Int) {\n      drafts(limit: $limit, offset: $offset) {\n        total\n        limit\n        offset\n        items { ...DraftFields }\n      }\n    }\n  ": types.RestDraftsDocument,
    "\n    mutation RestCreateDraft(\n      $projectId: Int\n      $sectionId: Int\n      $title: String\n      $description: String\n      $contentType: ContentType\n      $priority: Priority\n      $dueDate: DateTime\n    ) {\n      createDraft(\n        projectId: $projectId\n        sectionId: $sectionId\n        title: $title\n        description: $description\n        contentType: $contentType\n        priority: $priority\n        dueDate: $dueDate\n      ) { ...DraftFields }\n    }\n  ": types.RestCreateDraftDocument,
    "\n    query RestDraft($id: Int!) {\n      draft(id: $id) { ...DraftFields }\n    }\n  ": types.RestDraftDocument,
    "\n    mutation RestUpdateDraft(\n      $id: Int!\n      $projectId: Int\n      $sectionId: Int\n      $title: String\n      $description: String\n      $contentType: ContentType\n      $priority: Priority\n      $dueDate: DateTime\n    ) {\n      updateDraft(\n        id: $id\n        projectId: $projectId\n        sectionId: $sectionId\n        title: $title\n        description: $description\n        contentType: $contentType\n        priority: $priority\n        dueDate: $dueDate\n      ) { ...DraftFields }\n    }\n  ": types.RestUpdateDraftDocument,
    "\n    mutation RestDeleteDraft($id: Int!) {\n      deleteDraft(id: $id) { id }\n    }\n  ": types.RestDeleteDraftDocument,
    "\n    mutation RestPublishDraft($id: Int!) {\n      publishDraft(id: $id) { ...PublishedTaskFields }\n    }\n  ": types.RestPublishDraftDocument,
    "\n    mutation RestCreateLabel($input: CreateLabelInput!) {\n      createLabel(input: $input) { ...LabelFields }\n    }\n  ": types.RestCreateLabelDocument,
    "\n    query RestListLabels($projectId: Int!) {\n      labels(projectId: $projectId) { ...LabelFields }\n    }\n  ": types.RestListLabelsDocument,
    "\n    mutation RestUpdateLabel($id: Int!, $projectId: Int, $input: UpdateLabelInput!) {\n      updateLabel(id: $id, projectId: $projectId, input: $input) { ...LabelFields }\n    }\n  ": types.RestUpdateLabelDocument,
    "\n    mutation RestDeleteLabel($id: Int!, $projectId: Int) {\n      deleteLabel(id: $id, projectId: $projectId) {\n        id\n      }\n    }\n  ": types.RestDeleteLabelDocument,
    "\n    query RestListMembers($projectId: Int!) {\n      projectMembers(projectId: $projectId) { ...UserFields }\n    }\n  ": types.RestListMembersDocument,
    "\n    mutation RestAddMember($projectId: Int!, $user: String!) {\n      addProjectMember(projectId: $projectId, user: $user) {\n        projectId\n      }\n    }\n  ": types.RestAddMemberDocument,
    "\n    mutation RestRemoveMember($projectId: Int!, $user: String!) {\n      removeProjectMember(projectId: $projectId, user: $user) {\n        id\n      }\n    }\n  ": types.RestRemoveMemberDocument,
    "\n    query RestNotifications($limit: Int, $offset: Int, $unreadOnly: Boolean) {\n      inbox(limit: $limit, offset: $offset, unreadOnly: $unreadOnly) {\n        total limit offset\n        items { ...NotificationFields }\n      }\n    }\n  ": types.RestNotificationsDocument,
    "\n    mutation RestArchiveNotifications($ids: [Int!]!) { archiveNotifications(ids: $ids) }\n  ": types.RestArchiveNotificationsDocument,
    "\n    mutation RestReadNotifications($ids: [Int!]!) { markNotificationsRead(ids: $ids) }\n  ": types.RestReadNotificationsDocument,
    "\n    query RestListProjects($status: Status, $search: String, $limit: Int, $offset: Int, $sortBy: ProjectSort, $sortOrder: SortOrder) {\n      projects(status: $status, search: $search, limit: $limit, offset: $offset, sortBy: $sortBy, sortOrder: $sortOrder) {\n        items { ...RestProjectFields }\n        total\n        limit\n        offset\n      }\n    }\n  ": types.RestListProjectsDocument,
    "\n    query RestGetProject($id: Int!) {\n      project(id: $id) { ...RestProjectFields }\n    }\n  ": types.RestGetProjectDocument,
    "\n    mutation RestUpdateProjectStatus($projectId: Int!, $status: Status!) {\n      updateProjectStatus(projectId: $projectId, status: $status) { ...RestProjectFields }\n    }\n  ": types.RestUpdateProjectStatusDocument,
    "\n    query RestListSections($projectId: Int!, $includeHidden: Boolean) {\n      sections(projectId: $projectId, includeHidden: $includeHidden) { ...RestSectionListFields }\n    }\n  ": types.RestListSectionsDocument,
    "\n    mutation RestCreateSection($input: CreateSectionInput!) {\n      createSection(input: $input) { ...RestSectionFields }\n    }\n  ": types.RestCreateSectionDocument,
    "\n    mutation RestUpdateSection($input: UpdateSectionInput!) {\n      updateSection(input: $input) { ...RestSectionFields }\n    }\n  ": types.RestUpdateSectionDocument,
    "\n    mutation RestDeleteSection($projectId: Int, $sectionId: Int!) {\n      deleteSection(projectId: $projectId, sectionId: $sectionId) {\n        movedTaskCount\n        movedToSection { ...SectionTitleFields }\n      }\n    }\n  ": types.RestDeleteSectionDocument,
    "\n    mutation RestAddTaskLabels($ref: TaskRefInput!, $labelIds: [Int!]!) {\n      addTaskLabels(ref: $ref, labelIds: $labelIds) { ...RestTaskFields }\n    }\n  ": types.RestAddTaskLabelsDocument,
    "\n    mutation RestRemoveTaskLabel($ref: TaskRefInput!, $labelIds: [Int!]!) {\n      removeTaskLabels(ref: $ref, labelIds: $labelIds) { ...RestTaskFields }\n    }\n  ": types.RestRemoveTaskLabelDocument,
    "\n    query RestTaskWatchers($ref: TaskRefInput!) {\n      task(ref: $ref) { ...WatchFields }\n    }\n  ": types.RestTaskWatchersDocument,
    "\n    mutation RestWatchTask($ref: TaskRefInput!) {\n      watchTask(ref: $ref) { ...WatchFields }\n    }\n  ": types.RestWatchTaskDocument,
    "\n    mutation RestUnwatchTask($ref: TaskRefInput!) {\n      unwatchTask(ref: $ref) { ...WatchFields }\n    }\n  ": types.RestUnwatchTaskDocument,
    "\n    query RestListTasks($filter: TaskFilterInput, $limit: Int, $offset: Int) {\n      tasks(filter: $filter, limit: $limit, offset: $offset) {\n        total\n        limit\n        offset\n        items { ...RestTaskFields }\n      }\n    }\n  ": types.RestListTasksDocument,
    "\n    query RestGetTask($ref: TaskRefInput!) {\n      task(ref: $ref) { ...RestTaskFields }\n    }\n  ": types.RestGetTaskDocument,
    "\n    mutation RestCreateTask($input: CreateTaskInput!) {\n      createTask(input: $input) { ...RestTaskFields }\n    }\n  ": types.RestCreateTaskDocument,
    "\n    mutation RestUpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {\n      updateTask(ref: $ref, input: $input) { ...RestTaskFields }\n    }\n  ": types.RestUpdateTaskDocument,
    "\n    mutation RestMoveTask($ref: TaskRefInput!, $targetProjectId: Int!, $targetSectionId: Int) {\n      moveTask(ref: $ref, targetProjectId: $targetProjectId, targetSectionId: $targetSectionId) { ...RestTaskFields }\n    }\n  ": types.RestMoveTaskDocument,
    "\n    mutation RestDeleteTask($ref: TaskRefInput!) {\n      deleteTask(ref: $ref) {\n        id\n        ticketNumber\n      }\n    }\n  ": types.RestDeleteTaskDocument,
    "\n    query RestUserContext {\n      ...RestUserContextFields\n    }\n  ": types.RestUserContextDocument,
    "\n    query RestListDeliveries($subscriptionId: Int!, $status: WebhookDeliveryStatus, $limit: Int, $offset: Int) {\n      webhookDeliveries(subscriptionId: $subscriptionId, status: $status, limit: $limit, offset: $offset) {\n        items { ...WebhookDeliveryFields }\n        total limit offset\n      }\n    }\n  ": types.RestListDeliveriesDocument,
    "\n    mutation RestRedeliver($subscriptionId: Int!, $deliveryId: Int!) {\n      redeliverWebhookDelivery(subscriptionId: $subscriptionId, deliveryId: $deliveryId) { ...WebhookDeliveryFields }\n    }\n  ": types.RestRedeliverDocument,
    "\n    mutation RestTestWebhook($id: Int!) {\n      testWebhookSubscription(id: $id) { ...WebhookPingFields }\n    }\n  ": types.RestTestWebhookDocument,
    "\n    mutation RestCreateWebhook($input: CreateWebhookSubscriptionInput!) {\n      createWebhookSubscription(input: $input) { secret subscription { ...WebhookSubscriptionFields } }\n    }\n  ": types.RestCreateWebhookDocument,
    "\n    query RestListWebhooks($projectId: Int, $teamId: ID) {\n      webhookSubscriptions(projectId: $projectId, teamId: $teamId) { ...WebhookSubscriptionFields }\n    }\n  ": types.RestListWebhooksDocument,
    "\n    query RestGetWebhook($id: Int!) {\n      webhookSubscription(id: $id) { ...WebhookSubscriptionFields }\n    }\n  ": types.RestGetWebhookDocument,
    "\n    mutation RestUpdateWebhook($id: Int!, $input: UpdateWebhookSubscriptionInput!) {\n      updateWebhookSubscription(id: $id, input: $input) { ...WebhookSubscriptionFields }\n    }\n  ": types.RestUpdateWebhookDocument,
    "\n    mutation RestDeleteWebhook($id: Int!) {\n      deleteWebhookSubscription(id: $id) { id }\n    }\n  ": types.RestDeleteWebhookDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment AssigneeFields on Assignee {\n      kind\n      id\n      displayName\n    }\n  "): (typeof documents)["\n    fragment AssigneeFields on Assignee {\n      kind\n      id\n      displayName\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BoardFields on BoardPayload {\n    project {\n      id\n      title\n    }\n    sections {\n      ...SectionTitleFields\n    }\n    labels {\n      ...LabelFields\n    }\n    tasks {\n      id\n      ticketNumber\n      title\n    }\n  }\n"): (typeof documents)["\n  fragment BoardFields on BoardPayload {\n    project {\n      id\n      title\n    }\n    sections {\n      ...SectionTitleFields\n    }\n    labels {\n      ...LabelFields\n    }\n    tasks {\n      id\n      ticketNumber\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment ToolCommentFields on Comment {\n      id\n      text\n      createdAt\n      author {\n        id\n        displayName\n      }\n    }\n  "): (typeof documents)["\n    fragment ToolCommentFields on Comment {\n      id\n      text\n      createdAt\n      author {\n        id\n        displayName\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment RestCommentFields on Comment {\n      ...ToolCommentFields\n      taskId\n      images\n      editedAt\n      mentions {\n        userId\n        displayName\n      }\n    }\n  "): (typeof documents)["\n    fragment RestCommentFields on Comment {\n      ...ToolCommentFields\n      taskId\n      images\n      editedAt\n      mentions {\n        userId\n        displayName\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment DraftFields on TaskDraft {\n      id\n      projectId\n      sectionId\n      title\n      description\n      priority\n      dueDate\n      createdAt\n      updatedAt\n    }\n  "): (typeof documents)["\n    fragment DraftFields on TaskDraft {\n      id\n      projectId\n      sectionId\n      title\n      description\n      priority\n      dueDate\n      createdAt\n      updatedAt\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment PublishedTaskFields on Task {\n      id\n      ticketNumber\n      title\n      description\n      priority\n      projectId\n      section {\n        ...SectionTitleFields\n      }\n      dueDate\n      createdAt\n    }\n  "): (typeof documents)["\n    fragment PublishedTaskFields on Task {\n      id\n      ticketNumber\n      title\n      description\n      priority\n      projectId\n      section {\n        ...SectionTitleFields\n      }\n      dueDate\n      createdAt\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment LabelFields on Label {\n      id\n      name\n    }\n  "): (typeof documents)["\n    fragment LabelFields on Label {\n      id\n      name\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment NotificationFields on Notification {\n      id\n      type\n      taskId\n      ticketNumber\n      message\n      createdAt\n      read\n    }\n  "): (typeof documents)["\n    fragment NotificationFields on Notification {\n      id\n      type\n      taskId\n      ticketNumber\n      message\n      createdAt\n      read\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment ToolProjectFields on Project {\n      id\n      title\n      status\n      createdAt\n    }\n  "): (typeof documents)["\n    fragment ToolProjectFields on Project {\n      id\n      title\n      status\n      createdAt\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment RestProjectFields on Project {\n      ...ToolProjectFields\n      description\n      memberCount\n      taskCount\n      sections {\n        ...SectionTitleFields\n      }\n      labels {\n        ...LabelFields\n      }\n    }\n  "): (typeof documents)["\n    fragment RestProjectFields on Project {\n      ...ToolProjectFields\n      description\n      memberCount\n      taskCount\n      sections {\n        ...SectionTitleFields\n      }\n      labels {\n        ...LabelFields\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment SearchHitFields on SearchResult {\n      id\n      ticketNumber\n      title\n      section\n      priority\n      score\n    }\n  "): (typeof documents)["\n    fragment SearchHitFields on SearchResult {\n      id\n      ticketNumber\n      title\n      section\n      priority\n      score\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment SectionTitleFields on Section {\n      id\n      title\n    }\n  "): (typeof documents)["\n    fragment SectionTitleFields on Section {\n      id\n      title\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment RestSectionFields on Section {\n      id\n      title\n      projectId\n      taskCount\n    }\n  "): (typeof documents)["\n    fragment RestSectionFields on Section {\n      id\n      title\n      projectId\n      taskCount\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment RestSectionListFields on Section {\n      ...RestSectionFields\n      visible\n      deleted\n      ranking\n    }\n  "): (typeof documents)["\n    fragment RestSectionListFields on Section {\n      ...RestSectionFields\n      visible\n      deleted\n      ranking\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment ToolTaskFields on Task {\n      id\n      ticketNumber\n      title\n      description\n      priority\n      section {\n        title\n      }\n      assignees {\n        ...AssigneeFields\n      }\n      createdAt\n      updatedAt\n    }\n  "): (typeof documents)["\n    fragment ToolTaskFields on Task {\n      id\n      ticketNumber\n      title\n      description\n      priority\n      section {\n        title\n      }\n      assignees {\n        ...AssigneeFields\n      }\n      createdAt\n      updatedAt\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment ToolCreatedTaskFields on Task {\n      id\n      ticketNumber\n      title\n      priority\n      section {\n        title\n      }\n      createdAt\n    }\n  "): (typeof documents)["\n    fragment ToolCreatedTaskFields on Task {\n      id\n      ticketNumber\n      title\n      priority\n      section {\n        title\n      }\n      createdAt\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment ToolUpdatedTaskFields on Task {\n      id\n      ticketNumber\n      title\n      section {\n        title\n      }\n      updatedAt\n    }\n  "): (typeof documents)["\n    fragment ToolUpdatedTaskFields on Task {\n      id\n      ticketNumber\n      title\n      section {\n        title\n      }\n      updatedAt\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment ToolMovedTaskFields on Task {\n      id\n      ticketNumber\n      projectId\n      section {\n        title\n      }\n    }\n  "): (typeof documents)["\n    fragment ToolMovedTaskFields on Task {\n      id\n      ticketNumber\n      projectId\n      section {\n        title\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment RestTaskFields on Task {\n      id\n      ticketNumber\n      uniqueIndex\n      title\n      description\n      priority\n      status\n      projectId\n      section {\n        ...SectionTitleFields\n      }\n      assignees {\n        ...AssigneeFields\n      }\n      labels {\n        ...LabelFields\n      }\n      estimateMinutes\n      estimateSize\n      images\n      attachments\n      dueDate\n      parentId\n      subtasks {\n        id\n        ticketNumber\n        title\n        status\n      }\n      createdBy {\n        id\n        displayName\n      }\n      commentCount\n      createdAt\n      updatedAt\n      version\n    }\n  "): (typeof documents)["\n    fragment RestTaskFields on Task {\n      id\n      ticketNumber\n      uniqueIndex\n      title\n      description\n      priority\n      status\n      projectId\n      section {\n        ...SectionTitleFields\n      }\n      assignees {\n        ...AssigneeFields\n      }\n      labels {\n        ...LabelFields\n      }\n      estimateMinutes\n      estimateSize\n      images\n      attachments\n      dueDate\n      parentId\n      subtasks {\n        id\n        ticketNumber\n        title\n        status\n      }\n      createdBy {\n        id\n        displayName\n      }\n      commentCount\n      createdAt\n      updatedAt\n      version\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment UserFields on User {\n      id\n      email\n      displayName\n    }\n  "): (typeof documents)["\n    fragment UserFields on User {\n      id\n      email\n      displayName\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment UserProfileFields on User {\n      ...UserFields\n      photoURL\n    }\n  "): (typeof documents)["\n    fragment UserProfileFields on User {\n      ...UserFields\n      photoURL\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment RestUserContextFields on Query {\n      me {\n        ...UserFields\n      }\n      connectedAgent {\n        id\n        displayName\n      }\n      teams {\n        id\n        number\n        title\n      }\n      projects(limit: 100) {\n        items {\n          id\n          title\n          labels {\n            ...LabelFields\n          }\n          sections {\n            ...SectionTitleFields\n          }\n        }\n      }\n      agents {\n        id\n        displayName\n      }\n    }\n  "): (typeof documents)["\n    fragment RestUserContextFields on Query {\n      me {\n        ...UserFields\n      }\n      connectedAgent {\n        id\n        displayName\n      }\n      teams {\n        id\n        number\n        title\n      }\n      projects(limit: 100) {\n        items {\n          id\n          title\n          labels {\n            ...LabelFields\n          }\n          sections {\n            ...SectionTitleFields\n          }\n        }\n      }\n      agents {\n        id\n        displayName\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment ViewFields on SavedView {\n      id\n      projectId\n      title\n      subtaskSetting\n      boardSubtaskSetting\n      layout\n      filters\n      createdAt\n      updatedAt\n    }\n  "): (typeof documents)["\n    fragment ViewFields on SavedView {\n      id\n      projectId\n      title\n      subtaskSetting\n      boardSubtaskSetting\n      layout\n      filters\n      createdAt\n      updatedAt\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment WatchFields on Task {\n      id\n      viewerIsWatching\n      watchers {\n        id\n        displayName\n      }\n    }\n  "): (typeof documents)["\n    fragment WatchFields on Task {\n      id\n      viewerIsWatching\n      watchers {\n        id\n        displayName\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment WebhookSubscriptionFields on WebhookSubscription {\n      id\n      url\n      projectId\n      team {\n        id\n      }\n      metadata\n      description\n      active\n      disabledReason\n      disabledCause\n      disabledAt\n      createdBy {\n        id\n        displayName\n      }\n      failingSince\n      timeoutStreak\n      circuitOpenSince\n      createdAt\n      updatedAt\n    }\n  "): (typeof documents)["\n    fragment WebhookSubscriptionFields on WebhookSubscription {\n      id\n      url\n      projectId\n      team {\n        id\n      }\n      metadata\n      description\n      active\n      disabledReason\n      disabledCause\n      disabledAt\n      createdBy {\n        id\n        displayName\n      }\n      failingSince\n      timeoutStreak\n      circuitOpenSince\n      createdAt\n      updatedAt\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment WebhookAttemptFields on WebhookAttempt {\n      id\n      outcome\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n      createdAt\n    }\n  "): (typeof documents)["\n    fragment WebhookAttemptFields on WebhookAttempt {\n      id\n      outcome\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n      createdAt\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment WebhookDeliveryFields on WebhookDelivery {\n      id\n      eventId\n      event\n      taskId\n      ticketNumber\n      status\n      attemptCount\n      nextAttemptAt\n      lastStatusCode\n      createdAt\n      updatedAt\n      attempts {\n        ...WebhookAttemptFields\n      }\n    }\n  "): (typeof documents)["\n    fragment WebhookDeliveryFields on WebhookDelivery {\n      id\n      eventId\n      event\n      taskId\n      ticketNumber\n      status\n      attemptCount\n      nextAttemptAt\n      lastStatusCode\n      createdAt\n      updatedAt\n      attempts {\n        ...WebhookAttemptFields\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    fragment WebhookPingFields on WebhookPingResult {\n      delivered\n      webhookId\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n    }\n  "): (typeof documents)["\n    fragment WebhookPingFields on WebhookPingResult {\n      delivered\n      webhookId\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ApiResetUser($adminPassword: String!, $email: String, $userId: Int) {\n      resetUser(adminPassword: $adminPassword, email: $email, userId: $userId) {\n        userId\n        revokedKeys\n      }\n    }\n  "): (typeof documents)["\n    mutation ApiResetUser($adminPassword: String!, $email: String, $userId: Int) {\n      resetUser(adminPassword: $adminPassword, email: $email, userId: $userId) {\n        userId\n        revokedKeys\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query ApiSearchUsers($query: String!, $limit: Int) {\n      userSearch(query: $query, limit: $limit) { ...UserProfileFields }\n    }\n  "): (typeof documents)["\n    query ApiSearchUsers($query: String!, $limit: Int) {\n      userSearch(query: $query, limit: $limit) { ...UserProfileFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query ApiUsersByEmails($emails: [String!]!) {\n      usersByEmails(emails: $emails) { ...UserProfileFields }\n    }\n  "): (typeof documents)["\n    query ApiUsersByEmails($emails: [String!]!) {\n      usersByEmails(emails: $emails) { ...UserProfileFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Assign(\n    $ref: TaskRefInput!\n    $multiple: Boolean!\n    $single: Boolean!\n    $userId: Int\n    $agentId: String\n    $userIds: [Int!]\n    $agentIds: [String!]\n  ) {\n    toggled: assignUser(ref: $ref, userId: $userId, agentId: $agentId) @include(if: $single) { ...AssigneeFields }\n    set: setAssignees(ref: $ref, userIds: $userIds, agentIds: $agentIds) @include(if: $multiple) { ...AssigneeFields }\n  }\n"): (typeof documents)["\n  mutation Assign(\n    $ref: TaskRefInput!\n    $multiple: Boolean!\n    $single: Boolean!\n    $userId: Int\n    $agentId: String\n    $userIds: [Int!]\n    $agentIds: [String!]\n  ) {\n    toggled: assignUser(ref: $ref, userId: $userId, agentId: $agentId) @include(if: $single) { ...AssigneeFields }\n    set: setAssignees(ref: $ref, userIds: $userIds, agentIds: $agentIds) @include(if: $multiple) { ...AssigneeFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchTasks(\n    $query: String!\n    $projectId: Int\n    $boardId: Int\n    $section: String\n    $assignedTo: String\n    $priority: Priority\n    $hasDueDate: Boolean\n    $status: Status\n    $limit: Int\n  ) {\n    searchTasks(\n      query: $query\n      projectId: $projectId\n      boardId: $boardId\n      section: $section\n      assignedTo: $assignedTo\n      priority: $priority\n      hasDueDate: $hasDueDate\n      status: $status\n      limit: $limit\n    ) {\n      total\n      items { ...SearchHitFields }\n    }\n  }\n"): (typeof documents)["\n  query SearchTasks(\n    $query: String!\n    $projectId: Int\n    $boardId: Int\n    $section: String\n    $assignedTo: String\n    $priority: Priority\n    $hasDueDate: Boolean\n    $status: Status\n    $limit: Int\n  ) {\n    searchTasks(\n      query: $query\n      projectId: $projectId\n      boardId: $boardId\n      section: $section\n      assignedTo: $assignedTo\n      priority: $priority\n      hasDueDate: $hasDueDate\n      status: $status\n      limit: $limit\n    ) {\n      total\n      items { ...SearchHitFields }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query ToolComments($ref: TaskRefInput!, $limit: Int, $offset: Int, $sortOrder: SortOrder) {\n      comments(ref: $ref, limit: $limit, offset: $offset, sortOrder: $sortOrder) {\n        total\n        items { ...ToolCommentFields }\n      }\n    }\n  "): (typeof documents)["\n    query ToolComments($ref: TaskRefInput!, $limit: Int, $offset: Int, $sortOrder: SortOrder) {\n      comments(ref: $ref, limit: $limit, offset: $offset, sortOrder: $sortOrder) {\n        total\n        items { ...ToolCommentFields }\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ToolAddComment($ref: TaskRefInput!, $text: String!, $contentType: ContentType, $images: [String!], $mentions: [MentionInput!]) {\n      addComment(ref: $ref, text: $text, contentType: $contentType, images: $images, mentions: $mentions) { id text createdAt }\n    }\n  "): (typeof documents)["\n    mutation ToolAddComment($ref: TaskRefInput!, $text: String!, $contentType: ContentType, $images: [String!], $mentions: [MentionInput!]) {\n      addComment(ref: $ref, text: $text, contentType: $contentType, images: $images, mentions: $mentions) { id text createdAt }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query ToolInbox($limit: Int, $offset: Int) {\n      inbox(limit: $limit, offset: $offset) {\n        total\n        items { ...NotificationFields }\n      }\n    }\n  "): (typeof documents)["\n    query ToolInbox($limit: Int, $offset: Int) {\n      inbox(limit: $limit, offset: $offset) {\n        total\n        items { ...NotificationFields }\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ToolInboxArchive($ids: [Int!]!) { archiveNotifications(ids: $ids) }\n  "): (typeof documents)["\n    mutation ToolInboxArchive($ids: [Int!]!) { archiveNotifications(ids: $ids) }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query ToolListProjects($status: Status, $search: String, $limit: Int, $offset: Int, $sortBy: ProjectSort, $sortOrder: SortOrder) {\n      projects(status: $status, search: $search, limit: $limit, offset: $offset, sortBy: $sortBy, sortOrder: $sortOrder) {\n        items { ...ToolProjectFields }\n        total\n      }\n    }\n  "): (typeof documents)["\n    query ToolListProjects($status: Status, $search: String, $limit: Int, $offset: Int, $sortBy: ProjectSort, $sortOrder: SortOrder) {\n      projects(status: $status, search: $search, limit: $limit, offset: $offset, sortBy: $sortBy, sortOrder: $sortOrder) {\n        items { ...ToolProjectFields }\n        total\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ToolCreateBoard($input: BoardInput!) {\n      createBoard(input: $input) { ...BoardFields }\n    }\n  "): (typeof documents)["\n    mutation ToolCreateBoard($input: BoardInput!) {\n      createBoard(input: $input) { ...BoardFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query ToolListSections($projectId: Int!, $includeHidden: Boolean) {\n      sections(projectId: $projectId, includeHidden: $includeHidden) { ...SectionTitleFields }\n    }\n  "): (typeof documents)["\n    query ToolListSections($projectId: Int!, $includeHidden: Boolean) {\n      sections(projectId: $projectId, includeHidden: $includeHidden) { ...SectionTitleFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ToolCreateSection($input: CreateSectionInput!) {\n      createSection(input: $input) { ...SectionTitleFields }\n    }\n  "): (typeof documents)["\n    mutation ToolCreateSection($input: CreateSectionInput!) {\n      createSection(input: $input) { ...SectionTitleFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query ToolListMembers($projectId: Int!) {\n      projectMembers(projectId: $projectId) { ...UserProfileFields }\n    }\n  "): (typeof documents)["\n    query ToolListMembers($projectId: Int!) {\n      projectMembers(projectId: $projectId) { ...UserProfileFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ToolCreateTask($input: CreateTaskInput!) {\n      createTask(input: $input) { ...ToolCreatedTaskFields }\n    }\n  "): (typeof documents)["\n    mutation ToolCreateTask($input: CreateTaskInput!) {\n      createTask(input: $input) { ...ToolCreatedTaskFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ToolUpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {\n      updateTask(ref: $ref, input: $input) { ...ToolUpdatedTaskFields }\n    }\n  "): (typeof documents)["\n    mutation ToolUpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {\n      updateTask(ref: $ref, input: $input) { ...ToolUpdatedTaskFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ToolMoveTask($ref: TaskRefInput!, $targetProjectId: Int!, $targetSectionId: Int) {\n      moveTask(ref: $ref, targetProjectId: $targetProjectId, targetSectionId: $targetSectionId) {\n        ...ToolMovedTaskFields\n      }\n    }\n  "): (typeof documents)["\n    mutation ToolMoveTask($ref: TaskRefInput!, $targetProjectId: Int!, $targetSectionId: Int) {\n      moveTask(ref: $ref, targetProjectId: $targetProjectId, targetSectionId: $targetSectionId) {\n        ...ToolMovedTaskFields\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query ToolListTasks($filter: TaskFilterInput, $limit: Int, $offset: Int) {\n      tasks(filter: $filter, limit: $limit, offset: $offset) {\n        total\n        items { ...ToolTaskFields }\n      }\n    }\n  "): (typeof documents)["\n    query ToolListTasks($filter: TaskFilterInput, $limit: Int, $offset: Int) {\n      tasks(filter: $filter, limit: $limit, offset: $offset) {\n        total\n        items { ...ToolTaskFields }\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query ToolUserContext {\n      me { ...UserFields }\n    }\n  "): (typeof documents)["\n    query ToolUserContext {\n      me { ...UserFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ToolCreateView($projectId: Int!, $title: String!, $subtaskSetting: SubtaskSetting, $layout: ViewLayout, $filters: JSON) {\n      createSavedView(projectId: $projectId, title: $title, subtaskSetting: $subtaskSetting, layout: $layout, filters: $filters) { ...ViewFields }\n    }\n  "): (typeof documents)["\n    mutation ToolCreateView($projectId: Int!, $title: String!, $subtaskSetting: SubtaskSetting, $layout: ViewLayout, $filters: JSON) {\n      createSavedView(projectId: $projectId, title: $title, subtaskSetting: $subtaskSetting, layout: $layout, filters: $filters) { ...ViewFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ToolUpdateView($id: Int!, $title: String, $subtaskSetting: SubtaskSetting, $layout: ViewLayout, $filters: JSON) {\n      updateSavedView(id: $id, title: $title, subtaskSetting: $subtaskSetting, layout: $layout, filters: $filters) { ...ViewFields }\n    }\n  "): (typeof documents)["\n    mutation ToolUpdateView($id: Int!, $title: String, $subtaskSetting: SubtaskSetting, $layout: ViewLayout, $filters: JSON) {\n      updateSavedView(id: $id, title: $title, subtaskSetting: $subtaskSetting, layout: $layout, filters: $filters) { ...ViewFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestCreateTeamBoard($teamId: ID!, $input: TeamBoardInput!) {\n      createTeamBoard(teamId: $teamId, input: $input) {\n        ...BoardFields\n        team {\n          id\n        }\n      }\n    }\n  "): (typeof documents)["\n    mutation RestCreateTeamBoard($teamId: ID!, $input: TeamBoardInput!) {\n      createTeamBoard(teamId: $teamId, input: $input) {\n        ...BoardFields\n        team {\n          id\n        }\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestComments($ref: TaskRefInput!, $limit: Int, $offset: Int, $sortOrder: SortOrder) {\n      comments(ref: $ref, limit: $limit, offset: $offset, sortOrder: $sortOrder) {\n        total limit offset\n        items { ...RestCommentFields }\n      }\n    }\n  "): (typeof documents)["\n    query RestComments($ref: TaskRefInput!, $limit: Int, $offset: Int, $sortOrder: SortOrder) {\n      comments(ref: $ref, limit: $limit, offset: $offset, sortOrder: $sortOrder) {\n        total limit offset\n        items { ...RestCommentFields }\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestAddComment($ref: TaskRefInput!, $text: String!, $contentType: ContentType, $images: [String!], $mentions: [MentionInput!]) {\n      addComment(ref: $ref, text: $text, contentType: $contentType, images: $images, mentions: $mentions) { ...RestCommentFields }\n    }\n  "): (typeof documents)["\n    mutation RestAddComment($ref: TaskRefInput!, $text: String!, $contentType: ContentType, $images: [String!], $mentions: [MentionInput!]) {\n      addComment(ref: $ref, text: $text, contentType: $contentType, images: $images, mentions: $mentions) { ...RestCommentFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestEditComment($id: Int!, $text: String!, $contentType: ContentType) {\n      editComment(id: $id, text: $text, contentType: $contentType) { ...RestCommentFields }\n    }\n  "): (typeof documents)["\n    mutation RestEditComment($id: Int!, $text: String!, $contentType: ContentType) {\n      editComment(id: $id, text: $text, contentType: $contentType) { ...RestCommentFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestDeleteComment($id: Int!) {\n      deleteComment(id: $id) { id }\n    }\n  "): (typeof documents)["\n    mutation RestDeleteComment($id: Int!) {\n      deleteComment(id: $id) { id }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestDrafts($limit: Int, $offset: Int) {\n      drafts(limit: $limit, offset: $offset) {\n        total\n        limit\n        offset\n        items { ...DraftFields }\n      }\n    }\n  "): (typeof documents)["\n    query RestDrafts($limit: Int, $offset: Int) {\n      drafts(limit: $limit, offset: $offset) {\n        total\n        limit\n        offset\n        items { ...DraftFields }\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestCreateDraft(\n      $projectId: Int\n      $sectionId: Int\n      $title: String\n      $description: String\n      $contentType: ContentType\n      $priority: Priority\n      $dueDate: DateTime\n    ) {\n      createDraft(\n        projectId: $projectId\n        sectionId: $sectionId\n        title: $title\n        description: $description\n        contentType: $contentType\n        priority: $priority\n        dueDate: $dueDate\n      ) { ...DraftFields }\n    }\n  "): (typeof documents)["\n    mutation RestCreateDraft(\n      $projectId: Int\n      $sectionId: Int\n      $title: String\n      $description: String\n      $contentType: ContentType\n      $priority: Priority\n      $dueDate: DateTime\n    ) {\n      createDraft(\n        projectId: $projectId\n        sectionId: $sectionId\n        title: $title\n        description: $description\n        contentType: $contentType\n        priority: $priority\n        dueDate: $dueDate\n      ) { ...DraftFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestDraft($id: Int!) {\n      draft(id: $id) { ...DraftFields }\n    }\n  "): (typeof documents)["\n    query RestDraft($id: Int!) {\n      draft(id: $id) { ...DraftFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestUpdateDraft(\n      $id: Int!\n      $projectId: Int\n      $sectionId: Int\n      $title: String\n      $description: String\n      $contentType: ContentType\n      $priority: Priority\n      $dueDate: DateTime\n    ) {\n      updateDraft(\n        id: $id\n        projectId: $projectId\n        sectionId: $sectionId\n        title: $title\n        description: $description\n        contentType: $contentType\n        priority: $priority\n        dueDate: $dueDate\n      ) { ...DraftFields }\n    }\n  "): (typeof documents)["\n    mutation RestUpdateDraft(\n      $id: Int!\n      $projectId: Int\n      $sectionId: Int\n      $title: String\n      $description: String\n      $contentType: ContentType\n      $priority: Priority\n      $dueDate: DateTime\n    ) {\n      updateDraft(\n        id: $id\n        projectId: $projectId\n        sectionId: $sectionId\n        title: $title\n        description: $description\n        contentType: $contentType\n        priority: $priority\n        dueDate: $dueDate\n      ) { ...DraftFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestDeleteDraft($id: Int!) {\n      deleteDraft(id: $id) { id }\n    }\n  "): (typeof documents)["\n    mutation RestDeleteDraft($id: Int!) {\n      deleteDraft(id: $id) { id }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestPublishDraft($id: Int!) {\n      publishDraft(id: $id) { ...PublishedTaskFields }\n    }\n  "): (typeof documents)["\n    mutation RestPublishDraft($id: Int!) {\n      publishDraft(id: $id) { ...PublishedTaskFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestCreateLabel($input: CreateLabelInput!) {\n      createLabel(input: $input) { ...LabelFields }\n    }\n  "): (typeof documents)["\n    mutation RestCreateLabel($input: CreateLabelInput!) {\n      createLabel(input: $input) { ...LabelFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestListLabels($projectId: Int!) {\n      labels(projectId: $projectId) { ...LabelFields }\n    }\n  "): (typeof documents)["\n    query RestListLabels($projectId: Int!) {\n      labels(projectId: $projectId) { ...LabelFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestUpdateLabel($id: Int!, $projectId: Int, $input: UpdateLabelInput!) {\n      updateLabel(id: $id, projectId: $projectId, input: $input) { ...LabelFields }\n    }\n  "): (typeof documents)["\n    mutation RestUpdateLabel($id: Int!, $projectId: Int, $input: UpdateLabelInput!) {\n      updateLabel(id: $id, projectId: $projectId, input: $input) { ...LabelFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestDeleteLabel($id: Int!, $projectId: Int) {\n      deleteLabel(id: $id, projectId: $projectId) {\n        id\n      }\n    }\n  "): (typeof documents)["\n    mutation RestDeleteLabel($id: Int!, $projectId: Int) {\n      deleteLabel(id: $id, projectId: $projectId) {\n        id\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestListMembers($projectId: Int!) {\n      projectMembers(projectId: $projectId) { ...UserFields }\n    }\n  "): (typeof documents)["\n    query RestListMembers($projectId: Int!) {\n      projectMembers(projectId: $projectId) { ...UserFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestAddMember($projectId: Int!, $user: String!) {\n      addProjectMember(projectId: $projectId, user: $user) {\n        projectId\n      }\n    }\n  "): (typeof documents)["\n    mutation RestAddMember($projectId: Int!, $user: String!) {\n      addProjectMember(projectId: $projectId, user: $user) {\n        projectId\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestRemoveMember($projectId: Int!, $user: String!) {\n      removeProjectMember(projectId: $projectId, user: $user) {\n        id\n      }\n    }\n  "): (typeof documents)["\n    mutation RestRemoveMember($projectId: Int!, $user: String!) {\n      removeProjectMember(projectId: $projectId, user: $user) {\n        id\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestNotifications($limit: Int, $offset: Int, $unreadOnly: Boolean) {\n      inbox(limit: $limit, offset: $offset, unreadOnly: $unreadOnly) {\n        total limit offset\n        items { ...NotificationFields }\n      }\n    }\n  "): (typeof documents)["\n    query RestNotifications($limit: Int, $offset: Int, $unreadOnly: Boolean) {\n      inbox(limit: $limit, offset: $offset, unreadOnly: $unreadOnly) {\n        total limit offset\n        items { ...NotificationFields }\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestArchiveNotifications($ids: [Int!]!) { archiveNotifications(ids: $ids) }\n  "): (typeof documents)["\n    mutation RestArchiveNotifications($ids: [Int!]!) { archiveNotifications(ids: $ids) }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestReadNotifications($ids: [Int!]!) { markNotificationsRead(ids: $ids) }\n  "): (typeof documents)["\n    mutation RestReadNotifications($ids: [Int!]!) { markNotificationsRead(ids: $ids) }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestListProjects($status: Status, $search: String, $limit: Int, $offset: Int, $sortBy: ProjectSort, $sortOrder: SortOrder) {\n      projects(status: $status, search: $search, limit: $limit, offset: $offset, sortBy: $sortBy, sortOrder: $sortOrder) {\n        items { ...RestProjectFields }\n        total\n        limit\n        offset\n      }\n    }\n  "): (typeof documents)["\n    query RestListProjects($status: Status, $search: String, $limit: Int, $offset: Int, $sortBy: ProjectSort, $sortOrder: SortOrder) {\n      projects(status: $status, search: $search, limit: $limit, offset: $offset, sortBy: $sortBy, sortOrder: $sortOrder) {\n        items { ...RestProjectFields }\n        total\n        limit\n        offset\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestGetProject($id: Int!) {\n      project(id: $id) { ...RestProjectFields }\n    }\n  "): (typeof documents)["\n    query RestGetProject($id: Int!) {\n      project(id: $id) { ...RestProjectFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestUpdateProjectStatus($projectId: Int!, $status: Status!) {\n      updateProjectStatus(projectId: $projectId, status: $status) { ...RestProjectFields }\n    }\n  "): (typeof documents)["\n    mutation RestUpdateProjectStatus($projectId: Int!, $status: Status!) {\n      updateProjectStatus(projectId: $projectId, status: $status) { ...RestProjectFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestListSections($projectId: Int!, $includeHidden: Boolean) {\n      sections(projectId: $projectId, includeHidden: $includeHidden) { ...RestSectionListFields }\n    }\n  "): (typeof documents)["\n    query RestListSections($projectId: Int!, $includeHidden: Boolean) {\n      sections(projectId: $projectId, includeHidden: $includeHidden) { ...RestSectionListFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestCreateSection($input: CreateSectionInput!) {\n      createSection(input: $input) { ...RestSectionFields }\n    }\n  "): (typeof documents)["\n    mutation RestCreateSection($input: CreateSectionInput!) {\n      createSection(input: $input) { ...RestSectionFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestUpdateSection($input: UpdateSectionInput!) {\n      updateSection(input: $input) { ...RestSectionFields }\n    }\n  "): (typeof documents)["\n    mutation RestUpdateSection($input: UpdateSectionInput!) {\n      updateSection(input: $input) { ...RestSectionFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestDeleteSection($projectId: Int, $sectionId: Int!) {\n      deleteSection(projectId: $projectId, sectionId: $sectionId) {\n        movedTaskCount\n        movedToSection { ...SectionTitleFields }\n      }\n    }\n  "): (typeof documents)["\n    mutation RestDeleteSection($projectId: Int, $sectionId: Int!) {\n      deleteSection(projectId: $projectId, sectionId: $sectionId) {\n        movedTaskCount\n        movedToSection { ...SectionTitleFields }\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestAddTaskLabels($ref: TaskRefInput!, $labelIds: [Int!]!) {\n      addTaskLabels(ref: $ref, labelIds: $labelIds) { ...RestTaskFields }\n    }\n  "): (typeof documents)["\n    mutation RestAddTaskLabels($ref: TaskRefInput!, $labelIds: [Int!]!) {\n      addTaskLabels(ref: $ref, labelIds: $labelIds) { ...RestTaskFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestRemoveTaskLabel($ref: TaskRefInput!, $labelIds: [Int!]!) {\n      removeTaskLabels(ref: $ref, labelIds: $labelIds) { ...RestTaskFields }\n    }\n  "): (typeof documents)["\n    mutation RestRemoveTaskLabel($ref: TaskRefInput!, $labelIds: [Int!]!) {\n      removeTaskLabels(ref: $ref, labelIds: $labelIds) { ...RestTaskFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestTaskWatchers($ref: TaskRefInput!) {\n      task(ref: $ref) { ...WatchFields }\n    }\n  "): (typeof documents)["\n    query RestTaskWatchers($ref: TaskRefInput!) {\n      task(ref: $ref) { ...WatchFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestWatchTask($ref: TaskRefInput!) {\n      watchTask(ref: $ref) { ...WatchFields }\n    }\n  "): (typeof documents)["\n    mutation RestWatchTask($ref: TaskRefInput!) {\n      watchTask(ref: $ref) { ...WatchFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestUnwatchTask($ref: TaskRefInput!) {\n      unwatchTask(ref: $ref) { ...WatchFields }\n    }\n  "): (typeof documents)["\n    mutation RestUnwatchTask($ref: TaskRefInput!) {\n      unwatchTask(ref: $ref) { ...WatchFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestListTasks($filter: TaskFilterInput, $limit: Int, $offset: Int) {\n      tasks(filter: $filter, limit: $limit, offset: $offset) {\n        total\n        limit\n        offset\n        items { ...RestTaskFields }\n      }\n    }\n  "): (typeof documents)["\n    query RestListTasks($filter: TaskFilterInput, $limit: Int, $offset: Int) {\n      tasks(filter: $filter, limit: $limit, offset: $offset) {\n        total\n        limit\n        offset\n        items { ...RestTaskFields }\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestGetTask($ref: TaskRefInput!) {\n      task(ref: $ref) { ...RestTaskFields }\n    }\n  "): (typeof documents)["\n    query RestGetTask($ref: TaskRefInput!) {\n      task(ref: $ref) { ...RestTaskFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestCreateTask($input: CreateTaskInput!) {\n      createTask(input: $input) { ...RestTaskFields }\n    }\n  "): (typeof documents)["\n    mutation RestCreateTask($input: CreateTaskInput!) {\n      createTask(input: $input) { ...RestTaskFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestUpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {\n      updateTask(ref: $ref, input: $input) { ...RestTaskFields }\n    }\n  "): (typeof documents)["\n    mutation RestUpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {\n      updateTask(ref: $ref, input: $input) { ...RestTaskFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestMoveTask($ref: TaskRefInput!, $targetProjectId: Int!, $targetSectionId: Int) {\n      moveTask(ref: $ref, targetProjectId: $targetProjectId, targetSectionId: $targetSectionId) { ...RestTaskFields }\n    }\n  "): (typeof documents)["\n    mutation RestMoveTask($ref: TaskRefInput!, $targetProjectId: Int!, $targetSectionId: Int) {\n      moveTask(ref: $ref, targetProjectId: $targetProjectId, targetSectionId: $targetSectionId) { ...RestTaskFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestDeleteTask($ref: TaskRefInput!) {\n      deleteTask(ref: $ref) {\n        id\n        ticketNumber\n      }\n    }\n  "): (typeof documents)["\n    mutation RestDeleteTask($ref: TaskRefInput!) {\n      deleteTask(ref: $ref) {\n        id\n        ticketNumber\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestUserContext {\n      ...RestUserContextFields\n    }\n  "): (typeof documents)["\n    query RestUserContext {\n      ...RestUserContextFields\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestListDeliveries($subscriptionId: Int!, $status: WebhookDeliveryStatus, $limit: Int, $offset: Int) {\n      webhookDeliveries(subscriptionId: $subscriptionId, status: $status, limit: $limit, offset: $offset) {\n        items { ...WebhookDeliveryFields }\n        total limit offset\n      }\n    }\n  "): (typeof documents)["\n    query RestListDeliveries($subscriptionId: Int!, $status: WebhookDeliveryStatus, $limit: Int, $offset: Int) {\n      webhookDeliveries(subscriptionId: $subscriptionId, status: $status, limit: $limit, offset: $offset) {\n        items { ...WebhookDeliveryFields }\n        total limit offset\n      }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestRedeliver($subscriptionId: Int!, $deliveryId: Int!) {\n      redeliverWebhookDelivery(subscriptionId: $subscriptionId, deliveryId: $deliveryId) { ...WebhookDeliveryFields }\n    }\n  "): (typeof documents)["\n    mutation RestRedeliver($subscriptionId: Int!, $deliveryId: Int!) {\n      redeliverWebhookDelivery(subscriptionId: $subscriptionId, deliveryId: $deliveryId) { ...WebhookDeliveryFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestTestWebhook($id: Int!) {\n      testWebhookSubscription(id: $id) { ...WebhookPingFields }\n    }\n  "): (typeof documents)["\n    mutation RestTestWebhook($id: Int!) {\n      testWebhookSubscription(id: $id) { ...WebhookPingFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestCreateWebhook($input: CreateWebhookSubscriptionInput!) {\n      createWebhookSubscription(input: $input) { secret subscription { ...WebhookSubscriptionFields } }\n    }\n  "): (typeof documents)["\n    mutation RestCreateWebhook($input: CreateWebhookSubscriptionInput!) {\n      createWebhookSubscription(input: $input) { secret subscription { ...WebhookSubscriptionFields } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestListWebhooks($projectId: Int, $teamId: ID) {\n      webhookSubscriptions(projectId: $projectId, teamId: $teamId) { ...WebhookSubscriptionFields }\n    }\n  "): (typeof documents)["\n    query RestListWebhooks($projectId: Int, $teamId: ID) {\n      webhookSubscriptions(projectId: $projectId, teamId: $teamId) { ...WebhookSubscriptionFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query RestGetWebhook($id: Int!) {\n      webhookSubscription(id: $id) { ...WebhookSubscriptionFields }\n    }\n  "): (typeof documents)["\n    query RestGetWebhook($id: Int!) {\n      webhookSubscription(id: $id) { ...WebhookSubscriptionFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestUpdateWebhook($id: Int!, $input: UpdateWebhookSubscriptionInput!) {\n      updateWebhookSubscription(id: $id, input: $input) { ...WebhookSubscriptionFields }\n    }\n  "): (typeof documents)["\n    mutation RestUpdateWebhook($id: Int!, $input: UpdateWebhookSubscriptionInput!) {\n      updateWebhookSubscription(id: $id, input: $input) { ...WebhookSubscriptionFields }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation RestDeleteWebhook($id: Int!) {\n      deleteWebhookSubscription(id: $id) { id }\n    }\n  "): (typeof documents)["\n    mutation RestDeleteWebhook($id: Int!) {\n      deleteWebhookSubscription(id: $id) { id }\n    }\n  "];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;