// A history entry in words ("moved it from Todo to Done"), pure so that the
// wording is tested without a browser (test/web).
import { formatDate } from '../../components/format';
import type { TaskEventKind } from '../../gql/graphql';

/** One change of an entry, as `TaskActivity.changes` answers it. */
export interface ActivityChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** What the words need from the board: names of its columns and tasks. */
export interface ActivityNames {
  section: (id: number) => string | undefined;
  task: (id: number) => string | undefined;
}

// The changes are the webhook payload's (`data.changes`): the spec's values (`high`, `Archive`).
const PRIORITY: Record<string, string> = { urgent: 'Urgent', high: 'High', medium: 'Medium', low: 'Low' };
const STATUS: Record<string, string> = { Normal: 'Open', Archive: 'Archived', Deleted: 'Deleted' };
/** Fields a move between boards changes besides the ticket number: said once, by `ticketNumber`. */
const SILENT = new Set(['projectId', 'uniqueIndex', 'position']);

const quoted = (v: unknown) => `“${String(v)}”`;
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

function fromTo(what: string, from: string | null, to: string | null): string {
  if (from === null) return `set ${what} to ${to}`;
  if (to === null) return `removed ${what} (was ${from})`;
  return `changed ${what} from ${from} to ${to}`;
}

/** One change in words, or null for a field that is said by another (a move's bookkeeping). */
export function changeWords(change: ActivityChange, names: ActivityNames): string | null {
  const { field, from, to } = change;
  switch (field) {
    case 'title':
      return `renamed it from ${quoted(from)} to ${quoted(to)}`;
    case 'description':
      return from ? (to ? 'edited the description' : 'removed the description') : 'added a description';
    case 'priority':
      return fromTo(
        'priority',
        from ? (PRIORITY[String(from)] ?? String(from)) : null,
        to ? (PRIORITY[String(to)] ?? String(to)) : null,
      );
    case 'status':
      return `changed status from ${STATUS[String(from)] ?? from} to ${STATUS[String(to)] ?? to}`;
    case 'sectionId': {
      const name = (v: unknown) => names.section(Number(v)) ?? 'a deleted column';
      return `moved it from ${name(from)} to ${name(to)}`;
    }
    case 'dueDate':
      return fromTo('the due date', from ? formatDate(String(from)) : null, to ? formatDate(String(to)) : null);
    case 'labels': {
      const before = list(from);
      const after = list(to);
      const added = after.filter((l) => !before.includes(l));
      const removed = before.filter((l) => !after.includes(l));
      const parts = [
        added.length ? `added ${added.length === 1 ? 'label' : 'labels'} ${added.join(', ')}` : '',
        removed.length ? `removed ${removed.length === 1 ? 'label' : 'labels'} ${removed.join(', ')}` : '',
      ].filter(Boolean);
      return parts.length ? parts.join(' and ') : 'changed the labels';
    }
    case 'assignees':
      return to !== null ? `assigned ${to}` : `unassigned ${from}`;
    case 'parentId': {
      if (to === null) return 'made it a top-level task';
      return `made it a subtask of ${names.task(Number(to)) ?? 'another task'}`;
    }
    case 'ticketNumber':
      return `moved it to another board (${from} → ${to})`;
    case 'estimateMinutes':
    case 'estimateSize':
      return to === null ? 'removed the estimate' : 'changed the estimate';
    case 'images':
    case 'attachments':
      return `changed the ${field}`;
    default:
      return SILENT.has(field) ? null : `changed ${field}`;
  }
}

/** An entry in words: "created the task", or its changes joined ("renamed it … and moved it …"). */
export function activityWords(event: TaskEventKind, changes: ActivityChange[], names: ActivityNames): string {
  if (event === 'TASK_CREATED') return 'created the task';
  const parts = changes.map((c) => changeWords(c, names)).filter((w): w is string => w !== null);
  return parts.length ? parts.join(', ') : 'changed the task';
}
