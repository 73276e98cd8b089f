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
    "\n  query Me {\n    me {\n      id\n      email\n      displayName\n    }\n  }\n": typeof types.MeDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      id\n      label\n      prefix\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  mutation CreateApiKey($label: String) {\n    createApiKey(label: $label) {\n      id\n      key\n      prefix\n      label\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: Int!) {\n    revokeApiKey(id: $id)\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  query CommandSearch($query: String!) {\n    searchTasks(query: $query, limit: 8) {\n      items {\n        id\n        projectId\n        ticketNumber\n        title\n      }\n    }\n  }\n": typeof types.CommandSearchDocument,
    "\n  mutation CreateTaskOnBoard($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      id\n      projectId\n      ticketNumber\n    }\n  }\n": typeof types.CreateTaskOnBoardDocument,
    "\n  query CreateTaskColumns($projectId: Int!) {\n    sections(projectId: $projectId) {\n      id\n      projectId\n      title\n    }\n  }\n": typeof types.CreateTaskColumnsDocument,
    "\n  fragment CardFields on Task {\n    id\n    projectId\n    sectionId\n    parentId\n    position\n    status\n    ticketNumber\n    title\n    priority\n    dueDate\n    updatedAt\n    commentCount\n    assignees {\n      id\n      kind\n      userId\n      displayName\n    }\n    labels {\n      id\n      name\n      color\n    }\n  }\n": typeof types.CardFieldsFragmentDoc,
    "\n  query Board($projectId: Int!) {\n    project(id: $projectId) {\n      id\n      title\n      ticketPrefix\n      team {\n        id\n        title\n      }\n    }\n    sections(projectId: $projectId) {\n      id\n      title\n      ranking\n    }\n    labels(projectId: $projectId) {\n      id\n      name\n      color\n    }\n    projectMembers(projectId: $projectId) {\n      id\n      displayName\n      email\n    }\n  }\n": typeof types.BoardDocument,
    "\n  query BoardTasks($projectId: Int!, $offset: Int!) {\n    tasks(filter: { projectId: $projectId }, limit: 100, offset: $offset) {\n      total\n      items {\n        ...CardFields\n      }\n    }\n  }\n": typeof types.BoardTasksDocument,
    "\n  subscription BoardEvents($projectId: Int!, $after: ID) {\n    boardEvents(projectId: $projectId, after: $after) {\n      __typename\n      cursor\n      event\n      ... on TaskBoardEvent {\n        taskId\n        task {\n          ...CardFields\n        }\n      }\n      ... on CommentBoardEvent {\n        taskId\n        commentId\n        task {\n          ...CardFields\n        }\n      }\n      ... on LabelBoardEvent {\n        labelId\n        label {\n          id\n          name\n          color\n        }\n      }\n    }\n  }\n": typeof types.BoardEventsDocument,
    "\n  mutation PlaceTask($taskId: Int!, $sectionId: Int!, $afterTaskId: Int) {\n    placeTask(ref: { taskId: $taskId }, sectionId: $sectionId, afterTaskId: $afterTaskId) {\n      task {\n        ...CardFields\n      }\n      alsoPlaced {\n        ...CardFields\n      }\n    }\n  }\n": typeof types.PlaceTaskDocument,
    "\n  mutation CreateCard($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      ...CardFields\n    }\n  }\n": typeof types.CreateCardDocument,
    "\n  query BoardSearch($projectId: Int!, $query: String!, $offset: Int!) {\n    searchTasks(projectId: $projectId, query: $query, limit: 50, offset: $offset) {\n      total\n      hasMore\n      items {\n        id\n      }\n    }\n  }\n": typeof types.BoardSearchDocument,
    "\n  fragment BoardViewFields on SavedView {\n    id\n    title\n    layout\n    subtaskSetting\n    filters\n  }\n": typeof types.BoardViewFieldsFragmentDoc,
    "\n  query SavedViews($projectId: Int!) {\n    savedViews(projectId: $projectId) {\n      ...BoardViewFields\n    }\n  }\n": typeof types.SavedViewsDocument,
    "\n  mutation CreateView(\n    $projectId: Int!\n    $title: String!\n    $layout: ViewLayout\n    $subtaskSetting: SubtaskSetting\n    $filters: JSON\n  ) {\n    createSavedView(\n      projectId: $projectId\n      title: $title\n      layout: $layout\n      subtaskSetting: $subtaskSetting\n      filters: $filters\n    ) {\n      ...BoardViewFields\n    }\n  }\n": typeof types.CreateViewDocument,
    "\n  mutation UpdateView($id: Int!, $layout: ViewLayout, $subtaskSetting: SubtaskSetting, $filters: JSON) {\n    updateSavedView(id: $id, layout: $layout, subtaskSetting: $subtaskSetting, filters: $filters) {\n      ...BoardViewFields\n    }\n  }\n": typeof types.UpdateViewDocument,
    "\n  mutation DeleteView($id: Int!) {\n    deleteSavedView(id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteViewDocument,
    "\n  query Boards {\n    projects(limit: 100) {\n      total\n      items {\n        id\n        title\n        description\n        ticketPrefix\n        taskCount\n        team {\n          id\n          title\n        }\n      }\n    }\n  }\n": typeof types.BoardsDocument,
    "\n  query ArchivedBoards {\n    projects(limit: 100, status: ARCHIVE) {\n      total\n      items {\n        id\n        title\n        ticketPrefix\n        taskCount\n        team {\n          id\n          title\n        }\n      }\n    }\n  }\n": typeof types.ArchivedBoardsDocument,
    "\n  query Teams {\n    teams {\n      id\n      title\n    }\n  }\n": typeof types.TeamsDocument,
    "\n  mutation CreateBoard($input: BoardInput!) {\n    createBoard(input: $input) {\n      project {\n        id\n      }\n    }\n  }\n": typeof types.CreateBoardDocument,
    "\n  subscription InboxEvents($after: ID) {\n    inboxEvents(after: $after) {\n      cursor\n      type\n      taskId\n    }\n  }\n": typeof types.InboxEventsDocument,
    "\n  query UnreadCount {\n    inbox(unreadOnly: true, limit: 1) {\n      total\n    }\n  }\n": typeof types.UnreadCountDocument,
    "\n  query Inbox($unreadOnly: Boolean!, $offset: Int!) {\n    inbox(unreadOnly: $unreadOnly, limit: 50, offset: $offset) {\n      total\n      items {\n        id\n        type\n        message\n        read\n        createdAt\n        ticketNumber\n        taskId\n        actor {\n          id\n          displayName\n        }\n        task {\n          id\n          projectId\n          title\n        }\n      }\n    }\n  }\n": typeof types.InboxDocument,
    "\n  mutation MarkNotificationsRead($ids: [Int!]!) {\n    markNotificationsRead(ids: $ids)\n  }\n": typeof types.MarkNotificationsReadDocument,
    "\n  mutation ArchiveNotifications($ids: [Int!]!) {\n    archiveNotifications(ids: $ids)\n  }\n": typeof types.ArchiveNotificationsDocument,
    "\n  query Sessions {\n    sessions {\n      id\n      method\n      userAgent\n      ip\n      createdAt\n      lastSeenAt\n      current\n    }\n  }\n": typeof types.SessionsDocument,
    "\n  mutation RevokeSession($id: Int!) {\n    revokeSession(id: $id)\n  }\n": typeof types.RevokeSessionDocument,
    "\n  mutation RevokeOtherSessions {\n    revokeOtherSessions\n  }\n": typeof types.RevokeOtherSessionsDocument,
    "\n  query Account {\n    me {\n      id\n      email\n      displayName\n    }\n  }\n": typeof types.AccountDocument,
    "\n  mutation UpdateMe($displayName: String!) {\n    updateMe(displayName: $displayName) {\n      id\n      displayName\n    }\n  }\n": typeof types.UpdateMeDocument,
    "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n": typeof types.ChangePasswordDocument,
    "\n  query BoardSettings($projectId: Int!) {\n    project(id: $projectId) {\n      id\n      title\n      status\n      ticketPrefix\n      team {\n        id\n        number\n        title\n        viewerRole\n      }\n      members {\n        joinedAt\n        user {\n          id\n          displayName\n          email\n        }\n      }\n      sections(includeHidden: true) {\n        id\n        title\n        ranking\n        taskCount\n        visible\n      }\n      labels {\n        id\n        name\n        color\n      }\n    }\n  }\n": typeof types.BoardSettingsDocument,
    "\n  subscription BoardSettingsEvents($projectId: Int!, $after: ID) {\n    boardEvents(\n      projectId: $projectId\n      after: $after\n      events: [\n        SECTION_CREATED\n        SECTION_UPDATED\n        SECTION_DELETED\n        LABEL_CREATED\n        LABEL_UPDATED\n        LABEL_DELETED\n        MEMBER_ADDED\n        MEMBER_REMOVED\n      ]\n    ) {\n      cursor\n      event\n    }\n  }\n": typeof types.BoardSettingsEventsDocument,
    "\n  mutation CreateSettingsSection($input: CreateSectionInput!) {\n    createSection(input: $input) {\n      id\n      title\n    }\n  }\n": typeof types.CreateSettingsSectionDocument,
    "\n  mutation UpdateSettingsSection($input: UpdateSectionInput!) {\n    updateSection(input: $input) {\n      id\n      title\n      ranking\n      visible\n    }\n  }\n": typeof types.UpdateSettingsSectionDocument,
    "\n  mutation DeleteSettingsSection($projectId: Int!, $sectionId: Int!) {\n    deleteSection(projectId: $projectId, sectionId: $sectionId) {\n      deletedSectionId\n      movedTaskCount\n      movedToSection {\n        id\n        title\n      }\n    }\n  }\n": typeof types.DeleteSettingsSectionDocument,
    "\n  mutation CreateSettingsLabel($input: CreateLabelInput!) {\n    createLabel(input: $input) {\n      id\n      name\n      color\n    }\n  }\n": typeof types.CreateSettingsLabelDocument,
    "\n  mutation UpdateSettingsLabel($projectId: Int!, $id: Int!, $input: UpdateLabelInput!) {\n    updateLabel(projectId: $projectId, id: $id, input: $input) {\n      id\n      name\n      color\n    }\n  }\n": typeof types.UpdateSettingsLabelDocument,
    "\n  mutation DeleteSettingsLabel($projectId: Int!, $id: Int!) {\n    deleteLabel(projectId: $projectId, id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteSettingsLabelDocument,
    "\n  mutation AddBoardMember($projectId: Int!, $user: String!) {\n    addProjectMember(projectId: $projectId, user: $user) {\n      user {\n        id\n        displayName\n      }\n    }\n  }\n": typeof types.AddBoardMemberDocument,
    "\n  mutation RemoveBoardMember($projectId: Int!, $user: String!) {\n    removeProjectMember(projectId: $projectId, user: $user) {\n      id\n    }\n  }\n": typeof types.RemoveBoardMemberDocument,
    "\n  mutation SetBoardStatus($projectId: Int!, $status: Status!) {\n    updateProjectStatus(projectId: $projectId, status: $status) {\n      id\n      status\n    }\n  }\n": typeof types.SetBoardStatusDocument,
    "\n  query SettingsTeams {\n    teams {\n      id\n      number\n      title\n      viewerRole\n    }\n  }\n": typeof types.SettingsTeamsDocument,
    "\n  query TeamInvites($teamId: ID!) {\n    teamInvites(teamId: $teamId) {\n      id\n      email\n      role\n      createdAt\n      expiresAt\n    }\n  }\n": typeof types.TeamInvitesDocument,
    "\n  mutation CreateTeamInvite($teamId: ID!, $email: String!, $role: TeamRole) {\n    createTeamInvite(teamId: $teamId, email: $email, role: $role) {\n      url\n      path\n      invite {\n        id\n        email\n        role\n        expiresAt\n      }\n    }\n  }\n": typeof types.CreateTeamInviteDocument,
    "\n  mutation RevokeTeamInvite($id: Int!) {\n    revokeTeamInvite(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": typeof types.RevokeTeamInviteDocument,
    "\n  query TeamSettings {\n    teams {\n      id\n      number\n      title\n      viewerRole\n      members {\n        role\n        joinedAt\n        user {\n          id\n          displayName\n          email\n        }\n      }\n    }\n  }\n": typeof types.TeamSettingsDocument,
    "\n  mutation SetTeamMemberRole($teamId: ID!, $user: String!, $role: TeamRole!) {\n    setTeamMemberRole(teamId: $teamId, user: $user, role: $role) {\n      role\n      user {\n        id\n      }\n    }\n  }\n": typeof types.SetTeamMemberRoleDocument,
    "\n  mutation RemoveTeamMember($teamId: ID!, $user: String!) {\n    removeTeamMember(teamId: $teamId, user: $user) {\n      id\n    }\n  }\n": typeof types.RemoveTeamMemberDocument,
    "\n  query Webhooks {\n    webhookSubscriptions {\n      id\n      url\n      description\n      active\n      createdAt\n      createdBy {\n        id\n        displayName\n      }\n      disabledAt\n      disabledCause\n      disabledReason\n      failingSince\n      metadata\n      projectId\n      team {\n        id\n        title\n      }\n    }\n    projects(limit: 100) {\n      items {\n        id\n        title\n      }\n    }\n    teams {\n      id\n      title\n      viewerRole\n    }\n  }\n": typeof types.WebhooksDocument,
    "\n  query WebhookDeliveries($subscriptionId: Int!) {\n    webhookDeliveries(subscriptionId: $subscriptionId, limit: 20) {\n      total\n      items {\n        id\n        event\n        eventId\n        ticketNumber\n        status\n        attemptCount\n        lastStatusCode\n        nextAttemptAt\n        createdAt\n        attempts {\n          id\n          outcome\n          statusCode\n          durationMs\n          error\n          responseExcerpt\n          createdAt\n        }\n      }\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  mutation CreateWebhook($input: CreateWebhookSubscriptionInput!) {\n    createWebhookSubscription(input: $input) {\n      secret\n      subscription {\n        id\n        url\n      }\n    }\n  }\n": typeof types.CreateWebhookDocument,
    "\n  mutation UpdateWebhook($id: Int!, $input: UpdateWebhookSubscriptionInput!) {\n    updateWebhookSubscription(id: $id, input: $input) {\n      id\n      active\n      disabledCause\n    }\n  }\n": typeof types.UpdateWebhookDocument,
    "\n  mutation DeleteWebhook($id: Int!) {\n    deleteWebhookSubscription(id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteWebhookDocument,
    "\n  mutation TestWebhook($id: Int!) {\n    testWebhookSubscription(id: $id) {\n      delivered\n      statusCode\n      durationMs\n      error\n    }\n  }\n": typeof types.TestWebhookDocument,
    "\n  mutation RedeliverWebhook($subscriptionId: Int!, $deliveryId: Int!) {\n    redeliverWebhookDelivery(subscriptionId: $subscriptionId, deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n": typeof types.RedeliverWebhookDocument,
    "\n  query TaskDetail($ref: TaskRefInput!) {\n    task(ref: $ref) {\n      ...CardFields\n      description\n      descriptionSource\n      descriptionContentType\n      version\n      updatedBy {\n        id\n        displayName\n      }\n      viewerIsWatching\n      createdAt\n      createdBy {\n        id\n        displayName\n      }\n      parent {\n        id\n        ticketNumber\n        title\n      }\n      subtasks {\n        id\n        ticketNumber\n        title\n        status\n        section {\n          id\n          title\n        }\n      }\n    }\n  }\n": typeof types.TaskDetailDocument,
    "\n  query TaskComments($ref: TaskRefInput!, $first: Int!, $after: String) {\n    commentsConnection(ref: $ref, sortOrder: DESC, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      edges {\n        cursor\n        node {\n          id\n          text\n          createdAt\n          author {\n            id\n            displayName\n          }\n        }\n      }\n    }\n  }\n": typeof types.TaskCommentsDocument,
    "\n  mutation UpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {\n    updateTask(ref: $ref, input: $input) {\n      ...CardFields\n      description\n      version\n    }\n  }\n": typeof types.UpdateTaskDocument,
    "\n  mutation SetAssignees($ref: TaskRefInput!, $userIds: [Int!]) {\n    setAssignees(ref: $ref, userIds: $userIds) {\n      id\n    }\n  }\n": typeof types.SetAssigneesDocument,
    "\n  mutation AddComment($ref: TaskRefInput!, $text: String!, $mentions: [MentionInput!]) {\n    addComment(ref: $ref, text: $text, contentType: MARKDOWN, mentions: $mentions) {\n      id\n    }\n  }\n": typeof types.AddCommentDocument,
    "\n  mutation DeleteTask($ref: TaskRefInput!) {\n    deleteTask(ref: $ref) {\n      id\n    }\n  }\n": typeof types.DeleteTaskDocument,
    "\n  mutation WatchTask($ref: TaskRefInput!) {\n    watchTask(ref: $ref) {\n      id\n    }\n  }\n": typeof types.WatchTaskDocument,
    "\n  mutation UnwatchTask($ref: TaskRefInput!) {\n    unwatchTask(ref: $ref) {\n      id\n    }\n  }\n": typeof types.UnwatchTaskDocument,
    "\n  query TaskActivity($ref: TaskRefInput!, $first: Int!, $after: String) {\n    taskActivity(ref: $ref, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      edges {\n        cursor\n        node {\n          id\n          event\n          createdAt\n          actor {\n            id\n            displayName\n          }\n          changes {\n            field\n            from\n            to\n          }\n        }\n      }\n    }\n  }\n": typeof types.TaskActivityDocument,
};
const documents: Documents = {
    "\n  query Me {\n    me {\n      id\n      email\n      displayName\n    }\n  }\n": types.MeDocument,
    "\n  query ApiKeys {\n    apiKeys {\n      id\n      label\n      prefix\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n  }\n": types.ApiKeysDocument,
    "\n  mutation CreateApiKey($label: String) {\n    createApiKey(label: $label) {\n      id\n      key\n      prefix\n      label\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: Int!) {\n    revokeApiKey(id: $id)\n  }\n": types.RevokeApiKeyDocument,
    "\n  query CommandSearch($query: String!) {\n    searchTasks(query: $query, limit: 8) {\n      items {\n        id\n        projectId\n        ticketNumber\n        title\n      }\n    }\n  }\n": types.CommandSearchDocument,
    "\n  mutation CreateTaskOnBoard($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      id\n      projectId\n      ticketNumber\n    }\n  }\n": types.CreateTaskOnBoardDocument,
    "\n  query CreateTaskColumns($projectId: Int!) {\n    sections(projectId: $projectId) {\n      id\n      projectId\n      title\n    }\n  }\n": types.CreateTaskColumnsDocument,
    "\n  fragment CardFields on Task {\n    id\n    projectId\n    sectionId\n    parentId\n    position\n    status\n    ticketNumber\n    title\n    priority\n    dueDate\n    updatedAt\n    commentCount\n    assignees {\n      id\n      kind\n      userId\n      displayName\n    }\n    labels {\n      id\n      name\n      color\n    }\n  }\n": types.CardFieldsFragmentDoc,
    "\n  query Board($projectId: Int!) {\n    project(id: $projectId) {\n      id\n      title\n      ticketPrefix\n      team {\n        id\n        title\n      }\n    }\n    sections(projectId: $projectId) {\n      id\n      title\n      ranking\n    }\n    labels(projectId: $projectId) {\n      id\n      name\n      color\n    }\n    projectMembers(projectId: $projectId) {\n      id\n      displayName\n      email\n    }\n  }\n": types.BoardDocument,
    "\n  query BoardTasks($projectId: Int!, $offset: Int!) {\n    tasks(filter: { projectId: $projectId }, limit: 100, offset: $offset) {\n      total\n      items {\n        ...CardFields\n      }\n    }\n  }\n": types.BoardTasksDocument,
    "\n  subscription BoardEvents($projectId: Int!, $after: ID) {\n    boardEvents(projectId: $projectId, after: $after) {\n      __typename\n      cursor\n      event\n      ... on TaskBoardEvent {\n        taskId\n        task {\n          ...CardFields\n        }\n      }\n      ... on CommentBoardEvent {\n        taskId\n        commentId\n        task {\n          ...CardFields\n        }\n      }\n      ... on LabelBoardEvent {\n        labelId\n        label {\n          id\n          name\n          color\n        }\n      }\n    }\n  }\n": types.BoardEventsDocument,
    "\n  mutation PlaceTask($taskId: Int!, $sectionId: Int!, $afterTaskId: Int) {\n    placeTask(ref: { taskId: $taskId }, sectionId: $sectionId, afterTaskId: $afterTaskId) {\n      task {\n        ...CardFields\n      }\n      alsoPlaced {\n        ...CardFields\n      }\n    }\n  }\n": types.PlaceTaskDocument,
    "\n  mutation CreateCard($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      ...CardFields\n    }\n  }\n": types.CreateCardDocument,
    "\n  query BoardSearch($projectId: Int!, $query: String!, $offset: Int!) {\n    searchTasks(projectId: $projectId, query: $query, limit: 50, offset: $offset) {\n      total\n      hasMore\n      items {\n        id\n      }\n    }\n  }\n": types.BoardSearchDocument,
    "\n  fragment BoardViewFields on SavedView {\n    id\n    title\n    layout\n    subtaskSetting\n    filters\n  }\n": types.BoardViewFieldsFragmentDoc,
    "\n  query SavedViews($projectId: Int!) {\n    savedViews(projectId: $projectId) {\n      ...BoardViewFields\n    }\n  }\n": types.SavedViewsDocument,
    "\n  mutation CreateView(\n    $projectId: Int!\n    $title: String!\n    $layout: ViewLayout\n    $subtaskSetting: SubtaskSetting\n    $filters: JSON\n  ) {\n    createSavedView(\n      projectId: $projectId\n      title: $title\n      layout: $layout\n      subtaskSetting: $subtaskSetting\n      filters: $filters\n    ) {\n      ...BoardViewFields\n    }\n  }\n": types.CreateViewDocument,
    "\n  mutation UpdateView($id: Int!, $layout: ViewLayout, $subtaskSetting: SubtaskSetting, $filters: JSON) {\n    updateSavedView(id: $id, layout: $layout, subtaskSetting: $subtaskSetting, filters: $filters) {\n      ...BoardViewFields\n    }\n  }\n": types.UpdateViewDocument,
    "\n  mutation DeleteView($id: Int!) {\n    deleteSavedView(id: $id) {\n      id\n    }\n  }\n": types.DeleteViewDocument,
    "\n  query Boards {\n    projects(limit: 100) {\n      total\n      items {\n        id\n        title\n        description\n        ticketPrefix\n        taskCount\n        team {\n          id\n          title\n        }\n      }\n    }\n  }\n": types.BoardsDocument,
    "\n  query ArchivedBoards {\n    projects(limit: 100, status: ARCHIVE) {\n      total\n      items {\n        id\n        title\n        ticketPrefix\n        taskCount\n        team {\n          id\n          title\n        }\n      }\n    }\n  }\n": types.ArchivedBoardsDocument,
    "\n  query Teams {\n    teams {\n      id\n      title\n    }\n  }\n": types.TeamsDocument,
    "\n  mutation CreateBoard($input: BoardInput!) {\n    createBoard(input: $input) {\n      project {\n        id\n      }\n    }\n  }\n": types.CreateBoardDocument,
    "\n  subscription InboxEvents($after: ID) {\n    inboxEvents(after: $after) {\n      cursor\n      type\n      taskId\n    }\n  }\n": types.InboxEventsDocument,
    "\n  query UnreadCount {\n    inbox(unreadOnly: true, limit: 1) {\n      total\n    }\n  }\n": types.UnreadCountDocument,
    "\n  query Inbox($unreadOnly: Boolean!, $offset: Int!) {\n    inbox(unreadOnly: $unreadOnly, limit: 50, offset: $offset) {\n      total\n      items {\n        id\n        type\n        message\n        read\n        createdAt\n        ticketNumber\n        taskId\n        actor {\n          id\n          displayName\n        }\n        task {\n          id\n          projectId\n          title\n        }\n      }\n    }\n  }\n": types.InboxDocument,
    "\n  mutation MarkNotificationsRead($ids: [Int!]!) {\n    markNotificationsRead(ids: $ids)\n  }\n": types.MarkNotificationsReadDocument,
    "\n  mutation ArchiveNotifications($ids: [Int!]!) {\n    archiveNotifications(ids: $ids)\n  }\n": types.ArchiveNotificationsDocument,
    "\n  query Sessions {\n    sessions {\n      id\n      method\n      userAgent\n      ip\n      createdAt\n      lastSeenAt\n      current\n    }\n  }\n": types.SessionsDocument,
    "\n  mutation RevokeSession($id: Int!) {\n    revokeSession(id: $id)\n  }\n": types.RevokeSessionDocument,
    "\n  mutation RevokeOtherSessions {\n    revokeOtherSessions\n  }\n": types.RevokeOtherSessionsDocument,
    "\n  query Account {\n    me {\n      id\n      email\n      displayName\n    }\n  }\n": types.AccountDocument,
    "\n  mutation UpdateMe($displayName: String!) {\n    updateMe(displayName: $displayName) {\n      id\n      displayName\n    }\n  }\n": types.UpdateMeDocument,
    "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n": types.ChangePasswordDocument,
    "\n  query BoardSettings($projectId: Int!) {\n    project(id: $projectId) {\n      id\n      title\n      status\n      ticketPrefix\n      team {\n        id\n        number\n        title\n        viewerRole\n      }\n      members {\n        joinedAt\n        user {\n          id\n          displayName\n          email\n        }\n      }\n      sections(includeHidden: true) {\n        id\n        title\n        ranking\n        taskCount\n        visible\n      }\n      labels {\n        id\n        name\n        color\n      }\n    }\n  }\n": types.BoardSettingsDocument,
    "\n  subscription BoardSettingsEvents($projectId: Int!, $after: ID) {\n    boardEvents(\n      projectId: $projectId\n      after: $after\n      events: [\n        SECTION_CREATED\n        SECTION_UPDATED\n        SECTION_DELETED\n        LABEL_CREATED\n        LABEL_UPDATED\n        LABEL_DELETED\n        MEMBER_ADDED\n        MEMBER_REMOVED\n      ]\n    ) {\n      cursor\n      event\n    }\n  }\n": types.BoardSettingsEventsDocument,
    "\n  mutation CreateSettingsSection($input: CreateSectionInput!) {\n    createSection(input: $input) {\n      id\n      title\n    }\n  }\n": types.CreateSettingsSectionDocument,
    "\n  mutation UpdateSettingsSection($input: UpdateSectionInput!) {\n    updateSection(input: $input) {\n      id\n      title\n      ranking\n      visible\n    }\n  }\n": types.UpdateSettingsSectionDocument,
    "\n  mutation DeleteSettingsSection($projectId: Int!, $sectionId: Int!) {\n    deleteSection(projectId: $projectId, sectionId: $sectionId) {\n      deletedSectionId\n      movedTaskCount\n      movedToSection {\n        id\n        title\n      }\n    }\n  }\n": types.DeleteSettingsSectionDocument,
    "\n  mutation CreateSettingsLabel($input: CreateLabelInput!) {\n    createLabel(input: $input) {\n      id\n      name\n      color\n    }\n  }\n": types.CreateSettingsLabelDocument,
    "\n  mutation UpdateSettingsLabel($projectId: Int!, $id: Int!, $input: UpdateLabelInput!) {\n    updateLabel(projectId: $projectId, id: $id, input: $input) {\n      id\n      name\n      color\n    }\n  }\n": types.UpdateSettingsLabelDocument,
    "\n  mutation DeleteSettingsLabel($projectId: Int!, $id: Int!) {\n    deleteLabel(projectId: $projectId, id: $id) {\n      id\n    }\n  }\n": types.DeleteSettingsLabelDocument,
    "\n  mutation AddBoardMember($projectId: Int!, $user: String!) {\n    addProjectMember(projectId: $projectId, user: $user) {\n      user {\n        id\n        displayName\n      }\n    }\n  }\n": types.AddBoardMemberDocument,
    "\n  mutation RemoveBoardMember($projectId: Int!, $user: String!) {\n    removeProjectMember(projectId: $projectId, user: $user) {\n      id\n    }\n  }\n": types.RemoveBoardMemberDocument,
    "\n  mutation SetBoardStatus($projectId: Int!, $status: Status!) {\n    updateProjectStatus(projectId: $projectId, status: $status) {\n      id\n      status\n    }\n  }\n": types.SetBoardStatusDocument,
    "\n  query SettingsTeams {\n    teams {\n      id\n      number\n      title\n      viewerRole\n    }\n  }\n": types.SettingsTeamsDocument,
    "\n  query TeamInvites($teamId: ID!) {\n    teamInvites(teamId: $teamId) {\n      id\n      email\n      role\n      createdAt\n      expiresAt\n    }\n  }\n": types.TeamInvitesDocument,
    "\n  mutation CreateTeamInvite($teamId: ID!, $email: String!, $role: TeamRole) {\n    createTeamInvite(teamId: $teamId, email: $email, role: $role) {\n      url\n      path\n      invite {\n        id\n        email\n        role\n        expiresAt\n      }\n    }\n  }\n": types.CreateTeamInviteDocument,
    "\n  mutation RevokeTeamInvite($id: Int!) {\n    revokeTeamInvite(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": types.RevokeTeamInviteDocument,
    "\n  query TeamSettings {\n    teams {\n      id\n      number\n      title\n      viewerRole\n      members {\n        role\n        joinedAt\n        user {\n          id\n          displayName\n          email\n        }\n      }\n    }\n  }\n": types.TeamSettingsDocument,
    "\n  mutation SetTeamMemberRole($teamId: ID!, $user: String!, $role: TeamRole!) {\n    setTeamMemberRole(teamId: $teamId, user: $user, role: $role) {\n      role\n      user {\n        id\n      }\n    }\n  }\n": types.SetTeamMemberRoleDocument,
    "\n  mutation RemoveTeamMember($teamId: ID!, $user: String!) {\n    removeTeamMember(teamId: $teamId, user: $user) {\n      id\n    }\n  }\n": types.RemoveTeamMemberDocument,
    "\n  query Webhooks {\n    webhookSubscriptions {\n      id\n      url\n      description\n      active\n      createdAt\n      createdBy {\n        id\n        displayName\n      }\n      disabledAt\n      disabledCause\n      disabledReason\n      failingSince\n      metadata\n      projectId\n      team {\n        id\n        title\n      }\n    }\n    projects(limit: 100) {\n      items {\n        id\n        title\n      }\n    }\n    teams {\n      id\n      title\n      viewerRole\n    }\n  }\n": types.WebhooksDocument,
    "\n  query WebhookDeliveries($subscriptionId: Int!) {\n    webhookDeliveries(subscriptionId: $subscriptionId, limit: 20) {\n      total\n      items {\n        id\n        event\n        eventId\n        ticketNumber\n        status\n        attemptCount\n        lastStatusCode\n        nextAttemptAt\n        createdAt\n        attempts {\n          id\n          outcome\n          statusCode\n          durationMs\n          error\n          responseExcerpt\n          createdAt\n        }\n      }\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  mutation CreateWebhook($input: CreateWebhookSubscriptionInput!) {\n    createWebhookSubscription(input: $input) {\n      secret\n      subscription {\n        id\n        url\n      }\n    }\n  }\n": types.CreateWebhookDocument,
    "\n  mutation UpdateWebhook($id: Int!, $input: UpdateWebhookSubscriptionInput!) {\n    updateWebhookSubscription(id: $id, input: $input) {\n      id\n      active\n      disabledCause\n    }\n  }\n": types.UpdateWebhookDocument,
    "\n  mutation DeleteWebhook($id: Int!) {\n    deleteWebhookSubscription(id: $id) {\n      id\n    }\n  }\n": types.DeleteWebhookDocument,
    "\n  mutation TestWebhook($id: Int!) {\n    testWebhookSubscription(id: $id) {\n      delivered\n      statusCode\n      durationMs\n      error\n    }\n  }\n": types.TestWebhookDocument,
    "\n  mutation RedeliverWebhook($subscriptionId: Int!, $deliveryId: Int!) {\n    redeliverWebhookDelivery(subscriptionId: $subscriptionId, deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n": types.RedeliverWebhookDocument,
    "\n  query TaskDetail($ref: TaskRefInput!) {\n    task(ref: $ref) {\n      ...CardFields\n      description\n      descriptionSource\n      descriptionContentType\n      version\n      updatedBy {\n        id\n        displayName\n      }\n      viewerIsWatching\n      createdAt\n      createdBy {\n        id\n        displayName\n      }\n      parent {\n        id\n        ticketNumber\n        title\n      }\n      subtasks {\n        id\n        ticketNumber\n        title\n        status\n        section {\n          id\n          title\n        }\n      }\n    }\n  }\n": types.TaskDetailDocument,
    "\n  query TaskComments($ref: TaskRefInput!, $first: Int!, $after: String) {\n    commentsConnection(ref: $ref, sortOrder: DESC, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      edges {\n        cursor\n        node {\n          id\n          text\n          createdAt\n          author {\n            id\n            displayName\n          }\n        }\n      }\n    }\n  }\n": types.TaskCommentsDocument,
    "\n  mutation UpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {\n    updateTask(ref: $ref, input: $input) {\n      ...CardFields\n      description\n      version\n    }\n  }\n": types.UpdateTaskDocument,
    "\n  mutation SetAssignees($ref: TaskRefInput!, $userIds: [Int!]) {\n    setAssignees(ref: $ref, userIds: $userIds) {\n      id\n    }\n  }\n": types.SetAssigneesDocument,
    "\n  mutation AddComment($ref: TaskRefInput!, $text: String!, $mentions: [MentionInput!]) {\n    addComment(ref: $ref, text: $text, contentType: MARKDOWN, mentions: $mentions) {\n      id\n    }\n  }\n": types.AddCommentDocument,
    "\n  mutation DeleteTask($ref: TaskRefInput!) {\n    deleteTask(ref: $ref) {\n      id\n    }\n  }\n": types.DeleteTaskDocument,
    "\n  mutation WatchTask($ref: TaskRefInput!) {\n    watchTask(ref: $ref) {\n      id\n    }\n  }\n": types.WatchTaskDocument,
    "\n  mutation UnwatchTask($ref: TaskRefInput!) {\n    unwatchTask(ref: $ref) {\n      id\n    }\n  }\n": types.UnwatchTaskDocument,
    "\n  query TaskActivity($ref: TaskRefInput!, $first: Int!, $after: String) {\n    taskActivity(ref: $ref, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      edges {\n        cursor\n        node {\n          id\n          event\n          createdAt\n          actor {\n            id\n            displayName\n          }\n          changes {\n            field\n            from\n            to\n          }\n        }\n      }\n    }\n  }\n": types.TaskActivityDocument,
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
export function graphql(source: "\n  query Me {\n    me {\n      id\n      email\n      displayName\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      id\n      email\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys {\n    apiKeys {\n      id\n      label\n      prefix\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  query ApiKeys {\n    apiKeys {\n      id\n      label\n      prefix\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($label: String) {\n    createApiKey(label: $label) {\n      id\n      key\n      prefix\n      label\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($label: String) {\n    createApiKey(label: $label) {\n      id\n      key\n      prefix\n      label\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: Int!) {\n    revokeApiKey(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeApiKey($id: Int!) {\n    revokeApiKey(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CommandSearch($query: String!) {\n    searchTasks(query: $query, limit: 8) {\n      items {\n        id\n        projectId\n        ticketNumber\n        title\n      }\n    }\n  }\n"): (typeof documents)["\n  query CommandSearch($query: String!) {\n    searchTasks(query: $query, limit: 8) {\n      items {\n        id\n        projectId\n        ticketNumber\n        title\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTaskOnBoard($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      id\n      projectId\n      ticketNumber\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTaskOnBoard($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      id\n      projectId\n      ticketNumber\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CreateTaskColumns($projectId: Int!) {\n    sections(projectId: $projectId) {\n      id\n      projectId\n      title\n    }\n  }\n"): (typeof documents)["\n  query CreateTaskColumns($projectId: Int!) {\n    sections(projectId: $projectId) {\n      id\n      projectId\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CardFields on Task {\n    id\n    projectId\n    sectionId\n    parentId\n    position\n    status\n    ticketNumber\n    title\n    priority\n    dueDate\n    updatedAt\n    commentCount\n    assignees {\n      id\n      kind\n      userId\n      displayName\n    }\n    labels {\n      id\n      name\n      color\n    }\n  }\n"): (typeof documents)["\n  fragment CardFields on Task {\n    id\n    projectId\n    sectionId\n    parentId\n    position\n    status\n    ticketNumber\n    title\n    priority\n    dueDate\n    updatedAt\n    commentCount\n    assignees {\n      id\n      kind\n      userId\n      displayName\n    }\n    labels {\n      id\n      name\n      color\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Board($projectId: Int!) {\n    project(id: $projectId) {\n      id\n      title\n      ticketPrefix\n      team {\n        id\n        title\n      }\n    }\n    sections(projectId: $projectId) {\n      id\n      title\n      ranking\n    }\n    labels(projectId: $projectId) {\n      id\n      name\n      color\n    }\n    projectMembers(projectId: $projectId) {\n      id\n      displayName\n      email\n    }\n  }\n"): (typeof documents)["\n  query Board($projectId: Int!) {\n    project(id: $projectId) {\n      id\n      title\n      ticketPrefix\n      team {\n        id\n        title\n      }\n    }\n    sections(projectId: $projectId) {\n      id\n      title\n      ranking\n    }\n    labels(projectId: $projectId) {\n      id\n      name\n      color\n    }\n    projectMembers(projectId: $projectId) {\n      id\n      displayName\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BoardTasks($projectId: Int!, $offset: Int!) {\n    tasks(filter: { projectId: $projectId }, limit: 100, offset: $offset) {\n      total\n      items {\n        ...CardFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query BoardTasks($projectId: Int!, $offset: Int!) {\n    tasks(filter: { projectId: $projectId }, limit: 100, offset: $offset) {\n      total\n      items {\n        ...CardFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription BoardEvents($projectId: Int!, $after: ID) {\n    boardEvents(projectId: $projectId, after: $after) {\n      __typename\n      cursor\n      event\n      ... on TaskBoardEvent {\n        taskId\n        task {\n          ...CardFields\n        }\n      }\n      ... on CommentBoardEvent {\n        taskId\n        commentId\n        task {\n          ...CardFields\n        }\n      }\n      ... on LabelBoardEvent {\n        labelId\n        label {\n          id\n          name\n          color\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription BoardEvents($projectId: Int!, $after: ID) {\n    boardEvents(projectId: $projectId, after: $after) {\n      __typename\n      cursor\n      event\n      ... on TaskBoardEvent {\n        taskId\n        task {\n          ...CardFields\n        }\n      }\n      ... on CommentBoardEvent {\n        taskId\n        commentId\n        task {\n          ...CardFields\n        }\n      }\n      ... on LabelBoardEvent {\n        labelId\n        label {\n          id\n          name\n          color\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaceTask($taskId: Int!, $sectionId: Int!, $afterTaskId: Int) {\n    placeTask(ref: { taskId: $taskId }, sectionId: $sectionId, afterTaskId: $afterTaskId) {\n      task {\n        ...CardFields\n      }\n      alsoPlaced {\n        ...CardFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation PlaceTask($taskId: Int!, $sectionId: Int!, $afterTaskId: Int) {\n    placeTask(ref: { taskId: $taskId }, sectionId: $sectionId, afterTaskId: $afterTaskId) {\n      task {\n        ...CardFields\n      }\n      alsoPlaced {\n        ...CardFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCard($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      ...CardFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCard($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      ...CardFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BoardSearch($projectId: Int!, $query: String!, $offset: Int!) {\n    searchTasks(projectId: $projectId, query: $query, limit: 50, offset: $offset) {\n      total\n      hasMore\n      items {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query BoardSearch($projectId: Int!, $query: String!, $offset: Int!) {\n    searchTasks(projectId: $projectId, query: $query, limit: 50, offset: $offset) {\n      total\n      hasMore\n      items {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BoardViewFields on SavedView {\n    id\n    title\n    layout\n    subtaskSetting\n    filters\n  }\n"): (typeof documents)["\n  fragment BoardViewFields on SavedView {\n    id\n    title\n    layout\n    subtaskSetting\n    filters\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SavedViews($projectId: Int!) {\n    savedViews(projectId: $projectId) {\n      ...BoardViewFields\n    }\n  }\n"): (typeof documents)["\n  query SavedViews($projectId: Int!) {\n    savedViews(projectId: $projectId) {\n      ...BoardViewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateView(\n    $projectId: Int!\n    $title: String!\n    $layout: ViewLayout\n    $subtaskSetting: SubtaskSetting\n    $filters: JSON\n  ) {\n    createSavedView(\n      projectId: $projectId\n      title: $title\n      layout: $layout\n      subtaskSetting: $subtaskSetting\n      filters: $filters\n    ) {\n      ...BoardViewFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateView(\n    $projectId: Int!\n    $title: String!\n    $layout: ViewLayout\n    $subtaskSetting: SubtaskSetting\n    $filters: JSON\n  ) {\n    createSavedView(\n      projectId: $projectId\n      title: $title\n      layout: $layout\n      subtaskSetting: $subtaskSetting\n      filters: $filters\n    ) {\n      ...BoardViewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateView($id: Int!, $layout: ViewLayout, $subtaskSetting: SubtaskSetting, $filters: JSON) {\n    updateSavedView(id: $id, layout: $layout, subtaskSetting: $subtaskSetting, filters: $filters) {\n      ...BoardViewFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateView($id: Int!, $layout: ViewLayout, $subtaskSetting: SubtaskSetting, $filters: JSON) {\n    updateSavedView(id: $id, layout: $layout, subtaskSetting: $subtaskSetting, filters: $filters) {\n      ...BoardViewFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteView($id: Int!) {\n    deleteSavedView(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteView($id: Int!) {\n    deleteSavedView(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Boards {\n    projects(limit: 100) {\n      total\n      items {\n        id\n        title\n        description\n        ticketPrefix\n        taskCount\n        team {\n          id\n          title\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Boards {\n    projects(limit: 100) {\n      total\n      items {\n        id\n        title\n        description\n        ticketPrefix\n        taskCount\n        team {\n          id\n          title\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ArchivedBoards {\n    projects(limit: 100, status: ARCHIVE) {\n      total\n      items {\n        id\n        title\n        ticketPrefix\n        taskCount\n        team {\n          id\n          title\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ArchivedBoards {\n    projects(limit: 100, status: ARCHIVE) {\n      total\n      items {\n        id\n        title\n        ticketPrefix\n        taskCount\n        team {\n          id\n          title\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Teams {\n    teams {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  query Teams {\n    teams {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBoard($input: BoardInput!) {\n    createBoard(input: $input) {\n      project {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateBoard($input: BoardInput!) {\n    createBoard(input: $input) {\n      project {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription InboxEvents($after: ID) {\n    inboxEvents(after: $after) {\n      cursor\n      type\n      taskId\n    }\n  }\n"): (typeof documents)["\n  subscription InboxEvents($after: ID) {\n    inboxEvents(after: $after) {\n      cursor\n      type\n      taskId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UnreadCount {\n    inbox(unreadOnly: true, limit: 1) {\n      total\n    }\n  }\n"): (typeof documents)["\n  query UnreadCount {\n    inbox(unreadOnly: true, limit: 1) {\n      total\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Inbox($unreadOnly: Boolean!, $offset: Int!) {\n    inbox(unreadOnly: $unreadOnly, limit: 50, offset: $offset) {\n      total\n      items {\n        id\n        type\n        message\n        read\n        createdAt\n        ticketNumber\n        taskId\n        actor {\n          id\n          displayName\n        }\n        task {\n          id\n          projectId\n          title\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Inbox($unreadOnly: Boolean!, $offset: Int!) {\n    inbox(unreadOnly: $unreadOnly, limit: 50, offset: $offset) {\n      total\n      items {\n        id\n        type\n        message\n        read\n        createdAt\n        ticketNumber\n        taskId\n        actor {\n          id\n          displayName\n        }\n        task {\n          id\n          projectId\n          title\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkNotificationsRead($ids: [Int!]!) {\n    markNotificationsRead(ids: $ids)\n  }\n"): (typeof documents)["\n  mutation MarkNotificationsRead($ids: [Int!]!) {\n    markNotificationsRead(ids: $ids)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ArchiveNotifications($ids: [Int!]!) {\n    archiveNotifications(ids: $ids)\n  }\n"): (typeof documents)["\n  mutation ArchiveNotifications($ids: [Int!]!) {\n    archiveNotifications(ids: $ids)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Sessions {\n    sessions {\n      id\n      method\n      userAgent\n      ip\n      createdAt\n      lastSeenAt\n      current\n    }\n  }\n"): (typeof documents)["\n  query Sessions {\n    sessions {\n      id\n      method\n      userAgent\n      ip\n      createdAt\n      lastSeenAt\n      current\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeSession($id: Int!) {\n    revokeSession(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeSession($id: Int!) {\n    revokeSession(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeOtherSessions {\n    revokeOtherSessions\n  }\n"): (typeof documents)["\n  mutation RevokeOtherSessions {\n    revokeOtherSessions\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Account {\n    me {\n      id\n      email\n      displayName\n    }\n  }\n"): (typeof documents)["\n  query Account {\n    me {\n      id\n      email\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMe($displayName: String!) {\n    updateMe(displayName: $displayName) {\n      id\n      displayName\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMe($displayName: String!) {\n    updateMe(displayName: $displayName) {\n      id\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n"): (typeof documents)["\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BoardSettings($projectId: Int!) {\n    project(id: $projectId) {\n      id\n      title\n      status\n      ticketPrefix\n      team {\n        id\n        number\n        title\n        viewerRole\n      }\n      members {\n        joinedAt\n        user {\n          id\n          displayName\n          email\n        }\n      }\n      sections(includeHidden: true) {\n        id\n        title\n        ranking\n        taskCount\n        visible\n      }\n      labels {\n        id\n        name\n        color\n      }\n    }\n  }\n"): (typeof documents)["\n  query BoardSettings($projectId: Int!) {\n    project(id: $projectId) {\n      id\n      title\n      status\n      ticketPrefix\n      team {\n        id\n        number\n        title\n        viewerRole\n      }\n      members {\n        joinedAt\n        user {\n          id\n          displayName\n          email\n        }\n      }\n      sections(includeHidden: true) {\n        id\n        title\n        ranking\n        taskCount\n        visible\n      }\n      labels {\n        id\n        name\n        color\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription BoardSettingsEvents($projectId: Int!, $after: ID) {\n    boardEvents(\n      projectId: $projectId\n      after: $after\n      events: [\n        SECTION_CREATED\n        SECTION_UPDATED\n        SECTION_DELETED\n        LABEL_CREATED\n        LABEL_UPDATED\n        LABEL_DELETED\n        MEMBER_ADDED\n        MEMBER_REMOVED\n      ]\n    ) {\n      cursor\n      event\n    }\n  }\n"): (typeof documents)["\n  subscription BoardSettingsEvents($projectId: Int!, $after: ID) {\n    boardEvents(\n      projectId: $projectId\n      after: $after\n      events: [\n        SECTION_CREATED\n        SECTION_UPDATED\n        SECTION_DELETED\n        LABEL_CREATED\n        LABEL_UPDATED\n        LABEL_DELETED\n        MEMBER_ADDED\n        MEMBER_REMOVED\n      ]\n    ) {\n      cursor\n      event\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSettingsSection($input: CreateSectionInput!) {\n    createSection(input: $input) {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSettingsSection($input: CreateSectionInput!) {\n    createSection(input: $input) {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSettingsSection($input: UpdateSectionInput!) {\n    updateSection(input: $input) {\n      id\n      title\n      ranking\n      visible\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSettingsSection($input: UpdateSectionInput!) {\n    updateSection(input: $input) {\n      id\n      title\n      ranking\n      visible\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSettingsSection($projectId: Int!, $sectionId: Int!) {\n    deleteSection(projectId: $projectId, sectionId: $sectionId) {\n      deletedSectionId\n      movedTaskCount\n      movedToSection {\n        id\n        title\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteSettingsSection($projectId: Int!, $sectionId: Int!) {\n    deleteSection(projectId: $projectId, sectionId: $sectionId) {\n      deletedSectionId\n      movedTaskCount\n      movedToSection {\n        id\n        title\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSettingsLabel($input: CreateLabelInput!) {\n    createLabel(input: $input) {\n      id\n      name\n      color\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSettingsLabel($input: CreateLabelInput!) {\n    createLabel(input: $input) {\n      id\n      name\n      color\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSettingsLabel($projectId: Int!, $id: Int!, $input: UpdateLabelInput!) {\n    updateLabel(projectId: $projectId, id: $id, input: $input) {\n      id\n      name\n      color\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSettingsLabel($projectId: Int!, $id: Int!, $input: UpdateLabelInput!) {\n    updateLabel(projectId: $projectId, id: $id, input: $input) {\n      id\n      name\n      color\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSettingsLabel($projectId: Int!, $id: Int!) {\n    deleteLabel(projectId: $projectId, id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteSettingsLabel($projectId: Int!, $id: Int!) {\n    deleteLabel(projectId: $projectId, id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddBoardMember($projectId: Int!, $user: String!) {\n    addProjectMember(projectId: $projectId, user: $user) {\n      user {\n        id\n        displayName\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AddBoardMember($projectId: Int!, $user: String!) {\n    addProjectMember(projectId: $projectId, user: $user) {\n      user {\n        id\n        displayName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveBoardMember($projectId: Int!, $user: String!) {\n    removeProjectMember(projectId: $projectId, user: $user) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveBoardMember($projectId: Int!, $user: String!) {\n    removeProjectMember(projectId: $projectId, user: $user) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetBoardStatus($projectId: Int!, $status: Status!) {\n    updateProjectStatus(projectId: $projectId, status: $status) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation SetBoardStatus($projectId: Int!, $status: Status!) {\n    updateProjectStatus(projectId: $projectId, status: $status) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SettingsTeams {\n    teams {\n      id\n      number\n      title\n      viewerRole\n    }\n  }\n"): (typeof documents)["\n  query SettingsTeams {\n    teams {\n      id\n      number\n      title\n      viewerRole\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TeamInvites($teamId: ID!) {\n    teamInvites(teamId: $teamId) {\n      id\n      email\n      role\n      createdAt\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  query TeamInvites($teamId: ID!) {\n    teamInvites(teamId: $teamId) {\n      id\n      email\n      role\n      createdAt\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTeamInvite($teamId: ID!, $email: String!, $role: TeamRole) {\n    createTeamInvite(teamId: $teamId, email: $email, role: $role) {\n      url\n      path\n      invite {\n        id\n        email\n        role\n        expiresAt\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTeamInvite($teamId: ID!, $email: String!, $role: TeamRole) {\n    createTeamInvite(teamId: $teamId, email: $email, role: $role) {\n      url\n      path\n      invite {\n        id\n        email\n        role\n        expiresAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeTeamInvite($id: Int!) {\n    revokeTeamInvite(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeTeamInvite($id: Int!) {\n    revokeTeamInvite(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TeamSettings {\n    teams {\n      id\n      number\n      title\n      viewerRole\n      members {\n        role\n        joinedAt\n        user {\n          id\n          displayName\n          email\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TeamSettings {\n    teams {\n      id\n      number\n      title\n      viewerRole\n      members {\n        role\n        joinedAt\n        user {\n          id\n          displayName\n          email\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetTeamMemberRole($teamId: ID!, $user: String!, $role: TeamRole!) {\n    setTeamMemberRole(teamId: $teamId, user: $user, role: $role) {\n      role\n      user {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetTeamMemberRole($teamId: ID!, $user: String!, $role: TeamRole!) {\n    setTeamMemberRole(teamId: $teamId, user: $user, role: $role) {\n      role\n      user {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveTeamMember($teamId: ID!, $user: String!) {\n    removeTeamMember(teamId: $teamId, user: $user) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveTeamMember($teamId: ID!, $user: String!) {\n    removeTeamMember(teamId: $teamId, user: $user) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Webhooks {\n    webhookSubscriptions {\n      id\n      url\n      description\n      active\n      createdAt\n      createdBy {\n        id\n        displayName\n      }\n      disabledAt\n      disabledCause\n      disabledReason\n      failingSince\n      metadata\n      projectId\n      team {\n        id\n        title\n      }\n    }\n    projects(limit: 100) {\n      items {\n        id\n        title\n      }\n    }\n    teams {\n      id\n      title\n      viewerRole\n    }\n  }\n"): (typeof documents)["\n  query Webhooks {\n    webhookSubscriptions {\n      id\n      url\n      description\n      active\n      createdAt\n      createdBy {\n        id\n        displayName\n      }\n      disabledAt\n      disabledCause\n      disabledReason\n      failingSince\n      metadata\n      projectId\n      team {\n        id\n        title\n      }\n    }\n    projects(limit: 100) {\n      items {\n        id\n        title\n      }\n    }\n    teams {\n      id\n      title\n      viewerRole\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($subscriptionId: Int!) {\n    webhookDeliveries(subscriptionId: $subscriptionId, limit: 20) {\n      total\n      items {\n        id\n        event\n        eventId\n        ticketNumber\n        status\n        attemptCount\n        lastStatusCode\n        nextAttemptAt\n        createdAt\n        attempts {\n          id\n          outcome\n          statusCode\n          durationMs\n          error\n          responseExcerpt\n          createdAt\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query WebhookDeliveries($subscriptionId: Int!) {\n    webhookDeliveries(subscriptionId: $subscriptionId, limit: 20) {\n      total\n      items {\n        id\n        event\n        eventId\n        ticketNumber\n        status\n        attemptCount\n        lastStatusCode\n        nextAttemptAt\n        createdAt\n        attempts {\n          id\n          outcome\n          statusCode\n          durationMs\n          error\n          responseExcerpt\n          createdAt\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhook($input: CreateWebhookSubscriptionInput!) {\n    createWebhookSubscription(input: $input) {\n      secret\n      subscription {\n        id\n        url\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhook($input: CreateWebhookSubscriptionInput!) {\n    createWebhookSubscription(input: $input) {\n      secret\n      subscription {\n        id\n        url\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhook($id: Int!, $input: UpdateWebhookSubscriptionInput!) {\n    updateWebhookSubscription(id: $id, input: $input) {\n      id\n      active\n      disabledCause\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateWebhook($id: Int!, $input: UpdateWebhookSubscriptionInput!) {\n    updateWebhookSubscription(id: $id, input: $input) {\n      id\n      active\n      disabledCause\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhook($id: Int!) {\n    deleteWebhookSubscription(id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteWebhook($id: Int!) {\n    deleteWebhookSubscription(id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestWebhook($id: Int!) {\n    testWebhookSubscription(id: $id) {\n      delivered\n      statusCode\n      durationMs\n      error\n    }\n  }\n"): (typeof documents)["\n  mutation TestWebhook($id: Int!) {\n    testWebhookSubscription(id: $id) {\n      delivered\n      statusCode\n      durationMs\n      error\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhook($subscriptionId: Int!, $deliveryId: Int!) {\n    redeliverWebhookDelivery(subscriptionId: $subscriptionId, deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation RedeliverWebhook($subscriptionId: Int!, $deliveryId: Int!) {\n    redeliverWebhookDelivery(subscriptionId: $subscriptionId, deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaskDetail($ref: TaskRefInput!) {\n    task(ref: $ref) {\n      ...CardFields\n      description\n      descriptionSource\n      descriptionContentType\n      version\n      updatedBy {\n        id\n        displayName\n      }\n      viewerIsWatching\n      createdAt\n      createdBy {\n        id\n        displayName\n      }\n      parent {\n        id\n        ticketNumber\n        title\n      }\n      subtasks {\n        id\n        ticketNumber\n        title\n        status\n        section {\n          id\n          title\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TaskDetail($ref: TaskRefInput!) {\n    task(ref: $ref) {\n      ...CardFields\n      description\n      descriptionSource\n      descriptionContentType\n      version\n      updatedBy {\n        id\n        displayName\n      }\n      viewerIsWatching\n      createdAt\n      createdBy {\n        id\n        displayName\n      }\n      parent {\n        id\n        ticketNumber\n        title\n      }\n      subtasks {\n        id\n        ticketNumber\n        title\n        status\n        section {\n          id\n          title\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaskComments($ref: TaskRefInput!, $first: Int!, $after: String) {\n    commentsConnection(ref: $ref, sortOrder: DESC, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      edges {\n        cursor\n        node {\n          id\n          text\n          createdAt\n          author {\n            id\n            displayName\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TaskComments($ref: TaskRefInput!, $first: Int!, $after: String) {\n    commentsConnection(ref: $ref, sortOrder: DESC, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      edges {\n        cursor\n        node {\n          id\n          text\n          createdAt\n          author {\n            id\n            displayName\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {\n    updateTask(ref: $ref, input: $input) {\n      ...CardFields\n      description\n      version\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTask($ref: TaskRefInput!, $input: UpdateTaskInput!) {\n    updateTask(ref: $ref, input: $input) {\n      ...CardFields\n      description\n      version\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetAssignees($ref: TaskRefInput!, $userIds: [Int!]) {\n    setAssignees(ref: $ref, userIds: $userIds) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation SetAssignees($ref: TaskRefInput!, $userIds: [Int!]) {\n    setAssignees(ref: $ref, userIds: $userIds) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddComment($ref: TaskRefInput!, $text: String!, $mentions: [MentionInput!]) {\n    addComment(ref: $ref, text: $text, contentType: MARKDOWN, mentions: $mentions) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation AddComment($ref: TaskRefInput!, $text: String!, $mentions: [MentionInput!]) {\n    addComment(ref: $ref, text: $text, contentType: MARKDOWN, mentions: $mentions) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTask($ref: TaskRefInput!) {\n    deleteTask(ref: $ref) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteTask($ref: TaskRefInput!) {\n    deleteTask(ref: $ref) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WatchTask($ref: TaskRefInput!) {\n    watchTask(ref: $ref) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation WatchTask($ref: TaskRefInput!) {\n    watchTask(ref: $ref) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnwatchTask($ref: TaskRefInput!) {\n    unwatchTask(ref: $ref) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation UnwatchTask($ref: TaskRefInput!) {\n    unwatchTask(ref: $ref) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaskActivity($ref: TaskRefInput!, $first: Int!, $after: String) {\n    taskActivity(ref: $ref, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      edges {\n        cursor\n        node {\n          id\n          event\n          createdAt\n          actor {\n            id\n            displayName\n          }\n          changes {\n            field\n            from\n            to\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TaskActivity($ref: TaskRefInput!, $first: Int!, $after: String) {\n    taskActivity(ref: $ref, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n      }\n      edges {\n        cursor\n        node {\n          id\n          event\n          createdAt\n          actor {\n            id\n            displayName\n          }\n          changes {\n            field\n            from\n            to\n          }\n        }\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;