/**
 * The first paragraph of each tool's description: when an agent should
 * use it and what it changes. The route's own summary and description
 * (the reference, shared with OpenAPI) follow it.
 */
export const TOOL_GUIDANCE: Record<string, string> = {
  tasksvc_get_user_context:
    'Use first to learn who the API key belongs to (your user id for `assigned_to`, mentions and assignment). Read-only.',
  tasksvc_list_projects:
    'Use to find the boards (projects) you can work in and their ids; most other tools need a `project_id`. Read-only.',
  tasksvc_create_board:
    'Use to set up a new board in one step, with its columns (sections), labels and starter tasks. Creates a new project; ' +
    'calling it twice creates two boards. Get `team_id` from tasksvc_get_user_context.',
  tasksvc_section:
    'Use `action: "list"` to see a board’s columns (sections) and their ids (needed for `section_id` / `sectionId` when ' +
    'creating or moving tasks); use `action: "create"` to add a column. `projectId` is required for both; `title` and ' +
    '`after_section_id` apply to create only, `include_hidden` to list only. Create adds a section every time it is called.',
  tasksvc_list_tasks:
    'Use to browse or filter tasks (by board, section, assignee, priority, status, labels, dates, …) when you know the ' +
    'criteria; for free-text questions use tasksvc_search_tasks. Read-only.',
  tasksvc_get_tasks:
    'Use to fetch one task you can name: `task_id` or `ticket_number` (e.g. `ABC-12`, with `project_id` when ambiguous). ' +
    'The same route as tasksvc_list_tasks, so list filters work too. Read-only.',
  tasksvc_search_tasks:
    'Use to find tasks by words or a ticket number when you do not know the exact title (typo-tolerant, ranked by score). ' +
    'Read-only.',
  tasksvc_create_task:
    'Use to add a new task to a board. Creates one task each call (no de-duplication); the creator starts watching it. ' +
    'Labels cannot be set here.',
  tasksvc_update_task:
    'Use to change a task’s title, description, priority, estimate, due date, section (move within its board) or status ' +
    '(`Archive`/`Deleted`). Overwrites only the fields you give; watchers are notified of real changes.',
  tasksvc_move_task_between_boards:
    'Use to move a task to a different board. The task gets a new ticket number, loses its labels, and loses assignees ' +
    'and watchers who are not members of the target board. To change column within the same board use tasksvc_update_task.',
  tasksvc_get_comments_for_task: 'Use to read the discussion on a task (oldest first by default). Read-only.',
  tasksvc_add_comment_to_task:
    'Use to post a comment on a task. To notify people, list them in `mentions` (`@name` in the text does not notify). ' +
    'Adds a comment each call.',
  tasksvc_assign_user:
    'Use to assign or unassign people. `user_id` TOGGLES that user: calling it for someone already assigned unassigns ' +
    'them. To set the exact list of assignees use `mode: "multiple"` with `user_ids`. Assigned users are notified.',
  tasksvc_list_project_members:
    'Use to find who can be assigned or mentioned on a board (user ids and names). Read-only.',
  tasksvc_inbox_list: 'Use to see your notifications (assignments, mentions, updates of watched tasks). Read-only.',
  tasksvc_inbox_archive:
    'Use to clear handled notifications from the inbox by id. Archived notifications no longer appear in tasksvc_inbox_list.',
  tasksvc_create_view: 'Use to save a personal view of a board (layout, filters, subtask display). Creates a view each call.',
  tasksvc_update_view: 'Use to change a saved view; only the settings you give change.',
};
