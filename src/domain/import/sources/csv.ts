import { ValidationError } from '../../../errors.ts';
import { PRIORITIES } from '../../task/fields.ts';
import type { ImportRecord } from '../records.ts';
import { listCell, placeholderEmail, readCsv } from './parsed.ts';

type Row = Record<string, string>;

/** A row's cell by any of its header names (case and spaces ignored). */
function cellOf(row: Row, ...names: string[]): string | undefined {
  const wanted = new Set(names.map(norm));
  for (const [k, v] of Object.entries(row)) if (wanted.has(norm(k))) return v === '' ? undefined : v;
  return undefined;
}
const norm = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');

/** A cell our own CSV export defused (a leading `'` before a formula character) back as it was. */
const undefused = (v: string | undefined) => (v && /^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/** Sections in the order a board shows them: the ones given first (known workflow names), then by first appearance. */
function sectionsOf(values: string[], preferred: string[] = []): { key: string; title: string }[] {
  const seen = [...new Set(values.filter(Boolean))];
  const rank = (s: string) => {
    const i = preferred.findIndex((p) => p.toLowerCase() === s.toLowerCase());
    return i < 0 ? preferred.length : i;
  };
  const ordered = seen.map((s, i) => ({ s, i })).sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i).map(({ s }) => s);
  return (ordered.length ? ordered : ['Todo']).map((title) => ({ key: title, title: title.slice(0, 200) }));
}

/**
 * Records of a plain CSV file (RFC 4180, a header row): one board
 * (`boardTitle`), one task per row. Columns by header, case and spaces
 * ignored: `title` (required), `description` (markdown), `section` (or
 * `status`, `column`, `list`: the sections, in order of first appearance),
 * `labels` (`, ` or `;` separated), `assignees` (emails), `due_date` (or
 * `due`), `priority` (urgent, high, medium, low), `estimate_minutes`,
 * `ticket` (`ABC-12`: its number), `parent` (another row's ticket). The CSV
 * that `tasksvc export --board` writes reads back this way.
 */
export async function* csvRecords(input: AsyncIterable<Buffer | string>, boardTitle: string): AsyncGenerator<ImportRecord> {
  const rows = await readCsv(input);
  if (rows.length && cellOf(rows[0], 'title') === undefined && !Object.keys(rows[0]).some((k) => norm(k) === 'title')) {
    throw new ValidationError('title', 'title: the CSV has no `title` column', 'required');
  }
  yield { kind: 'board', key: 'csv', title: boardTitle, sections: sectionsOf(rows.map((r) => cellOf(r, 'section', 'status', 'column', 'list') ?? '')), labels: [] };
  for (const [i, row] of rows.entries()) {
    const ticket = cellOf(row, 'ticket', 'id', 'number');
    const number = ticket && /(\d+)$/.exec(ticket) ? Number(/(\d+)$/.exec(ticket)![1]) : null;
    const priority = cellOf(row, 'priority')?.toLowerCase();
    const estimate = cellOf(row, 'estimate_minutes', 'estimate');
    yield {
      kind: 'task',
      key: ticket ?? `row-${i + 2}`,
      board: 'csv',
      number,
      title: undefused(cellOf(row, 'title')) ?? '',
      description: cellOf(row, 'description') ?? '',
      contentType: 'markdown',
      section: cellOf(row, 'section', 'status', 'column', 'list') ?? null,
      priority: priority && (PRIORITIES as readonly string[]).includes(priority) ? priority : null,
      estimateMinutes: estimate && /^\d+$/.test(estimate) ? Number(estimate) : null,
      dueDate: cellOf(row, 'due_date', 'due') ?? null,
      labels: listCell(cellOf(row, 'labels', 'label')),
      assignees: listCell(cellOf(row, 'assignees', 'assignee')),
      parent: cellOf(row, 'parent') ?? null,
    } as ImportRecord;
  }
}

