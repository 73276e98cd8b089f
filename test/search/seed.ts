import type { Db } from '../../src/db/client.ts';
import type { Prisma } from '../../src/generated/prisma/client.ts';
import type { SearchIndex } from '../../src/search/search-index.ts';
import { makeProject } from '../support/factories.ts';

// Tasks are written straight with Prisma (the task domain is tested on its
// own); after each write the engine is told, as the outbox dispatcher would.

let prefixCounter = 0;

/** A project with sections and the next free unique index. */
export async function searchProject(db: Db, memberIds: number[], sections = ['Todo', 'Doing']) {
  prefixCounter += 1;
  const prefix = `S${Date.now().toString(36).slice(-4).toUpperCase()}${prefixCounter}`.replace(/[^A-Z0-9]/g, '');
  const project = await makeProject(db, { memberIds, prefix, sections });
  return { ...project, nextIndex: 1 };
}

type SeedProject = Awaited<ReturnType<typeof searchProject>>;

/** Creates a task (and tells the index). */
export async function seedTask(
  db: Db,
  index: SearchIndex,
  project: SeedProject,
  data: Partial<Omit<Prisma.TaskUncheckedCreateInput, 'projectId' | 'uniqueIndex'>> & {
    title: string;
    assigneeIds?: number[];
  },
) {
  const { assigneeIds, ...fields } = data;
  const task = await db.task.create({
    data: {
      sectionId: project.sections[0].id,
      ...fields,
      projectId: project.id,
      uniqueIndex: project.nextIndex++,
      assignees: assigneeIds?.length ? { create: assigneeIds.map((userId) => ({ userId })) } : undefined,
    },
  });
  await db.project.update({ where: { id: project.id }, data: { taskCounter: project.nextIndex - 1 } });
  await index.indexTask(task.id);
  return { ...task, ticketNumber: `${project.ticketPrefix}-${task.uniqueIndex}` };
}
