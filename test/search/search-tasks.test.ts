import { describe, expect, it } from 'vitest';
import type { SearchFilters, SearchIndex } from '../../src/search/search-index.ts';
import { searchTasks } from '../../src/search/search-tasks.ts';
import { useTestApp } from '../support/app.ts';
import { makeUser } from '../support/factories.ts';
import { searchProject, seedTask } from './seed.ts';

// The search rule around any engine: what it is asked, and the re-check of
// what an external engine (whose index may lag behind) answers.

const t = useTestApp();

/** An engine answering fixed task ids without listed fields, like Meilisearch; it records the filters. */
function staleEngine(taskIds: number[]) {
  const calls: SearchFilters[] = [];
  const index: SearchIndex = {
    engine: 'meilisearch',
    init: async () => undefined,
    search: async (_q, filters) => {
      calls.push(filters);
      return { hits: taskIds.map((taskId, i) => ({ taskId, score: 1 - i / 10 })), total: taskIds.length };
    },
    indexTask: async () => undefined,
    removeTask: async () => undefined,
    rebuild: async () => undefined,
  };
  return { index, calls };
}

describe('searchTasks around an external engine', () => {
  it('drops hits the caller may not see or of another status, and reads the listed fields', async () => {
    const user = await makeUser(t.db);
    const other = await makeUser(t.db);
    const mine = await searchProject(t.db, [user.id]);
    const theirs = await searchProject(t.db, [other.id]);
    const noop = staleEngine([]).index;
    const visible = await seedTask(t.db, noop, mine, { title: 'Visible task', priority: 'low' });
    const archived = await seedTask(t.db, noop, mine, { title: 'Archived since', status: 'Archive' });
    const foreign = await seedTask(t.db, noop, theirs, { title: 'Moved away' });
    const { index, calls } = staleEngine([foreign.id, visible.id, archived.id, 999_999_999]);

    const r = await searchTasks(t.db, index, user.id, { query: 'task' });
    expect(r.hits).toEqual([
      {
        taskId: visible.id,
        score: 0.9,
        ticketNumber: visible.ticketNumber,
        title: 'Visible task',
        section: 'Todo',
        priority: 'low',
        projectId: mine.id,
      },
    ]);
    expect(calls[0]).toEqual({
      visibleProjectIds: [mine.id],
      projectId: undefined,
      section: undefined,
      assignedTo: undefined,
      priority: undefined,
      hasDueDate: undefined,
      status: 'Normal',
      limit: 10,
    });
  });

  it('resolves `me`, keeps `unassigned`, and asks nothing of the engine for a user without projects', async () => {
    const user = await makeUser(t.db);
    const { index, calls } = staleEngine([]);
    expect(await searchTasks(t.db, index, user.id, { query: 'x' })).toMatchObject({ hits: [], total: 0 });
    expect(calls).toHaveLength(0);
    const project = await searchProject(t.db, [user.id]);
    await searchTasks(t.db, index, user.id, {
      query: 'x',
      assignedTo: 'ME',
      limit: 50,
      status: 'Deleted',
      section: ' Todo ',
    });
    await searchTasks(t.db, index, user.id, { query: 'x', assignedTo: 'unassigned', projectId: project.id });
    expect(calls[0]).toMatchObject({ assignedTo: user.id, limit: 50, status: 'Deleted', section: 'Todo' });
    expect(calls[1]).toMatchObject({
      assignedTo: 'unassigned',
      projectId: project.id,
      visibleProjectIds: [project.id],
    });
  });
});
