// Two tenants share the content render pool: a noisy team keeps a dozen
// requests of pathological markdown in flight (each uses its whole CPU
// budget, over REST, the tool routes and /graphql alike), and a quiet team's
// small createTask must answer as fast as when the noisy one is idle: its p95
// under load within 2× its idle p95 (plus slack), both measured here (a
// ratio, so a busy machine slows both alike).
import { afterAll, describe, expect, it } from 'vitest';
import { closeContentRendering, renderContents } from '../../src/content/render.ts';
import { useTestServer } from '../support/app.ts';
import { makeProject, makeTeam, makeUserWithKey } from '../support/factories.ts';

// A short budget and request time keep the test short: the noisy team's queue drains (or times out) quickly.
const t = useTestServer({
  env: { CONTENT_RENDER_WORKERS: '2', CONTENT_RENDER_TIMEOUT_MS: '400', CONTENT_RENDER_WORKERS_PER_USER: '1', REQUEST_TIMEOUT_MS: '20000' },
});
afterAll(() => closeContentRendering());

/** Markdown whose rendering grows much faster than its 99 KB: every job uses its whole budget. */
const PATHOLOGICAL = '*a_'.repeat(33_000);
const NOISY_IN_FLIGHT = 12;
const SAMPLE = 20;

/**
 * The nearest-rank 95th percentile (of 20: the second largest). Not the
 * largest: on a busy 2-core CI machine one sample in a run can take a
 * scheduling stall of a few hundred milliseconds that has nothing to do with
 * the pool (410 ms seen beside 60–140 ms); an unfair pool slows every other
 * sample (1.2 s seen with the per-user share lifted).
 */
const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(0.95 * ms.length) - 1];

async function tenant(name: string) {
  const { user, key } = await makeUserWithKey(t.db, name);
  const team = await makeTeam(t.db, [user.id]);
  const project = await makeProject(t.db, { memberIds: [user.id], teamId: team.id, prefix: name.slice(0, 3).toUpperCase() });
  return { key, userId: user.id, projectId: project.id };
}

describe('the render pool is shared fairly between tenants', () => {
  it('a noisy team at its limits leaves a quiet team’s createTask p95 within 2× of its idle p95', async () => {
    const quiet = await tenant('Quiet');
    const noisy = await tenant('Noisy');

    /** One small createTask of the quiet team (its description is rendered too), timed. */
    const quietCreate = async () => {
      const started = performance.now();
      const res = await t.fetch('/api/v1/tasks', {
        method: 'POST',
        key: quiet.key,
        json: { project_id: quiet.projectId, title: 'Small', description: '**hello** _world_', content_type: 'markdown' },
      });
      expect(res.status).toBe(201);
      return performance.now() - started;
    };
    const sample = async () => {
      const ms: number[] = [];
      for (let i = 0; i < SAMPLE; i++) ms.push(await quietCreate());
      return ms;
    };

    /**
     * One noisy create, on each transport in turn: refused 400 too_complex
     * after its full budget, or 503 when it waited in its own queue past the request time.
     */
    let sent = 0;
    let answered = 0;
    const noisyCreate = async (): Promise<void> => {
      const n = sent++;
      const description = PATHOLOGICAL;
      const res =
        n % 3 === 0
          ? await t.fetch('/api/v1/tasks', { method: 'POST', key: noisy.key, json: { project_id: noisy.projectId, title: 'Noise', description, content_type: 'markdown' } })
          : n % 3 === 1
            ? await t.fetch('/api/mcp/tasks/create', { method: 'POST', key: noisy.key, json: { project_id: noisy.projectId, title: 'Noise', description, content_type: 'markdown' } })
            : await t.fetch('/graphql', {
                method: 'POST',
                key: noisy.key,
                json: {
                  query: 'mutation($input: CreateTaskInput!) { createTask(input: $input) { id } }',
                  variables: { input: { projectId: noisy.projectId, title: 'Noise', description, contentType: 'MARKDOWN' } },
                },
              });
      const body = await res.text();
      expect(body).toMatch(/too_complex|TIMEOUT/);
      answered++;
    };

    // Both workers started (a worker's start is not what is measured), then the idle figure.
    await Promise.all([quiet, noisy].map((x) => renderContents([{ text: '*warm*', contentType: 'markdown', field: 'text' }], x.userId)));
    await quietCreate();
    const idle = await sample();

    // The noisy team keeps NOISY_IN_FLIGHT requests in flight until the quiet sample is taken.
    answered = 0;
    let loud = true;
    const lanes = Array.from({ length: NOISY_IN_FLIGHT }, async () => {
      while (loud) await noisyCreate();
    });
    // Measured once the noise is steady: its first answers are back (each took its whole budget).
    await expect.poll(() => answered, { timeout: 120_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    const loaded = await sample();
    loud = false;
    await Promise.all(lanes);

    const figures = { idleP95: Math.round(p95(idle)), loadedP95: Math.round(p95(loaded)), noisyAnswered: answered, idle, loaded };
    // Within 2× idle with 500 ms of slack: at idle figures of tens of milliseconds a busy machine's
    // scheduling alone exceeds 2× (CI, another file rendering pathological markdown beside this one:
    // 92–417 ms loaded against 12–83 idle); an unfair pool makes the quiet team wait for a noisy job's
    // budget and a worker's restart (1.2 s on an idle machine, more on a busy one).
    expect(p95(loaded), JSON.stringify(figures)).toBeLessThanOrEqual(2 * p95(idle) + 500);
  }, 180_000);
});
