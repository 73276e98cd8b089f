import { parse as parseCsv } from 'csv-parse/sync';
import { ValidationError } from '../../../errors.ts';
import { jsonTextTooDeep } from '../../text-input.ts';
import { IMPORT_LIMITS } from '../records.ts';

// Reading a foreign file whole, within the budgets: the formats of other
// tools (Trello, GitHub, Linear, CSV) are parsed at once, so their files are
// held to IMPORT_LIMITS.parsedFileBytes, and JSON nesting is checked on the
// text before JSON.parse sees it.

/** The file's text, refused past `parsedFileBytes`. */
export async function readWhole(input: AsyncIterable<Buffer | string>): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += b.length;
    if (size > IMPORT_LIMITS.parsedFileBytes) {
      throw new ValidationError('file', `the file is larger than ${IMPORT_LIMITS.parsedFileBytes} bytes (the most this format imports)`, 'too_large');
    }
    parts.push(b);
  }
  return Buffer.concat(parts).toString('utf8').replace(/^\uFEFF/, '');
}

/** The file as JSON, nesting checked first. */
export async function readJson(input: AsyncIterable<Buffer | string>): Promise<unknown> {
  const text = await readWhole(input);
  const deep = jsonTextTooDeep(text, IMPORT_LIMITS.jsonDepth);
  if (deep !== null) throw new ValidationError(deep || 'file', `the file nests deeper than ${IMPORT_LIMITS.jsonDepth} levels`, 'too_deep');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ValidationError('file', `the file is not valid JSON: ${(err as Error).message}`, 'invalid_json');
  }
}

/** The file as CSV rows keyed by their header (case kept), at most `IMPORT_LIMITS.tasks` rows. */
export async function readCsv(input: AsyncIterable<Buffer | string>): Promise<Record<string, string>[]> {
  const text = await readWhole(input);
  let rows: Record<string, string>[];
  try {
    rows = parseCsv(text, { columns: true, skip_empty_lines: true, relax_column_count: true, to: IMPORT_LIMITS.tasks + 1 }) as Record<string, string>[];
  } catch (err) {
    throw new ValidationError('file', `the file is not valid CSV: ${(err as Error).message}`, 'invalid_csv');
  }
  if (rows.length > IMPORT_LIMITS.tasks) throw new ValidationError('file', `the file has more than ${IMPORT_LIMITS.tasks} rows`, 'too_many');
  return rows;
}

/** A person named only by a login or a name: an address under the source's reserved `.invalid` domain (RFC 2606), which never delivers. */
export function placeholderEmail(name: string, source: string): string {
  const local = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '').slice(0, 64) || 'someone';
  return `${local}@${source}.invalid`;
}

/** A list cell (`a, b` or `a; b`) as its items. */
export function listCell(cell: string | undefined): string[] {
  return (cell ?? '').split(/[,;]/).map((s) => s.trim()).filter(Boolean);
}
