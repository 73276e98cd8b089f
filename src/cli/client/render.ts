import { formatTable } from '../output.ts';

// Human output of the client commands: tables for lists, field/value
// tables for single records. `--json` bypasses all of this and prints the
// route's answer as it came.

/** HTML (task descriptions, comments) as one line of plain text. */
export function plainText(html: unknown): string {
  if (typeof html !== 'string') return '';
  return html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `n` characters, with an ellipsis when cut. */
export function clip(value: unknown, n = 60): string {
  const s = value === null || value === undefined ? '' : String(value);
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** Display names of `[{id, displayName}]`. */
export function names(people: unknown): string {
  return Array.isArray(people) ? people.map((p: { displayName?: string; id?: unknown }) => p.displayName ?? String(p.id)).join(', ') : '';
}

/** A list as a table, with the total when the route reports one. */
export function listTable(rows: Record<string, unknown>[], columns: string[], total?: unknown): string {
  const table = formatTable(rows, columns);
  return typeof total === 'number' && total > rows.length ? `${table}\n(${rows.length} of ${total}; use --limit/--offset for more)` : table;
}

/** One record as a field/value table (nested values as JSON). */
export function recordTable(record: Record<string, unknown>): string {
  const rows = Object.entries(record).map(([field, v]) => ({
    field,
    value: v !== null && typeof v === 'object' ? clip(JSON.stringify(v), 100) : clip(v, 100),
  }));
  return formatTable(rows, ['field', 'value']);
}
