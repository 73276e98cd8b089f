/**
 * What each tool does to the service, as MCP tool annotations. Every hint
 * here must be true of the route behind the tool:
 * - `readOnlyHint`: changes nothing (listing the inbox does not mark anything read);
 * - `destructiveHint`: may overwrite or remove existing data (false = only adds);
 * - `idempotentHint`: repeating the same call changes nothing more.
 * `openWorldHint` is false for every tool (only this service's data is touched)
 * and is added by the catalog.
 */
export interface ToolHints {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
}

const read = (title: string): ToolHints => ({ title, readOnlyHint: true, destructiveHint: false, idempotentHint: true });

export const TOOL_ANNOTATIONS: Record<string, ToolHints> = {
  tasksvc_get_user_context: read('Who am I'),
  tasksvc_list_projects: read('List projects'),
  tasksvc_list_project_members: read('List project members'),
  tasksvc_list_tasks: read('List tasks'),
  tasksvc_get_tasks: read('Get tasks'),
  tasksvc_search_tasks: read('Search tasks'),
  tasksvc_get_comments_for_task: read('Get task comments'),
  tasksvc_inbox_list: read('List inbox'),
  // Adds a board, its sections, labels and tasks; a repeat adds another board.
  tasksvc_create_board: { title: 'Create board', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  // `list` reads; `create` appends a section (a repeat appends another).
  tasksvc_section: { title: 'List or create sections', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  tasksvc_create_task: { title: 'Create task', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  // Overwrites fields (and `status: Deleted` deletes); the same update again is a no-op.
  tasksvc_update_task: { title: 'Update task', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  // Renumbers the task and drops its labels and non-member assignees; moving it again to the same board changes nothing.
  tasksvc_move_task_between_boards: { title: 'Move task to another board', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  tasksvc_add_comment_to_task: { title: 'Add comment', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  // `user_id` toggles (a repeat undoes it); `mode: multiple` replaces the assignees.
  tasksvc_assign_user: { title: 'Assign or unassign users', readOnlyHint: false, destructiveHint: true, idempotentHint: false },
  // Hides notifications from the inbox; archiving them again changes nothing.
  tasksvc_inbox_archive: { title: 'Archive notifications', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  tasksvc_create_view: { title: 'Create saved view', readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  // Overwrites the given settings; the same update again changes nothing.
  tasksvc_update_view: { title: 'Update saved view', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
};

/**
 * Hints of a tool missing from the table (a route added later): a GET only
 * reads; anything else is assumed to overwrite and not to be repeatable,
 * the cautious reading until the table says otherwise.
 */
export function fallbackHints(title: string, method: string): ToolHints {
  return method === 'GET' ? read(title) : { title, readOnlyHint: false, destructiveHint: true, idempotentHint: false };
}
