import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MeilisearchSearchIndex } from '../../src/search/meilisearch-engine.ts';
import { createSearchIndex } from '../../src/search/create-search-index.ts';
import type { SearchIndex } from '../../src/search/search-index.ts';
import { searchTasks } from '../../src/search/search-tasks.ts';
import { useTestApp } from '../support/app.ts';
import { makeUser } from '../support/factories.ts';
import { searchProject } from './seed.ts';

// The committed relevance set: realistic task titles and misspelt queries,
// each naming the task it must find. At least 95% must be in the top 3.

interface RelevanceSet {
  titles: string[];
  queries: { query: string; expected: string }[];
}

const set = JSON.parse(
  readFileSync(new URL('../fixtures/search-relevance.json', import.meta.url), 'utf8'),
) as RelevanceSet;

const t = useTestApp();

describe('search relevance set', () => {
  it('has at least 300 distinct titles and 60 queries, each expecting one of the titles', () => {
    expect(new Set(set.titles).size).toBe(set.titles.length);
    expect(set.titles.length).toBeGreaterThanOrEqual(300);
    expect(set.queries.length).toBeGreaterThanOrEqual(60);
    for (const q of set.queries) expect(set.titles).toContain(q.expected);
  });

  const engines: { name: string; make: () => Promise<SearchIndex>; skip?: string }[] = [
    { name: 'postgres', make: async () => createSearchIndex({}, t.services.database) },
    {
      name: 'meilisearch',
      skip: process.env.MEILI_HOST ? undefined : 'MEILI_HOST is not set (no Meilisearch server on this machine)',
      make: async () => {
        const index = new MeilisearchSearchIndex(t.db, {
          host: process.env.MEILI_HOST!,
          apiKey: process.env.MEILI_API_KEY,
          indexUid: `tasks_relevance_${Date.now().toString(36)}`,
        });
        await index.init();
        return index;
      },
    },
  ];

  for (const engine of engines) {
    if (engine.skip) console.log(`[search relevance] ${engine.name} engine skipped: ${engine.skip}`);
    it.skipIf(!!engine.skip)(
      `${engine.name}: the expected task is in the top 3 for at least 95% of the queries`,
      async () => {
        const index = await engine.make();
        const user = await makeUser(t.db);
        const project = await searchProject(t.db, [user.id]);
        await t.db.task.createMany({
          data: set.titles.map((title, i) => ({
            projectId: project.id,
            sectionId: project.sections[0].id,
            uniqueIndex: i + 1,
            title,
          })),
        });
        const ids = new Map(
          (await t.db.task.findMany({ where: { projectId: project.id }, select: { id: true, title: true } })).map(
            (r) => [r.title, r.id],
          ),
        );
        if (index.engine !== 'postgres') await index.rebuild();

        const misses: string[] = [];
        for (const q of set.queries) {
          const r = await searchTasks(t.db, index, user.id, { query: q.query, limit: 3 });
          if (!r.hits.some((h) => h.taskId === ids.get(q.expected)))
            misses.push(`"${q.query}" → expected "${q.expected}"`);
        }
        const rate = (set.queries.length - misses.length) / set.queries.length;
        console.log(
          `[search relevance] ${engine.name}: ${set.queries.length - misses.length}/${set.queries.length} queries ` +
            `(${(rate * 100).toFixed(1)}%) have the expected task in the top 3` +
            (misses.length ? `; misses:\n  ${misses.join('\n  ')}` : ''),
        );
        expect(rate).toBeGreaterThanOrEqual(0.95);
        if (engine.name === 'meilisearch')
          await (index as MeilisearchSearchIndex).client
            .deleteIndex((index as MeilisearchSearchIndex).indexUid)
            .waitTask();
      },
      120_000,
    );
  }
});
