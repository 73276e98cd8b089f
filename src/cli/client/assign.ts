import type { Command } from 'commander';
import { formatTable } from '../output.ts';
import { taskArg, toolCommand } from './tool-command.ts';

/** `tasksvc assign <task>` (tasksvc_assign_user): toggle one user, or set the list with --mode multiple. */
export function registerAssignCommand(program: Command) {
  toolCommand(program, 'assign', {
    tool: 'tasksvc_assign_user',
    description: 'Assign users to a task: --user-id toggles one user (assigned → unassigned); --user-ids 1,2 --mode multiple sets the list',
    args: [taskArg],
    hide: ['task_id', 'ticket_number'],
    render: (b: { assignees: { id: number | string; displayName: string }[] }) =>
      `Assignees now:\n${formatTable(b.assignees, ['id', 'displayName'])}`,
    example: 'tasksvc assign ABC-12 --user-id 5',
  });
}
