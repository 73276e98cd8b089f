// The list view's order (pure; tested in test/web): one column, ascending or
// descending, ties broken by ticket number so the order is stable.
import type { CardTask } from './board-state';
import type { Priority } from '../../gql/graphql';

export const SORT_FIELDS = ['ticket', 'title', 'section', 'priority', 'dueDate', 'updatedAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export interface ListSort {
  field: SortField;
  dir: 'asc' | 'desc';
}

/** The list's order before the person picks one: newest number first, as a tracker's list. */
export const DEFAULT_SORT: ListSort = { field: 'ticket', dir: 'desc' };

const PRIORITY_RANK: Record<Priority, number> = { URGENT: 0, HIGH: 1, MEDIUM: 2, LOW: 3 };

/** The number of a ticket (`ABC-12` → 12). */
function ticketIndex(ticket: string): number {
  return Number(ticket.slice(ticket.lastIndexOf('-') + 1)) || 0;
}

/**
 * `tasks` in `sort` order. Sections sort in board order (`sectionRank`:
 * section id → index), priorities from urgent to none, due dates with
 * undated tasks last in either direction (as trackers put empty values).
 */
export function sortTasks<T extends CardTask>(
  tasks: T[],
  sort: ListSort,
  sectionRank: ReadonlyMap<number, number>,
): T[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const byTicket = (a: T, b: T) => ticketIndex(a.ticketNumber) - ticketIndex(b.ticketNumber);
  const compare = (a: T, b: T): number => {
    switch (sort.field) {
      case 'ticket':
        return sign * byTicket(a, b);
      case 'title':
        return sign * a.title.localeCompare(b.title) || byTicket(a, b);
      case 'section':
        return sign * ((sectionRank.get(a.sectionId) ?? 1e9) - (sectionRank.get(b.sectionId) ?? 1e9)) || byTicket(a, b);
      case 'priority':
        return (
          sign * ((a.priority ? PRIORITY_RANK[a.priority] : 4) - (b.priority ? PRIORITY_RANK[b.priority] : 4)) || byTicket(a, b)
        );
      case 'dueDate':
        if (!a.dueDate || !b.dueDate) return (a.dueDate ? -1 : b.dueDate ? 1 : 0) || byTicket(a, b);
        return sign * (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0) || byTicket(a, b);
      case 'updatedAt':
        return sign * (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : 0) || byTicket(a, b);
    }
  };
  return [...tasks].sort(compare);
}
