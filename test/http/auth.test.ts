import { describe, expect, it } from 'vitest';
import { createApiKey, hashApiKey, MAX_ACTIVE_KEYS, revokeApiKey } from '../../src/domain/api-key.ts';
import { useTestServer } from '../support/app.ts';
import { expect401 as expectUnauthenticated } from '../support/errors.ts';
import { gql } from '../support/graphql.ts';
import { makeUser, makeUserWithKey } from '../support/factories.ts';
import { startSession } from '../security/session-helpers.ts';
import { setPassword } from '../../src/domain/user.ts';

const t = useTestServer();

const PATHS = ['/api/mcp/user/context', '/api/v1/user/context'];

/** A 401 naming the authorization header and the detail `code`. */
const expect401 = (res: Response, code: string) => expectUnauthenticated(res, { field: 'authorization', code });

describe('Bearer authentication', () => {
  it.each(PATHS)('%s: no header → 401 with the error body', async (path) => {
    await expect401(await t.fetch(path), 'unauthenticated');
  });

  it.each(PATHS)('%s: malformed header → 401', async (path) => {
    await expect401(await t.fetch(path, { headers: { authorization: 'Token abc' } }), 'malformed');
    await expect401(await t.fetch(path, { headers: { authorization: 'Bearer' } }), 'malformed');
  });

  it.each(PATHS)('%s: unknown key → 401', async (path) => {
    await expect401(await t.fetch(path, { key: 'tsk_not-a-real-key' }), 'invalid_key');
  });

  it('revoked key → 401; another active key of the same user still works', async () => {
    const { user, key, keyId } = await makeUserWithKey(t.db);
    const other = await createApiKey(t.db, user.id);
    expect((await t.fetch(PATHS[0], { key })).status).toBe(200);
    await revokeApiKey(t.db, keyId);
    await expect401(await t.fetch(PATHS[0], { key }), 'revoked_key');
    expect((await t.fetch(PATHS[0], { key: other.key })).status).toBe(200);
  });

  it('GraphQL without a key answers 401 with a GraphQL error', async () => {
    const res = await t.fetch('/graphql', { method: 'POST', json: { query: '{ me { id } }' } });
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('unknown routes answer 401 before 404', async () => {
    await expect401(await t.fetch('/api/v1/nothing-here'), 'unauthenticated');
  });

  it('probes are public', async () => {
    expect((await t.fetch('/healthz')).status).toBe(200);
    const ready = await t.fetch('/readyz');
    expect(ready.status).toBe(200);
    expect((await ready.json()).ok).toBe(true);
  });
});

describe('API keys', () => {
  it('are stored hashed, never in clear', async () => {
    const user = await makeUser(t.db);
    const { id, key } = await createApiKey(t.db, user.id, { label: 'ci' });
    const row = await t.db.apiKey.findUniqueOrThrow({ where: { id } });
    expect(row.hash).toBe(hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(key.startsWith(row.prefix)).toBe(true);
    expect(row.prefix.length).toBeLessThan(key.length / 2);
  });

  it(`allows ${MAX_ACTIVE_KEYS} active keys, refuses the next with a clear error, and allows one again after a revoke`, async () => {
    const user = await makeUser(t.db);
    const ids: number[] = [];
    for (let i = 0; i < MAX_ACTIVE_KEYS; i++) ids.push((await createApiKey(t.db, user.id)).id);
    await expect(createApiKey(t.db, user.id)).rejects.toMatchObject({ code: 'VALIDATION', field: 'api_keys', detail: 'limit_exceeded' });
    expect(await t.db.apiKey.count({ where: { userId: user.id } })).toBe(MAX_ACTIVE_KEYS);
    await revokeApiKey(t.db, ids[0]);
    await expect(createApiKey(t.db, user.id)).resolves.toMatchObject({ key: expect.stringMatching(/^tsk_/) });
  });

});

/** Signs a user in with a password (set here): the cookies of a person's own session. */
async function signIn(user: { email: string }) {
  await setPassword(t.db, user.email, 'the password of this test');
  const res = await t.fetch('/api/auth/login', { method: 'POST', json: { email: user.email, password: 'the password of this test' } });
  expect(res.status).toBe(200);
  return { cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
}

describe('API keys through GraphQL: a person signed in only', () => {
  const gqlWith = (headers: Record<string, string>, query: string, variables?: Record<string, unknown>) =>
    gql(t, undefined, query, variables, headers.cookie ? { origin: t.url, ...headers } : headers);

  it('a key alone cannot list, create or revoke keys: UNAUTHENTICATED naming svc_session, nothing written', async () => {
    const { key, user, keyId } = await makeUserWithKey(t.db);
    const auth = { authorization: `Bearer ${key}` };
    for (const query of ['{ apiKeys { id } }', 'mutation { createApiKey(label: "x") { id key } }', `mutation { revokeApiKey(id: ${keyId}) }`]) {
      const body = await gqlWith(auth, query);
      expect(body.errors![0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', field: 'svc_session', detail: 'session_required' });
    }
    expect(await t.db.apiKey.findMany({ where: { userId: user.id }, select: { id: true, revokedAt: true } })).toEqual([
      { id: keyId, revokedAt: null },
    ]);
  });

  it('with a session: create (label 100 ok, 101 refused), list, revoke; the revoked key then answers 401', async () => {
    const { user } = await makeUserWithKey(t.db);
    const session = await signIn(user);
    const tooLong = await gqlWith(session, 'mutation($l: String) { createApiKey(label: $l) { id } }', { l: 'x'.repeat(101) });
    expect(tooLong.errors![0].extensions).toMatchObject({ code: 'VALIDATION', field: 'label' });
    expect(await t.db.apiKey.count({ where: { userId: user.id } })).toBe(1);

    const created = await gqlWith(session, 'mutation($l: String) { createApiKey(label: $l) { id key prefix label } }', { l: 'y'.repeat(100) });
    const fresh = created.data!.createApiKey;
    expect(fresh).toMatchObject({ key: expect.stringMatching(/^tsk_/), label: 'y'.repeat(100) });
    expect(fresh.key.startsWith(fresh.prefix)).toBe(true);
    expect((await t.fetch('/api/mcp/user/context', { key: fresh.key })).status).toBe(200);

    const listed = await gqlWith(session, '{ apiKeys { id prefix label createdAt lastUsedAt revokedAt } }');
    expect(listed.data!.apiKeys).toHaveLength(2);
    expect(listed.data!.apiKeys[0]).toMatchObject({ id: fresh.id, prefix: fresh.prefix, lastUsedAt: expect.any(String), revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(fresh.key);

    expect((await gqlWith(session, `mutation { revokeApiKey(id: ${fresh.id}) }`)).data!.revokeApiKey).toBe(true);
    expect((await t.fetch('/api/mcp/user/context', { key: fresh.key })).status).toBe(401);
  });

  it("another user's key id answers NOT_FOUND and stays active", async () => {
    const { user } = await makeUserWithKey(t.db);
    const other = await makeUserWithKey(t.db);
    const { cookie } = await signIn(user);
    const body = await gqlWith({ cookie }, `mutation { revokeApiKey(id: ${other.keyId}) }`);
    expect(body.errors![0].extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.db.apiKey.findUniqueOrThrow({ where: { id: other.keyId } })).revokedAt).toBeNull();
  });

  it(`the ${MAX_ACTIVE_KEYS + 1}th active key is a VALIDATION error on api_keys`, async () => {
    const { user } = await makeUserWithKey(t.db);
    for (let i = 1; i < MAX_ACTIVE_KEYS; i++) await createApiKey(t.db, user.id);
    const { cookie } = await signIn(user);
    const body = await gqlWith({ cookie }, 'mutation { createApiKey(label: "x") { id key } }');
    expect(body.errors![0].extensions).toMatchObject({ code: 'VALIDATION', field: 'api_keys' });
    expect(await t.db.apiKey.count({ where: { userId: user.id, revokedAt: null } })).toBe(MAX_ACTIVE_KEYS);
  });
});

describe('a leaked key', () => {
  it('key → session → createApiKey refused (403, nothing written); revoking the key ends its sessions (401)', async () => {
    const { user, key, keyId } = await makeUserWithKey(t.db);
    const stolen = await startSession(t, key);
    const headers = { cookie: stolen.cookie, origin: t.url };
    for (const query of ['{ apiKeys { id } }', 'mutation { createApiKey(label: "mine now") { id key } }', `mutation { revokeApiKey(id: ${keyId}) }`]) {
      const body = await gql(t, undefined, query, {}, headers);
      expect(body.errors![0].extensions, query).toMatchObject({ code: 'FORBIDDEN', detail: 'key_session' });
    }
    expect(await t.db.apiKey.count({ where: { userId: user.id } })).toBe(1);
    // The owner signs in and revokes the key: the session made from it ends with it.
    const owner = await signIn(user);
    const revoked = await gql(t, undefined, `mutation { revokeApiKey(id: ${keyId}) }`, {}, { ...owner, origin: t.url });
    expect(revoked.data).toEqual({ revokeApiKey: true });
    const after = await t.fetch('/api/v1/user/context', { headers: { cookie: stolen.cookie } });
    expect(after.status).toBe(401);
    expect((await after.json()).details.code).toBe('revoked_session');
    expect((await t.fetch('/api/v1/user/context', { headers: { cookie: owner.cookie } })).status).toBe(200);
  });
});
