import type { Command } from 'commander';
import { listTable } from './render.ts';
import { toolCommand } from './tool-command.ts';

/** `tasksvc projects list`: the boards of the key owner (tasksvc_list_projects). */
export function registerProjectCommands(program: Command) {
  const projects = program.command('projects').description('Projects (boards) of the API key owner, over the tool routes');
  toolCommand(projects, 'list', {
    tool: 'tasksvc_list_projects',
    description: 'List your projects (boards)',
    render: (b: { projects: Record<string, unknown>[]; total: number }) => listTable(b.projects, ['id', 'title', 'status', 'createdAt'], b.total),
    example: 'tasksvc projects list --search web --sort-by updatedAt --sort-order desc',
  });
}
