import type { Db } from '../db/client.ts';
import { ticketNumberOf } from '../domain/task/ticket-number.ts';
import type { Prisma } from '../generated/prisma/client.ts';

/** One task as an external search engine (Meilisearch) stores it. */
export interface TaskDocument {
  id: number;
  ticketNumber: string;
  title: string;
  /** Description as plain text (tags removed, at most 20,000 characters). */
  description: string;
  projectId: number;
  sectionId: number;
  sectionTitle: string;
  /** Lower-cased section title: the section filter is case-insensitive. */
  sectionKey: string;
  /** User ids of the assignees (agents are not filterable by user id). */
  assigneeIds: number[];
  /** No assignee at all, user or agent. */
  unassigned: boolean;
  priority: 'urgent' | 'high' | 'medium' | 'low' | null;
  hasDueDate: boolean;
  status: 'Normal' | 'Archive' | 'Deleted';
  /** Milliseconds since the epoch (a tie-breaker: newer first). */
  updatedAt: number;
}

/** The columns a document is built from. */
export const TASK_DOCUMENT_SELECT = {
  id: true,
  uniqueIndex: true,
  title: true,
  description: true,
  projectId: true,
  sectionId: true,
  priority: true,
  dueDate: true,
  status: true,
  updatedAt: true,
  project: { select: { ticketPrefix: true } },
  section: { select: { title: true } },
  assignees: { select: { userId: true } },
} satisfies Prisma.TaskSelect;

type DocumentRow = Prisma.TaskGetPayload<{ select: typeof TASK_DOCUMENT_SELECT }>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Plain text of sanitised HTML: tags become spaces, common entities are decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, e: string) => ENTITIES[e])
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 20_000);
}

/** Builds the search document of a task row. */
export function toTaskDocument(row: DocumentRow): TaskDocument {
  const userIds = row.assignees.flatMap((a) => (a.userId == null ? [] : [a.userId]));
  return {
    id: row.id,
    ticketNumber: ticketNumberOf(row.project.ticketPrefix, row.uniqueIndex),
    title: row.title,
    description: htmlToText(row.description),
    projectId: row.projectId,
    sectionId: row.sectionId,
    sectionTitle: row.section.title,
    sectionKey: row.section.title.toLowerCase(),
    assigneeIds: userIds,
    unassigned: row.assignees.length === 0,
    priority: row.priority,
    hasDueDate: row.dueDate !== null,
    status: row.status,
    updatedAt: row.updatedAt.getTime(),
  };
}

/** The document of one task, or null when the task no longer exists. */
export async function loadTaskDocument(db: Db, taskId: number): Promise<TaskDocument | null> {
  const row = await db.task.findUnique({ where: { id: taskId }, select: TASK_DOCUMENT_SELECT });
  return row ? toTaskDocument(row) : null;
}

/** Every task's document, in id order, `batchSize` at a time (keyset paging). */
export async function* taskDocumentBatches(db: Db, batchSize = 1000): AsyncGenerator<TaskDocument[]> {
  let after = 0;
  for (;;) {
    const rows = await db.task.findMany({
      where: { id: { gt: after } },
      orderBy: { id: 'asc' },
      take: batchSize,
      select: TASK_DOCUMENT_SELECT,
    });
    if (rows.length === 0) return;
    yield rows.map(toTaskDocument);
    after = rows[rows.length - 1].id;
  }
}
