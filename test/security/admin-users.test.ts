import { describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/domain/api-key.ts';
import { useTestServer } from '../support/app.ts';
import { makeProject, makeTeam, makeUser, makeUserWithKey } from '../support/factories.ts';
import { expect401, startSession, OWN_BUCKETS } from './session-helpers.ts';

const ADMIN = 'correct horse battery staple';
const t = useTestServer({ env: { ADMIN_PASSWORD: ADMIN, ...OWN_BUCKETS } });

const reset = (json: unknown, password?: string, extra: Record<string, string> = {}) =>
  t.fetch('/api/resetUser', {
    method: 'POST',
    json,
    headers: { ...(password !== undefined ? { 'x-admin-password': password } : {}), ...extra },
  });

describe('POST /api/resetUser', () => {
  it('401 without or with a wrong x-admin-password (an API key is no substitute); nothing changes', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    await expect401(await reset({ email: user.email }), { field: 'x-admin-password', code: 'unauthenticated' });
    await expect401(await reset({ email: user.email }, 'wrong'), {
      field: 'x-admin-password',
      code: 'invalid_admin_password',
    });
    await expect401(await reset({ email: user.email }, `${ADMIN}x`), { code: 'invalid_admin_password' });
    await expect401(await reset({ email: user.email }, ADMIN.slice(0, -1)), { code: 'invalid_admin_password' });
    const withKey = await t.fetch('/api/resetUser', { method: 'POST', key, json: { email: user.email } });
    await expect401(withKey, { code: 'unauthenticated' });
    expect(await t.db.apiKey.count({ where: { userId: user.id, revokedAt: null } })).toBe(1);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(0);
  });

  it('400 for a bad body, 404 for an unknown user', async () => {
    const both = await reset({ email: 'a@b.c', user_id: 1 }, ADMIN);
    expect(both.status).toBe(400);
    expect((await both.json()).details).toEqual({ field: 'email', code: 'exactly_one' });
    const none = await reset({}, ADMIN);
    expect(none.status).toBe(400);
    const badId = await reset({ user_id: -3 }, ADMIN);
    expect(badId.status).toBe(400);
    expect((await badId.json()).details.field).toBe('user_id');
    const unknown = await reset({ email: 'nobody-here@test.local' }, ADMIN);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).details).toEqual({ field: 'email', code: 'not_found' });
    expect((await reset({ user_id: 99999999 }, ADMIN)).status).toBe(404);
  });

  it('revokes every key and session of the user, by email or by id, and nobody else’s', async () => {
    const { user, key } = await makeUserWithKey(t.db, 'Victim');
    const second = await createApiKey(t.db, user.id);
    const bystander = await makeUserWithKey(t.db, 'Bystander');
    const session = await startSession(t, key);
    const bystanderSession = await startSession(t, bystander.key);

    const res = await reset({ email: user.email.toUpperCase() }, ADMIN);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, user_id: user.id, revoked_keys: 2, message: expect.any(String) });

    await expect401(await t.fetch('/api/mcp/user/context', { key }), { code: 'revoked_key' });
    await expect401(await t.fetch('/api/mcp/user/context', { key: second.key }), { code: 'revoked_key' });
    await expect401(await t.fetch('/api/mcp/user/context', { headers: { cookie: session.cookie } }), {
      code: 'revoked_session',
    });
    expect((await t.fetch('/api/mcp/user/context', { key: bystander.key })).status).toBe(200);
    expect((await t.fetch('/api/mcp/user/context', { headers: { cookie: bystanderSession.cookie } })).status).toBe(200);

    // Again by id: no active keys left, sessions bumped again.
    const again = await reset({ user_id: user.id }, ADMIN);
    expect(await again.json()).toMatchObject({ user_id: user.id, revoked_keys: 0 });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(2);
  });

  it('is disabled (401 admin_disabled) when no ADMIN_PASSWORD is configured', async () => {
    const { createTestApp } = await import('../support/app.ts');
    const bare = await createTestApp({ env: { ADMIN_PASSWORD: '' } });
    try {
      const user = await makeUser(bare.db);
      for (const password of [undefined, '', 'anything']) {
        const res = await bare.fetch('/api/resetUser', {
          method: 'POST',
          json: { user_id: user.id },
          headers: password === undefined ? {} : { 'x-admin-password': password },
        });
        await expect401(res, { code: 'admin_disabled' });
      }
      expect((await bare.db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

/** Me, a teammate, a project co-member, and a stranger sharing nothing with me. */
async function directory() {
  const me = await makeUserWithKey(t.db, 'Me');
  const mate = await makeUser(t.db, 'Teammate');
  const coMember = await makeUser(t.db, 'Comember');
  const stranger = await makeUser(t.db, 'Stranger');
  await makeTeam(t.db, [me.user.id, mate.id]);
  await makeProject(t.db, { memberIds: [me.user.id, coMember.id] });
  await makeTeam(t.db, [stranger.id]);
  const session = await startSession(t, me.key);
  return { me, mate, coMember, stranger, cookie: session.cookie };
}

describe('GET /api/users/search and /api/users/getByEmails', () => {
  it('401 without a signed session: nothing, a key alone, or a forged identity', async () => {
    const { me } = await makeUserWithKey(t.db).then((me) => ({ me }));
    for (const path of ['/api/users/search?q=me', `/api/users/getByEmails?emails=${me.user.email}`]) {
      await expect401(await t.fetch(path));
      await expect401(await t.fetch(path, { key: me.key }), { field: 'svc_session', code: 'session_required' });
      await expect401(
        await t.fetch(path, { headers: { cookie: `nookies_user=${encodeURIComponent(`{"id":${me.user.id}}`)}` } }),
      );
    }
    const gql = await t.fetch('/graphql', {
      method: 'POST',
      key: me.key,
      json: { query: '{ userSearch(query: "m") { id } }' },
    });
    expect((await gql.json()).errors[0].extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      detail: 'session_required',
    });
  });

  it('search: email or word prefix, only users sharing a team or project, case-insensitive', async () => {
    const d = await directory();
    const search = async (q: string) => {
      const res = await t.fetch(`/api/users/search?q=${encodeURIComponent(q)}`, { headers: { cookie: d.cookie } });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.success).toBe(true);
      return body.users.map((u: { id: number }) => u.id).sort();
    };
    expect(await search(d.mate.email.slice(0, 12).toUpperCase())).toEqual([d.mate.id]);
    expect(await search(d.coMember.displayName.split(' ')[1])).toEqual([d.coMember.id]); // second word of the name
    expect(await search('teammate')).toEqual([d.mate.id]);
    expect(await search('stranger')).toEqual([]);
    expect(await search(d.stranger.email)).toEqual([]);
    expect(await search(d.me.user.email)).toEqual([d.me.user.id]);
    // LIKE wildcards are literal.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    const res = await t.fetch('/api/users/search?q=me', { headers: { cookie: d.cookie } });
    expect((await res.json()).users[0]).toEqual({
      id: d.me.user.id,
      email: d.me.user.email,
      displayName: d.me.user.displayName,
      photoURL: null,
    });
  });

  it('search: q 1 to 100 characters, limit 1 to 20, at most 20 answers', async () => {
    const d = await directory();
    const many = await Promise.all(Array.from({ length: 22 }, (_, i) => makeUser(t.db, `Crowd${i}`)));
    await makeProject(t.db, { memberIds: [d.me.user.id, ...many.map((u) => u.id)] });
    const get = (qs: string) => t.fetch(`/api/users/search?${qs}`, { headers: { cookie: d.cookie } });
    expect((await (await get('q=crowd')).json()).users).toHaveLength(20);
    expect((await (await get('q=crowd&limit=20')).json()).users).toHaveLength(20);
    expect((await (await get('q=crowd&limit=1')).json()).users).toHaveLength(1);
    for (const [qs, field] of [
      ['q=crowd&limit=21', 'limit'],
      ['q=crowd&limit=0', 'limit'],
      ['q=', 'q'],
      ['q=%20%20', 'q'],
      [`q=${'a'.repeat(101)}`, 'q'],
      ['', 'q'],
    ]) {
      const res = await get(qs);
      expect(res.status, qs).toBe(400);
      expect((await res.json()).details.field, qs).toBe(field);
    }
    expect((await get(`q=${'a'.repeat(100)}`)).status).toBe(200);
  });

  it('getByEmails: known users only, others simply absent; 1 to 100 emails', async () => {
    const d = await directory();
    const get = (emails: string) =>
      t.fetch(`/api/users/getByEmails?emails=${encodeURIComponent(emails)}`, { headers: { cookie: d.cookie } });
    const res = await get(
      [d.mate.email.toUpperCase(), d.stranger.email, 'nobody@nowhere.test', d.coMember.email].join(','),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.users.map((u: { id: number }) => u.id).sort()).toEqual([d.mate.id, d.coMember.id].sort());
    expect(body.users.map((u: { email: string }) => u.email)).toEqual(
      [...body.users.map((u: { email: string }) => u.email)].sort(),
    );
    expect((await get(Array.from({ length: 100 }, (_, i) => `x${i}@t.test`).join(','))).status).toBe(200);
    for (const bad of [Array.from({ length: 101 }, (_, i) => `x${i}@t.test`).join(','), '', ' , ']) {
      const r = await get(bad);
      expect(r.status).toBe(400);
      expect((await r.json()).details.field).toBe('emails');
    }
  });
});
