import { currentControlRun } from '../control/context.ts';

/**
 * Prints a command's result: one JSON object with `--json`, else a human
 * line; to the control-channel client when the server runs the command for one.
 */
export function printResult(json: boolean, value: unknown, human: string): void {
  const text = json ? `${JSON.stringify(value)}\n` : `${human}\n`;
  const run = currentControlRun();
  if (run) run.write('stdout', text);
  else process.stdout.write(text);
}

/** Prints rows as an aligned text table. */
export function formatTable(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((r) => columns.map((c) => (r[c] === null || r[c] === undefined ? '' : String(r[c]))));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)));
  const line = (vals: string[]) => vals.map((v, i) => v.padEnd(widths[i])).join('  ').trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}
