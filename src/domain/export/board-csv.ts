import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import { requireProject } from '../access.ts';
import { EXPORT_PAGE_ROWS } from './team-export.ts';

/** The columns of a board's CSV, in order (the header row). */
export const BOARD_CSV_COLUMNS = [
  'ticket',
  'title',
  'section',
  'status',
  'priority',
  'labels',
  'assignees',
  'due_date',
  'estimate_minutes',
  'parent',
  'created_by',
  'created_at',
  'updated_at',
  'description',
] as const;

/**
 * One CSV field (RFC 4180: quoted when it holds a comma, quote or line
 * break). A text that a spreadsheet would run as a formula (starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, so
 * opening an exported board cannot run what a teammate typed into a title.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line of fields, ended by CRLF (RFC 4180). */
export function csvLine(fields: (string | number | null)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * The board (project) a CSV export reads: `actorId` must be a member of it
 * (another tenant's board is NOT_FOUND); null is the operator's CLI.
 */
export async function requireCsvBoard(db: Db, actorId: number | null, projectId: number) {
  if (actorId !== null) return requireProject(db, actorId, projectId, 'projectId');
  const board = await db.project.findUnique({ where: { id: projectId } });
  if (!board) throw new NotFoundError(`Project ${projectId}`, 'projectId');
  return board;
}

/**
 * A board as CSV: a header row (BOARD_CSV_COLUMNS), then one row per task
 * by ticket number, labels and assignees joined with `, `; streamed in
 * pages of EXPORT_PAGE_ROWS tasks.
 */
export async function* boardCsv(db: Db, board: { id: number; ticketPrefix: string }): AsyncGenerator<string> {
  yield csvLine([...BOARD_CSV_COLUMNS]);
  let after = 0;
  for (;;) {
    const rows = await db.task.findMany({
      where: { projectId: board.id, uniqueIndex: { gt: after } },
      include: {
        section: { select: { title: true } },
        labels: { select: { label: { select: { name: true } } } },
        assignees: { select: { user: { select: { email: true } }, agent: { select: { displayName: true } } }, orderBy: { id: 'asc' } },
        parent: { select: { uniqueIndex: true } },
        createdBy: { select: { email: true } },
      },
      orderBy: { uniqueIndex: 'asc' },
      take: EXPORT_PAGE_ROWS,
    });
    if (rows.length === 0) return;
    yield rows
      .map((t) =>
        csvLine([
          `${board.ticketPrefix}-${t.uniqueIndex}`,
          t.title,
          t.section.title,
          t.status,
          t.priority,
          t.labels.map((l) => l.label.name).sort().join(', '),
          t.assignees.map((a) => a.user?.email ?? a.agent?.displayName ?? '').join(', '),
          t.dueDate ? t.dueDate.toISOString() : null,
          t.estimateMinutes,
          t.parent ? `${board.ticketPrefix}-${t.parent.uniqueIndex}` : null,
          t.createdBy?.email ?? null,
          t.createdAt.toISOString(),
          t.updatedAt.toISOString(),
          t.description,
        ]),
      )
      .join('');
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = rows[rows.length - 1].uniqueIndex;
  }
}
