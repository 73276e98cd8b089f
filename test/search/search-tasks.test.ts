import { describe, expect, it } from 'vitest';
import type { SearchFilters, SearchIndex } from '../../src/search/search-index.ts';
import { searchIndexOf } from '../../src/search/create-search-index.ts';
import { SEARCH_LIMITS, searchTasks } from '../../src/search/search-tasks.ts';
import { expectAppError } from '../support/errors.ts';
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
      // The page (10 by default) and one more: whether another page has hits.
      limit: 11,
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
    expect(calls[0]).toMatchObject({ assignedTo: user.id, limit: 51, status: 'Deleted', section: 'Todo' });
    expect(calls[1]).toMatchObject({
      assignedTo: 'unassigned',
      projectId: project.id,
      visibleProjectIds: [project.id],
    });
  });
});

describe('searchTasks pages: offset and hasMore', () => {
  it('101 matches in pages of 50: each hit once, hasMore until the last page; the total stays 101', async () => {
    const user = await makeUser(t.db);
    const project = await searchProject(t.db, [user.id]);
    const index = searchIndexOf(t.services);
    for (let i = 0; i < 101; i += 1) await seedTask(t.db, index, project, { title: `Invoice reminder ${i}` });
    await seedTask(t.db, index, project, { title: 'Something else' });
    const page = (offset?: number) =>
      searchTasks(t.db, index, user.id, { query: 'invoice', projectId: project.id, limit: 50, offset });
    const [first, second, third] = [await page(), await page(50), await page(100)];
    expect([first, second, third].map((r) => [r.hits.length, r.total, r.hasMore])).toEqual([
      [50, 101, true],
      [50, 101, true],
      [1, 101, false],
    ]);
    const seen = [first, second, third].flatMap((r) => r.hits.map((h) => h.taskId));
    expect(new Set(seen).size).toBe(101);
    // The first page is the same with or without offset 0, and a page past the end is empty.
    expect((await page(0)).hits).toEqual(first.hits);
    expect(await page(101)).toMatchObject({ hits: [], total: 101, hasMore: false });
  });

  it('offset: 0 and the maximum accepted; below and above are VALIDATION on offset', async () => {
    const user = await makeUser(t.db);
    await searchProject(t.db, [user.id]);
    const index = searchIndexOf(t.services);
    const search = (offset: number) => searchTasks(t.db, index, user.id, { query: 'x', offset });
    expect(await search(0)).toMatchObject({ hits: [], hasMore: false });
    expect(await search(SEARCH_LIMITS.maxOffset)).toMatchObject({ hits: [], hasMore: false });
    await expectAppError(search(-1), 'VALIDATION', 'offset');
    await expectAppError(search(SEARCH_LIMITS.maxOffset + 1), 'VALIDATION', 'offset');
    await expectAppError(search(1.5), 'VALIDATION', 'offset');
  });
});
