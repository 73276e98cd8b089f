// The one-statement task insert (src/domain/task/insert-task.ts) spells its
// columns by hand. Every column of the Task model is either in its INSERT
// column list or declared as left to its default, so a column added to the
// model and forgotten there fails here, by name (the returned row is compared
// with Prisma's read in task-create.test.ts).
import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { TASK_COLUMNS_LEFT_TO_DEFAULT } from '../../src/domain/task/insert-task.ts';
import { Prisma } from '../../src/generated/prisma/client.ts';
import { useTestDb } from '../support/database.ts';
import { makeOwnedProject } from '../support/factories.ts';

const statements: string[] = [];
const db = useTestDb({ onQuery: (sql) => statements.push(sql) });

/** The column list of the statement's `INSERT INTO "Task" (…)`. */
function insertedColumns(sql: string): string[] {
  const list = /INSERT INTO "Task" \(([^)]*)\)/.exec(sql)?.[1];
  if (!list) throw new Error(`no INSERT INTO "Task" in: ${sql.slice(0, 200)}`);
  return list.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
}

describe('the one-statement task insert', () => {
  it('writes every column of the Task model or leaves it to its default, by declaration', async () => {
    const { user, project } = await makeOwnedProject(db, { sections: ['Todo'], prefix: 'COL' });
    statements.length = 0;
    await createTask(db, user.id, { projectId: project.id, title: 'Columns' });
    const insert = statements.find((s) => s.includes('INSERT INTO "Task"'));
    expect(insert, 'the create took the one-statement path').toBeDefined();
    const written = insertedColumns(insert!);
    const model = Object.values(Prisma.TaskScalarFieldEnum) as string[];
    const left: readonly string[] = TASK_COLUMNS_LEFT_TO_DEFAULT;
    expect(
      model.filter((c) => !written.includes(c) && !left.includes(c)),
      'model columns neither written nor declared',
    ).toEqual([]);
    expect(
      written.filter((c) => !model.includes(c)),
      'written columns the model lacks',
    ).toEqual([]);
    expect(
      left.filter((c) => written.includes(c) || !model.includes(c)),
      'declared defaults written or unknown',
    ).toEqual([]);
  });
});
