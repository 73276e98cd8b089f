import type { Command } from 'commander';
import { clip, listTable } from './render.ts';
import { toolCommand } from './tool-command.ts';

/** `tasksvc inbox list|archive` over the tool routes. */
export function registerInboxCommands(program: Command) {
  const inbox = program.command('inbox').description('Your notifications, over the tool routes');
  toolCommand(inbox, 'list', {
    tool: 'tasksvc_inbox_list',
    description: 'Notifications not yet archived, newest first',
    render: (b: { notifications: Record<string, unknown>[]; total: number }) =>
      listTable(
        b.notifications.map((n) => ({ ...n, ticket: n.ticket_number, message: clip(n.message, 60) })),
        ['id', 'type', 'ticket', 'message', 'read', 'createdAt'],
        b.total,
      ),
  });
  toolCommand(inbox, 'archive', {
    tool: 'tasksvc_inbox_archive',
    description: 'Archive notifications by id',
    args: [{ syntax: '<ids...>', description: 'notification ids', apply: (v: string[], a) => (a.notification_ids = v.map((x) => (/^\d+$/.test(x) ? Number(x) : x))) }],
    hide: ['notification_ids'],
    render: (b: { archived: number }) => `Archived ${b.archived} notification${b.archived === 1 ? '' : 's'}`,
    example: 'tasksvc inbox archive 12 13',
  });
}
