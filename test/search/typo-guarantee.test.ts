import { describe, expect, it } from 'vitest';
import { createSearchIndex } from '../../src/search/create-search-index.ts';
import { typoBudget } from '../../src/search/query-terms.ts';
import { editDistance } from '../../src/search/text-score.ts';
import { useTestApp } from '../support/app.ts';
import { makeUser } from '../support/factories.ts';
import { searchProject } from './seed.ts';

// The typo rule, checked on random words: a query word of 4 to 7 letters
// finds a title word one edit away (insert, delete, substitute, swap), one of
// 8 to 20 letters a title word two edits away. Random letters, so no stem or
// prefix can help: only the keys of the index function (SQL) and of the query
// (TypeScript) agreeing does.

const t = useTestApp();

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = prng(2026);
const letter = () => 'bcdfghjklmnpqrstvwxz'[Math.floor(rnd() * 20)];
const int = (n: number) => Math.floor(rnd() * n);

/** One random edit that changes the word. */
function edit(word: string): string {
  for (;;) {
    const i = int(word.length);
    const kind = int(4);
    const out =
      kind === 0
        ? word.slice(0, i) + letter() + word.slice(i + 1)
        : kind === 1
          ? word.slice(0, i) + letter() + word.slice(i)
          : kind === 2
            ? word.slice(0, i) + word.slice(i + 1)
            : i < word.length - 1
              ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
              : word;
    if (out !== word) return out;
  }
}

describe('typo guarantee on random words', () => {
  it('finds every title word within the edit budget of the query word', async () => {
    const index = createSearchIndex({}, t.services.database);
    const user = await makeUser(t.db);
    const project = await searchProject(t.db, [user.id]);
    const words = Array.from({ length: 120 }, (_, k) => Array.from({ length: 4 + (k % 17) }, letter).join(''));
    await t.db.task.createMany({
      data: words.map((w, i) => ({
        projectId: project.id,
        sectionId: project.sections[0].id,
        uniqueIndex: i + 1,
        title: `${w} zz${i}`,
      })),
    });
    const ids = new Map(
      (await t.db.task.findMany({ where: { projectId: project.id }, select: { id: true, title: true } })).map((r) => [
        r.title.split(' ')[0],
        r.id,
      ]),
    );

    const misses: string[] = [];
    let checked = 0;
    for (const word of words) {
      for (const edits of [1, 2]) {
        let query = edit(word);
        if (edits === 2) query = edit(query);
        // Only queries within their own budget count (the rule is the query word's length).
        const budget = typoBudget(query.length);
        if (budget === 0 || query.length > 20 || editDistance(query, word, budget) > budget) continue;
        checked++;
        const r = await index.search(query, { visibleProjectIds: [project.id], limit: 50 });
        if (!r.hits.some((h) => h.taskId === ids.get(word))) misses.push(`${query} → ${word}`);
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(misses).toEqual([]);
  }, 120_000);
});
