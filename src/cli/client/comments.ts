import type { Command } from 'commander';
import { clip, listTable, plainText } from './render.ts';
import { taskArg, toolCommand } from './tool-command.ts';

/** `tasksvc comments list|add` over the tool routes. */
export function registerCommentCommands(program: Command) {
  const comments = program.command('comments').description('Comments on tasks, over the tool routes');
  toolCommand(comments, 'list', {
    tool: 'tasksvc_get_comments_for_task',
    description: 'Comments of a task (oldest first)',
    args: [taskArg],
    hide: ['task_id', 'ticket_number'],
    render: (b: { comments: { id: number; text: string; author: { displayName: string } | null; createdAt: string }[]; total: number }) =>
      listTable(
        b.comments.map((c) => ({ id: c.id, author: c.author?.displayName ?? '(deleted)', createdAt: c.createdAt, text: clip(plainText(c.text), 70) })),
        ['id', 'author', 'createdAt', 'text'],
        b.total,
      ),
    example: 'tasksvc comments list ABC-12 --sort-order desc',
  });
  toolCommand(comments, 'add', {
    tool: 'tasksvc_add_comment_to_task',
    description: 'Comment on a task (mentions notify: --mentions \'[{"user_id":5,"display_name":"Ann"}]\')',
    args: [taskArg, { syntax: '[text]', description: 'comment text, HTML (or markdown with --content-type markdown)', apply: (v: string, a) => (a.text = v) }],
    hide: ['task_id', 'ticket_number'],
    render: (b: { id: number; text: string; createdAt: string }) => `Added comment ${b.id} at ${b.createdAt}`,
    example: 'tasksvc comments add ABC-12 "Looks good" --content-type markdown',
  });
}
