import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_LABEL_MAX,
  authenticateBearer,
  createApiKey,
  listApiKeys,
  MAX_ACTIVE_KEYS,
  revokeApiKey,
} from '../../src/domain/api-key.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeTeam, makeUser } from '../support/factories.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A user and an agent of their team (keys may act for an agent). */
async function userWithAgent() {
  const user = await makeUser(db);
  const team = await makeTeam(db, [user.id]);
  const agent = await db.agent.create({ data: { teamId: team.id, displayName: 'Bot' } });
  return { user, agentId: agent.id };
}

describe('createApiKey', () => {
  it('returns the clear key once and stores only its SHA-256, a 12-character prefix, the trimmed label and the agent', async () => {
    const { user, agentId } = await userWithAgent();
    const created = await createApiKey(db, user.id, { label: '  laptop  ', agentId });
    expect(created.key).toMatch(/^tsk_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    expect(created.label).toBe('laptop');
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect([row.userId, row.hash, row.prefix, row.label, row.agentId, row.revokedAt]).toEqual([
      user.id,
      sha256(created.key),
      created.prefix,
      'laptop',
      agentId,
      null,
    ]);
    expect(created.createdAt).toEqual(row.createdAt);
    const plain = await createApiKey(db, user.id);
    expect(plain.key).not.toBe(created.key);
    const plainRow = await db.apiKey.findUniqueOrThrow({ where: { id: plain.id } });
    expect([plainRow.label, plainRow.agentId]).toEqual([null, null]);
  });

  it(`labels are at most ${API_KEY_LABEL_MAX} characters; a blank label is no label`, async () => {
    const user = await makeUser(db);
    expect((await createApiKey(db, user.id, { label: 'x'.repeat(API_KEY_LABEL_MAX) })).label).toHaveLength(API_KEY_LABEL_MAX);
    expect((await createApiKey(db, user.id, { label: '   ' })).label).toBeNull();
    await expectAppError(createApiKey(db, user.id, { label: 'x'.repeat(API_KEY_LABEL_MAX + 1) }), 'VALIDATION', 'label');
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(2);
  });

  it(`refuses the ${MAX_ACTIVE_KEYS + 1}th active key; revoked keys and other users' keys do not count`, async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    await createApiKey(db, other.id);
    const keys = [];
    for (let i = 0; i < MAX_ACTIVE_KEYS; i++) keys.push(await createApiKey(db, user.id));
    await expectAppError(createApiKey(db, user.id), 'VALIDATION', 'api_keys', 'limit_exceeded');
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(MAX_ACTIVE_KEYS);
    await revokeApiKey(db, keys[0].id, user.id);
    await createApiKey(db, user.id);
    await expectAppError(createApiKey(db, user.id), 'VALIDATION', 'api_keys', 'limit_exceeded');
    await createApiKey(db, other.id);
  });

  it('is NOT_FOUND for a user that does not exist', async () => {
    await expectAppError(createApiKey(db, 2147483000), 'NOT_FOUND', 'user');
  });
});

describe('listApiKeys and revokeApiKey', () => {
  it("lists the user's own keys, newest first, without the hash", async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const a = await createApiKey(db, user.id, { label: 'a' });
    await createApiKey(db, other.id);
    const b = await createApiKey(db, user.id, { label: 'b' });
    const list = await listApiKeys(db, user.id);
    expect(list).toEqual([
      { id: b.id, prefix: b.prefix, label: 'b', createdAt: b.createdAt, lastUsedAt: null, revokedAt: null },
      { id: a.id, prefix: a.prefix, label: 'a', createdAt: a.createdAt, lastUsedAt: null, revokedAt: null },
    ]);
  });

  it("revokes one's own key once; another user's key is NOT_FOUND and stays active; without an owner any key", async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const mine = await createApiKey(db, user.id);
    const keep = await createApiKey(db, user.id);
    const theirs = await createApiKey(db, other.id);
    const revokedAt = async (id: number) => (await db.apiKey.findUniqueOrThrow({ where: { id } })).revokedAt;

    await expectAppError(revokeApiKey(db, theirs.id, user.id), 'NOT_FOUND', 'id');
    expect(await revokedAt(theirs.id)).toBeNull();
    await revokeApiKey(db, mine.id, user.id);
    const first = await revokedAt(mine.id);
    expect(first).toBeInstanceOf(Date);
    expect(await revokedAt(keep.id)).toBeNull();
    // Revoking again is not an error and keeps the first time.
    await revokeApiKey(db, mine.id, user.id);
    expect(await revokedAt(mine.id)).toEqual(first);
    await expectAppError(revokeApiKey(db, 2147483000, user.id), 'NOT_FOUND', 'id');
    await expectAppError(revokeApiKey(db, 2147483000), 'NOT_FOUND', 'id');
    // No owner (an administrator's revoke): any user's key.
    await revokeApiKey(db, theirs.id);
    expect(await revokedAt(theirs.id)).toBeInstanceOf(Date);
    expect(await revokedAt(keep.id)).toBeNull();
  });
});

describe('authenticateBearer', () => {
  it('resolves a key to its user, key and agent; the scheme is case-insensitive, spaces around the key allowed', async () => {
    const { user, agentId } = await userWithAgent();
    const { id, key } = await createApiKey(db, user.id, { agentId });
    const viewer = { userId: user.id, apiKeyId: id, agentId, via: 'key' };
    expect(await authenticateBearer(db, `Bearer ${key}`)).toEqual(viewer);
    expect(await authenticateBearer(db, `bearer   ${key}  `)).toEqual(viewer);
  });

  it('names what is wrong: missing, malformed, unknown, revoked', async () => {
    const user = await makeUser(db);
    const { id, key } = await createApiKey(db, user.id);
    await expectAppError(authenticateBearer(db, undefined), 'UNAUTHENTICATED', 'authorization', 'unauthenticated');
    await expectAppError(authenticateBearer(db, ''), 'UNAUTHENTICATED', 'authorization', 'unauthenticated');
    for (const header of [key, `Basic ${key}`, 'Bearer', 'Bearer ', `Bearer ${key} extra`, `xBearer ${key}`]) {
      await expectAppError(authenticateBearer(db, header), 'UNAUTHENTICATED', 'authorization', 'malformed');
    }
    await expectAppError(authenticateBearer(db, `Bearer ${key}x`), 'UNAUTHENTICATED', 'authorization', 'invalid_key');
    await revokeApiKey(db, id);
    await expectAppError(authenticateBearer(db, `Bearer ${key}`), 'UNAUTHENTICATED', 'authorization', 'revoked_key');
  });

  it('stamps lastUsedAt on first use, then at most once a minute', async () => {
    const user = await makeUser(db);
    const { id, key } = await createApiKey(db, user.id);
    const lastUsedAt = async () => (await db.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt;
    const before = Date.now();
    await authenticateBearer(db, `Bearer ${key}`);
    const stamped = await lastUsedAt();
    expect(stamped!.getTime()).toBeGreaterThanOrEqual(before);
    expect(stamped!.getTime()).toBeLessThanOrEqual(Date.now());
    await db.apiKey.update({ where: { id }, data: { lastUsedAt: null } });
    await authenticateBearer(db, `Bearer ${key}`);
    expect(await lastUsedAt()).toBeNull();
  });
});
