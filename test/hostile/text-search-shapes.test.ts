// Text shapes that PostgreSQL's text-search parser handles in quadratic time
// (words joined by underscores: `_a`, `a_`, `_1`, `a_b-` repeated), at each
// limit of every field that takes caller text: a task's title and
// description (HTML and markdown), a comment, a draft (and its publishing,
// which indexes its text), a search query and the task list's title filter.
// Each request answers within its budget and /healthz keeps answering while
// it runs, on both databases: the search vector gives the parser normalised
// words only (migration 20261129013500_search_words_bounded). Budgets are
// stretched by the machine's load (test/support/responsiveness.ts); each
// case logs its figures, so the margin can be read from a run.
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_COMMENT_LENGTH } from '../../src/domain/comment.ts';
import { MAX_DRAFT_DESCRIPTION, MAX_DRAFT_TITLE } from '../../src/domain/draft.ts';
import { TASK_LIMITS } from '../../src/domain/task/fields.ts';
import { TASK_SEARCH_MAX } from '../../src/domain/task/list.ts';
import { SEARCH_LIMITS } from '../../src/search/search-tasks.ts';
import { createTestServer } from '../support/app.ts';
import { isPostgres } from '../support/database.ts';
import { isolatedDatabaseEnv } from '../support/db-snapshot.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { beforeAllValue } from '../support/lifecycle.ts';
import { answerBudgetMs, healthzBudgetMs, loadFactor, probeWhile } from '../support/responsiveness.ts';
import { OWN_BUCKETS } from '../security/session-helpers.ts';

const world = beforeAllValue(
  async () => {
    const isolated = await isolatedDatabaseEnv();
    // Markdown of these shapes is refused by the render budget; 1 s keeps that
    // refusal inside the answer budget on an idle machine too.
    const t = await createTestServer({
      env: { ...isolated.env, ...OWN_BUCKETS, RATE_LIMIT_PER_MINUTE: '0', CONTENT_RENDER_TIMEOUT_MS: '1000' },
    });
    const { user, key } = await makeUserWithKey(t.db);
    const project = await makeProject(t.db, { memberIds: [user.id] });
    return { t, key, projectId: project.id, drop: isolated.drop };
  },
  async (w) => {
    await w.t.close();
    await w.drop();
  },
);

/** The repeated units; each made `to_tsvector` take seconds to minutes at these lengths. */
const SHAPES = ['_a', 'a_', '_1', 'a_b-'] as const;

/** `unit` repeated to exactly `length` characters. */
const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(world.t.url + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${world.key}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : null };
}

/**
 * Runs one request while probing /healthz: it answers below 500 within the
 * answer budget, and /healthz within its own, the whole time.
 */
async function withinBudget(label: string, send: () => Promise<{ status: number; text: string; json: any }>) {
  const started = performance.now();
  const probe = await probeWhile(world.t.url, send);
  const ms = performance.now() - started;
  const answer = probe.result;
  const what = `${label} (${isPostgres ? 'PostgreSQL' : 'PGlite'}): ${answer.status} ${answer.text.slice(0, 200)}`;
  console.info(
    `${label}: answered in ${Math.round(ms)} ms (budget ${Math.round(answerBudgetMs())}), /healthz max ` +
      `${Math.round(probe.slowestProbeMs)} ms (budget ${Math.round(healthzBudgetMs())}), load ×${loadFactor().toFixed(1)}`,
  );
  expect(answer.status, what).toBeLessThan(500);
  expect(ms, `${what}: answer time`).toBeLessThan(answerBudgetMs());
  expect(probe.slowestProbeMs, `${what}: /healthz while it ran`).toBeLessThan(healthzBudgetMs());
  return answer;
}

/**
 * A small request of each kind first, untimed: the first request of a server
 * loads code, and a markdown render refused for its time replaces the render
 * worker, which the next render waits for. Neither is what this file
 * measures (the database's work on the text), so each case starts warm.
 */
async function warmUp() {
  const task = await call('POST', '/api/v1/tasks', { project_id: world.projectId, title: 'warm', description: '<p>warm</p>' });
  expect(task.status, task.text).toBe(201);
  const draft = await call('POST', '/api/v1/drafts', { project_id: world.projectId, title: 'warm', description: '<p>warm</p>' });
  expect(draft.status, draft.text).toBe(201);
}

describe.each(SHAPES)('text-search shape %j repeated', (unit) => {
  beforeEach(warmUp);

  it('task title at its limit, description at its limit as HTML and as markdown', async () => {
    const title = fill(unit, TASK_LIMITS.titleMax);
    const html = await withinBudget(`${unit} task, HTML description`, () =>
      call('POST', '/api/v1/tasks', {
        project_id: world.projectId,
        title,
        content_type: 'html',
        description: fill(unit, TASK_LIMITS.descriptionMax),
      }),
    );
    expect(html.status, html.text.slice(0, 200)).toBe(201);
    const taskId = html.json.task.id as number;
    // One over the limit is refused before any work.
    const over = await withinBudget(`${unit} description one over`, () =>
      call('PATCH', `/api/v1/tasks/${taskId}`, { description: fill(unit, TASK_LIMITS.descriptionMax + 1) }),
    );
    expect(over.status).toBe(400);
    await withinBudget(`${unit} task update`, () =>
      call('PATCH', `/api/v1/tasks/${taskId}`, { title: fill(unit, TASK_LIMITS.titleMax - 1), description: fill(unit, TASK_LIMITS.descriptionMax - 1) }),
    );
    // The task is still found by its words.
    const found = await withinBudget(`${unit} search`, () =>
      call('GET', `/api/v1/tasks/search?query=${encodeURIComponent(fill(unit, SEARCH_LIMITS.queryMax))}`),
    );
    expect(found.status).toBe(200);
    await withinBudget(`${unit} task list title filter`, () =>
      call('GET', `/api/v1/tasks?project_id=${world.projectId}&search=${encodeURIComponent(fill(unit, TASK_SEARCH_MAX))}`),
    );
    // Markdown last: a render refused for its time (400 too_complex) replaces the render worker.
    await withinBudget(`${unit} task, markdown description`, () =>
      call('POST', '/api/v1/tasks', {
        project_id: world.projectId,
        title,
        content_type: 'markdown',
        description: fill(unit, TASK_LIMITS.descriptionMax),
      }),
    );
  });

  it('comment at its limit, as HTML and as markdown', async () => {
    const created = await call('POST', '/api/v1/tasks', { project_id: world.projectId, title: `comments ${unit}` });
    expect(created.status, created.text).toBe(201);
    for (const contentType of ['html', 'markdown']) {
      await withinBudget(`${unit} comment (${contentType})`, () =>
        call('POST', '/api/v1/comments', {
          task_id: created.json.task.id,
          content_type: contentType,
          text: fill(unit, MAX_COMMENT_LENGTH),
        }),
      );
    }
  });

  it('draft at its limits, and publishing it', async () => {
    for (const contentType of ['html', 'markdown']) {
      const draft = await withinBudget(`${unit} draft (${contentType})`, () =>
        call('POST', '/api/v1/drafts', {
          project_id: world.projectId,
          title: fill(unit, MAX_DRAFT_TITLE),
          content_type: contentType,
          description: fill(unit, MAX_DRAFT_DESCRIPTION),
        }),
      );
      if (draft.status !== 201) continue; // a refused markdown render is a 4xx, checked above
      await withinBudget(`${unit} draft published (${contentType})`, () =>
        call('POST', `/api/v1/drafts/${draft.json.draft.id}/publish`),
      );
    }
  });
});
