// What the bench sends PostGraphile (bench/reference-server.ts) for each scenario: the GraphQL equivalent of the
// app's request, through a function of bench/reference.sql (or floor-sql.ts's REFERENCE_WRITES_SQL) where the
// generated CRUD cannot express the app's work. No API key and no visibility rule: the user id is an argument.

/** The tool route's task list: the same page, order and fields (assignees via their join rows). */
export const REFERENCE_LIST = /* GraphQL */ `
  query List($projectId: Int!, $first: Int!) {
    allTasks(condition: { projectId: $projectId, status: Normal }, orderBy: [UPDATED_AT_DESC, ROW_ID_DESC], first: $first) {
      totalCount
      nodes {
        rowId uniqueIndex title description priority createdAt updatedAt
        projectByProjectId { ticketPrefix } sectionBySectionId { title }
        taskAssigneesByTaskId { nodes { rowId userByUserId { rowId displayName } agentByAgentId { rowId displayName } } }
      }
    }
  }`;

/** The task create: bench_ref.add_task does the app's writes. */
export const REFERENCE_CREATE = /* GraphQL */ `
  mutation Add($projectId: Int!, $userId: Int!, $title: String!, $priority: Priority) {
    benchRefAddTask(input: { projectId: $projectId, userId: $userId, title: $title, priority: $priority }) {
      result { rowId uniqueIndex title priority createdAt projectByProjectId { ticketPrefix } sectionBySectionId { title } }
    }
  }`;

/** The task update (title, priority): bench_ref.update_task; the fields of the tool route's answer. */
export const REFERENCE_UPDATE = /* GraphQL */ `
  mutation Update($taskId: Int!, $userId: Int!, $title: String, $priority: Priority) {
    benchRefUpdateTask(input: { taskId: $taskId, userId: $userId, title: $title, priority: $priority }) {
      result { rowId uniqueIndex title updatedAt projectByProjectId { ticketPrefix } sectionBySectionId { title } }
    }
  }`;

/** The task search: bench_ref.search_tasks (the app's search statement, ranked in SQL). */
export const REFERENCE_SEARCH = /* GraphQL */ `
  query Search($userId: Int!, $query: String!, $limit: Int!) {
    benchRefSearchTasks(userId: $userId, query: $query, lim: $limit) { nodes { rowId ticketNumber title section priority score total } }
  }`;

/** The REST project list: the user's projects (bench_ref.visible_projects), first page, with the list's counts, sections and labels. */
export const REFERENCE_PROJECTS = /* GraphQL */ `
  query Projects($userId: Int!, $first: Int!) {
    benchRefVisibleProjects(userId: $userId, first: $first) {
      totalCount
      nodes {
        rowId title status createdAt description taskCount projectMembersByProjectId { totalCount }
        shownSections { nodes { rowId title } }
        labelsByProjectId(orderBy: NAME_ASC) { nodes { rowId name } }
      }
    }
  }`;

/** The team board: bench_ref.create_team_board writes it; the answer's sections, labels and tasks in manifest order. */
export const REFERENCE_BOARD = /* GraphQL */ `
  mutation Board($teamId: UUID!, $userId: Int!, $manifest: JSON!) {
    benchRefCreateTeamBoard(input: { teamId: $teamId, userId: $userId, manifest: $manifest }) {
      result {
        rowId title ticketPrefix
        sectionsByProjectId(orderBy: RANKING_ASC) { nodes { rowId title } }
        labelsByProjectId(orderBy: ROW_ID_ASC) { nodes { rowId name } }
        tasksByProjectId(orderBy: UNIQUE_INDEX_ASC) { nodes { rowId uniqueIndex title } }
      }
    }
  }`;