/** Linear's workflow states in board order (its state types: backlog, unstarted, started, completed, canceled). */
const LINEAR_STATES = ['Triage', 'Backlog', 'Todo', 'In Progress', 'In Review', 'Done', 'Canceled', 'Duplicate'];
const LINEAR_PRIORITIES: Record<string, string> = { urgent: 'urgent', high: 'high', medium: 'medium', low: 'low' };

/**
 * Records of Linear's CSV export (Settings → Administration → Import /
 * export → Export CSV; columns ID, Team, Title, Description, Status,
 * Estimate, Priority, Project, Creator, Assignee, Labels, Created, Updated,
 * Completed, Canceled, Archived, Due Date, Parent issue, …): one board per
 * Linear team (its title `Team`, its ticket prefix the key of the issue
 * IDs, `ENG` of `ENG-12`, whose number is kept), the workflow states as
 * sections (Linear's default order first), Priority mapped (No priority →
 * none), Estimate (points) as the size, Description as markdown, archived or canceled issues as status
 * Archive, `Parent issue` as parent. Creator and Assignee are names or
 * emails: a name becomes `<name>@linear.invalid`.
 */
export async function* linearRecords(input: AsyncIterable<Buffer | string>): AsyncGenerator<ImportRecord> {
  const rows = await readCsv(input);
  if (rows.length && !Object.keys(rows[0]).some((k) => norm(k) === 'title')) {
    throw new ValidationError('title', 'title: the CSV has no `Title` column (not a Linear export)', 'required');
  }
  const teamOf = (r: Row) => cellOf(r, 'team') ?? 'Linear';
  const person = (v: string | undefined) => (!v ? null : v.includes('@') ? v.trim() : placeholderEmail(v, 'linear'));
  const teams = [...new Set(rows.map(teamOf))];
  for (const team of teams) {
    const own = rows.filter((r) => teamOf(r) === team);
    const prefix = own.map((r) => /^([A-Z][A-Z0-9]{0,9})-\d+$/.exec(cellOf(r, 'id') ?? '')?.[1]).find(Boolean) ?? null;
    yield { kind: 'board', key: team, title: team, ticketPrefix: prefix, sections: sectionsOf(own.map((r) => cellOf(r, 'status') ?? ''), LINEAR_STATES), labels: [] };
    for (const row of own) {
      const id = cellOf(row, 'id');
      const estimate = cellOf(row, 'estimate');
      yield {
        kind: 'task',
        key: id ?? `${team}-${rows.indexOf(row) + 2}`,
        board: team,
        number: id && /-(\d+)$/.exec(id) ? Number(/-(\d+)$/.exec(id)![1]) : null,
        title: cellOf(row, 'title') ?? '',
        description: cellOf(row, 'description') ?? '',
        contentType: 'markdown',
        section: cellOf(row, 'status') ?? null,
        status: cellOf(row, 'archived') || cellOf(row, 'canceled') ? 'Archive' : 'Normal',
        priority: LINEAR_PRIORITIES[(cellOf(row, 'priority') ?? '').toLowerCase()] ?? null,
        // Linear estimates are points, not minutes: the task's size.
        estimateSize: estimate && /^\d+$/.test(estimate) ? Number(estimate) : null,
        dueDate: cellOf(row, 'due date', 'duedate') ?? null,
        labels: listCell(cellOf(row, 'labels')),
        assignees: [person(cellOf(row, 'assignee'))].filter((e): e is string => e !== null),
        createdBy: person(cellOf(row, 'creator')),
        createdAt: toIso(cellOf(row, 'created')),
        updatedAt: toIso(cellOf(row, 'updated')),
        parent: cellOf(row, 'parent issue', 'parent') ?? null,
      } as ImportRecord;
    }
  }
}

/** A date-time cell as ISO 8601 (Linear writes `2024-01-31 10:00:00` style and ISO); unreadable stays as given for the schema to name. */
function toIso(v: string | undefined): string | null {
  if (!v) return null;
  const d = new Date(v.includes('T') || v.endsWith('Z') ? v : `${v.replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
}
