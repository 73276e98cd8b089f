import type { Command } from 'commander';
import { clip, listTable, names, plainText, recordTable } from './render.ts';
import { taskArg, toolCommand } from './tool-command.ts';

/** Spec 2.4 tasks as table rows. */
function taskRows(tasks: Record<string, unknown>[]) {
  return tasks.map((t) => ({
    id: t.id,
    ticket: t.ticket_number,
    title: clip(t.title, 50),
    section: t.section,
    priority: t.priority,
    assignees: clip(names(t.assignees), 40),
    updatedAt: t.updatedAt,
  }));
}

const TASK_COLUMNS = ['id', 'ticket', 'title', 'section', 'priority', 'assignees', 'updatedAt'];
const TASK_REF = ['task_id', 'ticket_number'];

/** `tasksvc tasks list|get|create|update|move|search` over the tool routes. */
export function registerTaskCommands(program: Command) {
  const tasks = program.command('tasks').description('Tasks of your boards, over the tool routes');

  toolCommand(tasks, 'list', {
    tool: 'tasksvc_list_tasks',
    description: 'List tasks, newest activity first (filters combine with AND)',
    render: (b: { tasks: Record<string, unknown>[]; total: number }) => listTable(taskRows(b.tasks), TASK_COLUMNS, b.total),
    example: 'tasksvc tasks list --project-id 3 --assigned-to me --priority high',
  });

  toolCommand(tasks, 'get', {
    tool: 'tasksvc_get_tasks',
    description: 'Show one task',
    args: [taskArg],
    hide: [...TASK_REF, 'limit', 'offset'],
    render: (b: { tasks: Record<string, unknown>[] }) => {
      const t = b.tasks[0];
      return t ? recordTable({ ...t, description: plainText(t.description), assignees: names(t.assignees) }) : '(no such task)';
    },
    example: 'tasksvc tasks get ABC-12',
  });

  toolCommand(tasks, 'create', {
    tool: 'tasksvc_create_task',
    description: 'Create a task (without --section-id it goes to Backlog)',
    args: [{ syntax: '[title]', description: 'task title (or --title)', apply: (v: string, a) => (a.title = v) }],
    hide: ['labels', 'label_ids'],
    render: (b: Record<string, unknown>) => `Created ${b.ticket_number} (id ${b.id}) in ${b.section}\n${recordTable(b)}`,
    example: 'tasksvc tasks create "Fix login" --project-id 3 --priority high --description "**now**" --content-type markdown',
  });

  toolCommand(tasks, 'update', {
    tool: 'tasksvc_update_task',
    description: 'Change fields of a task (only the options you give)',
    args: [taskArg],
    hide: [...TASK_REF, 'labels', 'label_ids'],
    render: (b: Record<string, unknown>) => `Updated ${b.ticket_number}\n${recordTable(b)}`,
    example: 'tasksvc tasks update ABC-12 --status Archive --priority null',
  });

  toolCommand(tasks, 'move', {
    tool: 'tasksvc_move_task_between_boards',
    description: 'Move a task to another board (it gets a new ticket number)',
    args: [taskArg],
    hide: TASK_REF,
    render: (b: Record<string, unknown>) => `Moved to project ${b.project_id} as ${b.ticket_number} (section ${b.section})`,
    example: 'tasksvc tasks move ABC-12 --target-project-id 7',
  });

  toolCommand(tasks, 'search', {
    tool: 'tasksvc_search_tasks',
    description: 'Full-text, typo-tolerant task search',
    args: [{ syntax: '<query...>', description: 'words to search for', apply: (v: string[], a) => (a.query = v.join(' ')) }],
    hide: ['query'],
    render: (b: { tasks: Record<string, unknown>[]; total: number }) =>
      listTable(
        b.tasks.map((t) => ({ ...t, ticket: t.ticket_number, title: clip(t.title, 50), score: Number(t.score).toFixed(2) })),
        ['id', 'ticket', 'title', 'section', 'priority', 'score'],
        b.total,
      ),
    example: 'tasksvc tasks search login bug --project-id 3',
  });
}
