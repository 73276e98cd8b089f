import type { Command } from 'commander';
import { registerAssignCommand } from './assign.ts';
import { registerCommentCommands } from './comments.ts';
import { registerInboxCommands } from './inbox.ts';
import { registerProjectCommands } from './projects.ts';
import { registerTaskCommands } from './tasks.ts';

/**
 * The client commands (`projects`, `tasks`, `comments`, `assign`, `inbox`):
 * the tool routes over HTTP for people and scripts, as the TASKSVC_API_KEY
 * user of TASKSVC_URL (or `--key` / `--url`).
 */
export function registerClientCommands(program: Command) {
  registerProjectCommands(program);
  registerTaskCommands(program);
  registerCommentCommands(program);
  registerAssignCommand(program);
  registerInboxCommands(program);
}
