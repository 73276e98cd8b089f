import { bulkInsertSql, intColumn, textColumn, timestampColumn } from '../../db/bulk-insert.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

// The import's rows written as one statement per batch (`bulkInsertSql`):
// Prisma's createMany compiles its plan afresh on every call and binds a
// parameter per cell, which for a 100,000-task import is most of its CPU.

type Tx = Prisma.TransactionClient;

/** One task of an import batch, as it is written. */
export interface ImportedTaskRow {
  projectId: number;
  sectionId: number;
  uniqueIndex: number;
  title: string;
  description: string;
  status: string;
  priority: string | null;
  estimateMinutes: number | null;
  estimateSize: number | null;
  dueDate: Date | null;
  position: string | null;
  createdById: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Inserts a batch of tasks; answers their ids in the batch's order. */
export async function insertTasks(tx: Tx, rows: ImportedTaskRow[]): Promise<{ id: number }[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.$queryRaw<{ id: number; projectId: number; uniqueIndex: number }[]>(
    bulkInsertSql(
      'Task',
      {
        projectId: intColumn(rows.map((r) => r.projectId)),
        sectionId: intColumn(rows.map((r) => r.sectionId)),
        uniqueIndex: intColumn(rows.map((r) => r.uniqueIndex)),
        title: textColumn(rows.map((r) => r.title)),
        description: textColumn(rows.map((r) => r.description)),
        status: { type: '"Status"', values: rows.map((r) => r.status) },
        priority: { type: '"Priority"', values: rows.map((r) => r.priority) },
        estimateMinutes: intColumn(rows.map((r) => r.estimateMinutes)),
        estimateSize: intColumn(rows.map((r) => r.estimateSize)),
        dueDate: timestampColumn(rows.map((r) => r.dueDate)),
        position: textColumn(rows.map((r) => r.position)),
        createdById: intColumn(rows.map((r) => r.createdById)),
        createdAt: timestampColumn(rows.map((r) => r.createdAt)),
        updatedAt: timestampColumn(rows.map((r) => r.updatedAt)),
      },
      { returning: ['id', 'projectId', 'uniqueIndex'] },
    ),
  );
  // A task is its board and number (unique together); nothing promises RETURNING's order.
  const idOf = new Map(inserted.map((r) => [`${r.projectId}:${r.uniqueIndex}`, r.id]));
  return rows.map((r) => ({ id: idOf.get(`${r.projectId}:${r.uniqueIndex}`)! }));
}

/** Inserts (taskId, other id) rows of a link table such as `TaskLabel`. */
export async function insertTaskLinks(tx: Tx, table: 'TaskLabel' | 'TaskAssignee', column: 'labelId' | 'userId', pairs: [number, number][]) {
  if (pairs.length === 0) return;
  await tx.$executeRaw(bulkInsertSql(table, { taskId: intColumn(pairs.map((p) => p[0])), [column]: intColumn(pairs.map((p) => p[1])) }));
}

/** One comment of an import batch, its text already sanitised. */
export interface ImportedCommentRow {
  taskId: number;
  authorId: number | null;
  text: string;
  editedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Inserts a batch of comments. */
export async function insertComments(tx: Tx, rows: ImportedCommentRow[]) {
  if (rows.length === 0) return;
  await tx.$executeRaw(
    bulkInsertSql('Comment', {
      taskId: intColumn(rows.map((r) => r.taskId)),
      authorId: intColumn(rows.map((r) => r.authorId)),
      text: textColumn(rows.map((r) => r.text)),
      editedAt: timestampColumn(rows.map((r) => r.editedAt)),
      createdAt: timestampColumn(rows.map((r) => r.createdAt)),
      updatedAt: timestampColumn(rows.map((r) => r.updatedAt)),
    }),
  );
}
