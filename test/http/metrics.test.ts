// /metrics: absent unless METRICS_ENABLED; then Prometheus text with the
// requests (by route pattern, never the raw URL), their latency, the outbox
// backlog and event lag, and (PostgreSQL) the pools; METRICS_TOKEN guards it.
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../support/app.ts';
import { isPostgres } from '../support/database.ts';
import { makeUserWithProject } from '../support/factories.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const t = useTestApp({ env: { METRICS_ENABLED: 'true', METRICS_TOKEN: TOKEN } });

/** The value of a sample line `name{labels} value`. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `) || (labels === '' && l.startsWith(`${name} `)));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

describe('/metrics', () => {
  it('is off by default (the path is not served)', async () => {
    const off = await createTestApp();
    try {
      const res = await off.fetch('/metrics');
      expect(res.status).not.toBe(200);
    } finally {
      await off.close();
    }
  });

  it('needs METRICS_TOKEN when one is set', async () => {
    expect((await t.fetch('/metrics')).status).toBe(401);
    expect((await t.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
  });

  it('counts requests by route pattern and status, times them, and reports the outbox', async () => {
    const w = await makeUserWithProject(t.db);
    for (const title of ['a', 'b']) {
      expect(
        (await t.fetch('/api/v1/tasks', { method: 'POST', key: w.key, json: { project_id: w.project.id, title } }))
          .status,
      ).toBe(201);
    }
    expect((await t.fetch('/api/v1/tasks/999999999', { key: w.key })).status).toBe(404);
    const res = await t.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(sample(text, 'tasksvc_http_requests_total', 'method="POST",route="/api/v1/tasks",status="201"')).toBe(2);
    expect(
      sample(text, 'tasksvc_http_requests_total', 'method="GET",route="/api/v1/tasks/:id{[0-9]+}",status="404"'),
    ).toBe(1);
    expect(text).not.toContain('/api/v1/tasks/999999999');
    expect(sample(text, 'tasksvc_http_request_duration_seconds_count', 'method="POST",route="/api/v1/tasks"')).toBe(2);
    // No dispatcher runs in test apps: the two task.created events wait.
    expect(sample(text, 'tasksvc_outbox_backlog')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'tasksvc_event_lag_seconds')).toBeGreaterThan(0);
    if (isPostgres) expect(sample(text, 'tasksvc_db_pool_max_connections', 'pool="requests"')).toBe(10);
    else expect(text).not.toContain('tasksvc_db_pool_connections{');
  });
});
