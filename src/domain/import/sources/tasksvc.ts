import { JSONParser } from '@streamparser/json';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { ValidationError } from '../../../errors.ts';
import { TEAM_EXPORT_FORMAT, TEAM_EXPORT_VERSION } from '../../export/team-format.ts';
import { TASK_LIMITS } from '../../task/fields.ts';
import { JsonBudget } from '../json-budget.ts';
import { IMPORT_LIMITS, type ImportRecord } from '../records.ts';

type Json = Record<string, unknown>;

/**
 * Records (../records.ts) of a tasksvc team export (src/domain/export/
 * team-format.ts), read as a stream: the document's `people`, `boards`,
 * `tasks` and `comments` elements are parsed one at a time as the file is
 * read, so a 100,000-task export imports in bounded memory. The document
 * must say it is a tasksvc team export of a version this build reads, before
 * its first element. `history` is not imported (the events were the other
 * deployment's; the import writes none, see apply.ts); agent assignees are
 * left out (agents belong to their team's API keys).
 */
export async function* tasksvcRecords(input: AsyncIterable<Buffer | string>): AsyncGenerator<ImportRecord> {
  const parser = new JSONParser({
    paths: ['$.format', '$.version', '$.team', '$.people.*', '$.boards.*', '$.tasks.*', '$.comments.*'],
    keepStack: false,
  });
  const out: { path: string; value: unknown }[] = [];
  parser.onValue = ({ value, key, stack }) => {
    const top = stack.length === 1 ? String(key) : String(stack[1]?.key);
    out.push({ path: top, value });
  };
  const budget = new JsonBudget(IMPORT_LIMITS.jsonDepth, TASK_LIMITS.descriptionMax * 4);
  const decoder = new StringDecoder('utf8');
  let format: unknown;
  let version: unknown;
  const checkHeader = (path: string) => {
    if (path === 'format' || path === 'version') return;
    if (format !== TEAM_EXPORT_FORMAT) throw new ValidationError('format', `format: the file is not a tasksvc team export (format ${JSON.stringify(format ?? null)} before ${path})`, 'not_an_export');
    if (typeof version !== 'number' || version > TEAM_EXPORT_VERSION) {
      throw new ValidationError('version', `version: this tasksvc reads team exports up to version ${TEAM_EXPORT_VERSION}`, 'unsupported_version');
    }
  };
  const drain = function* (): Generator<ImportRecord> {
    for (const { path, value } of out.splice(0)) {
      checkHeader(path);
      if (path === 'format') format = value;
      else if (path === 'version') version = value;
      else if (path === 'team') yield { kind: 'team', title: String((value as Json)?.title ?? '') };
      else yield toRecord(path, value as Json);
    }
  };
  try {
    for await (const chunk of input) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      budget.check(text);
      parser.write(text);
      yield* drain();
    }
    const rest = decoder.end();
    if (rest) parser.write(rest);
    if (!parser.isEnded) parser.end();
    yield* drain();
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    throw new ValidationError('file', `the file is not valid JSON: ${(err as Error).message}`, 'invalid_json');
  }
  if (format === undefined) throw new ValidationError('format', 'format: the file is not a tasksvc team export', 'not_an_export');
}

/** A tasksvc export element as an import record (the writer checks its fields). */
function toRecord(path: string, v: Json): ImportRecord {
  switch (path) {
    case 'people':
      return { kind: 'person', email: v.email, displayName: v.displayName, teamRole: v.teamRole } as ImportRecord;
    case 'boards':
      return {
        kind: 'board',
        key: v.id,
        title: v.title,
        description: v.description ?? '',
        ticketPrefix: v.ticketPrefix,
        status: v.status,
        sections: Array.isArray(v.sections) ? v.sections.map((s: Json) => ({ key: s?.id, title: s?.title })) : v.sections,
        labels: v.labels,
        members: v.members,
      } as ImportRecord;
    case 'tasks':
      return {
        kind: 'task',
        key: v.id,
        board: v.board,
        number: v.number,
        title: v.title,
        description: v.description ?? '',
        contentType: 'html',
        section: v.section,
        status: v.status,
        priority: v.priority,
        estimateMinutes: v.estimateMinutes,
        estimateSize: v.estimateSize,
        dueDate: v.dueDate,
        labels: v.labels,
        assignees: Array.isArray(v.assignees) ? v.assignees.flatMap((a: Json) => (typeof a?.email === 'string' ? [a.email] : [])) : v.assignees,
        parent: v.parent,
        createdBy: v.createdBy,
        createdAt: v.createdAt,
        updatedAt: v.updatedAt,
        position: v.position,
      } as ImportRecord;
    default:
      return { kind: 'comment', task: v.task, author: v.author, text: v.text, contentType: 'html', createdAt: v.createdAt, editedAt: v.editedAt } as ImportRecord;
  }
}

/** The input as chunks (a file's read stream, or a string in tests). */
export async function* chunksOf(input: Readable | string): AsyncGenerator<Buffer | string> {
  if (typeof input === 'string') yield input;
  else yield* input as AsyncIterable<Buffer>;
}
