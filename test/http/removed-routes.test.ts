import { describe, expect, it } from 'vitest';
import { removedRoutes } from '../../src/http/routes/removed.ts';
import { useTestApp } from '../support/app.ts';
import { makeUserWithKey } from '../support/factories.ts';

const t = useTestApp();

describe('removed routes (spec 9.3)', () => {
  it.each(removedRoutes)('$method $path → 401 without a key, 410 Gone naming the replacement with one', async (r) => {
    expect((await t.fetch(r.path, { method: r.method })).status).toBe(401);
    const { key } = await makeUserWithKey(t.db);
    const res = await t.fetch(r.path, { method: r.method, key });
    expect(res.status).toBe(410);
    const body = await res.json();
    expect(body).toEqual({ success: false, error: 'GONE', message: expect.stringContaining(r.replacement), details: { field: null, code: 'gone' } });
    expect(body.message).toContain('/api/v1/');
  });
});
