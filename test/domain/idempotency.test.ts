import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_WINDOW_MS,
  parseIdempotencyKey,
  requestFingerprint,
  runIdempotent,
} from '../../src/domain/idempotency.ts';
import { isPostgres, useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeUser } from '../support/factories.ts';
import { expectAppError, thrown } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

/** A unit of work that counts its runs and answers `body`. */
function counted(body: unknown, status = 201) {
  const work = async () => {
    work.runs++;
    return { status, body };
  };
  work.runs = 0;
  return work;
}

describe('Idempotency-Key', () => {
  it('keys are 1 to 255 visible ASCII characters, trimmed', () => {
    expect(parseIdempotencyKey('  abc-123  ')).toBe('abc-123');
    expect(parseIdempotencyKey('k'.repeat(255))).toHaveLength(255);
    for (const bad of ['', '   ', 'k'.repeat(256), 'a b', 'clé']) {
      const err = thrown(() => parseIdempotencyKey(bad));
      expect([err.code, err.field, err.detail]).toEqual(['VALIDATION', 'Idempotency-Key', 'invalid_idempotency_key']);
    }
  });

  it('the fingerprint is method, path and body, whatever the order of object keys', () => {
    const f = requestFingerprint('POST', '/boards', { a: 1, b: { c: [1, { d: 2, e: 3 }] } });
    expect(f).toMatch(/^[0-9a-f]{64}$/);
    expect(requestFingerprint('POST', '/boards', { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(f);
    expect(requestFingerprint('PUT', '/boards', { a: 1, b: { c: [1, { d: 2, e: 3 }] } })).not.toBe(f);
    expect(requestFingerprint('POST', '/boards/1', { a: 1, b: { c: [1, { d: 2, e: 3 }] } })).not.toBe(f);
    expect(requestFingerprint('POST', '/boards', { a: 1, b: { c: [{ d: 2, e: 3 }, 1] } })).not.toBe(f);
    expect(requestFingerprint('POST', '/boards', undefined)).toBe(requestFingerprint('POST', '/boards', null));
  });

  it('the same request replays the stored answer without running again; another user\'s key never collides', async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const key = randomUUID();
    const fingerprint = requestFingerprint('POST', '/x', { n: 1 });
    const work = counted({ id: 7, z: 1, a: [2] });
    const before = Date.now();
    expect(await runIdempotent(db, { userId: user.id, key, fingerprint }, work)).toEqual({ status: 201, body: { id: 7, z: 1, a: [2] }, replayed: false });
    expect(await runIdempotent(db, { userId: user.id, key, fingerprint }, work)).toEqual({ status: 201, body: { id: 7, z: 1, a: [2] }, replayed: true });
    expect(work.runs).toBe(1);
    const record = await db.idempotencyRecord.findUniqueOrThrow({ where: { userId_key: { userId: user.id, key } } });
    expect(record.expiresAt.getTime() - before).toBeGreaterThanOrEqual(IDEMPOTENCY_WINDOW_MS);
    expect(record.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(IDEMPOTENCY_WINDOW_MS);
    const theirs = counted({ id: 8 }, 200);
    expect(await runIdempotent(db, { userId: other.id, key, fingerprint }, theirs)).toEqual({ status: 200, body: { id: 8 }, replayed: false });
  });

  it('another request under a used key is UNPROCESSABLE and runs nothing', async () => {
    const user = await makeUser(db);
    const key = randomUUID();
    await runIdempotent(db, { userId: user.id, key, fingerprint: requestFingerprint('POST', '/x', { n: 1 }) }, counted({}));
    const work = counted({});
    await expectAppError(
      runIdempotent(db, { userId: user.id, key, fingerprint: requestFingerprint('POST', '/x', { n: 2 }) }, work),
      'UNPROCESSABLE',
      'Idempotency-Key',
      'idempotency_key_reused',
    );
    expect(work.runs).toBe(0);
  });

  it('an expired answer is forgotten: the request runs again', async () => {
    const user = await makeUser(db);
    const key = randomUUID();
    const fingerprint = requestFingerprint('POST', '/x', {});
    const work = counted({ ok: true });
    await runIdempotent(db, { userId: user.id, key, fingerprint }, work);
    await db.idempotencyRecord.updateMany({ where: { userId: user.id, key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await runIdempotent(db, { userId: user.id, key, fingerprint }, work)).replayed).toBe(false);
    expect(work.runs).toBe(2);
  });

  it('a failed request stores nothing: a retry runs', async () => {
    const user = await makeUser(db);
    const key = randomUUID();
    const fingerprint = requestFingerprint('POST', '/x', {});
    await expect(runIdempotent(db, { userId: user.id, key, fingerprint }, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await db.idempotencyRecord.count({ where: { userId: user.id } })).toBe(0);
    expect((await runIdempotent(db, { userId: user.id, key, fingerprint }, counted({}))).replayed).toBe(false);
  });

  // PostgreSQL only: PGlite has one connection, so a second transaction waits for the first instead of overlapping it.
  it.runIf(isPostgres)('the same key while the first request runs is CONFLICT (PostgreSQL)', async () => {
    const user = await makeUser(db);
    const key = randomUUID();
    const fingerprint = requestFingerprint('POST', '/x', {});
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const first = runIdempotent(db, { userId: user.id, key, fingerprint }, async () => {
      started();
      await gate;
      return { status: 201, body: {} };
    });
    await running;
    await expectAppError(runIdempotent(db, { userId: user.id, key, fingerprint }, counted({})), 'CONFLICT', 'Idempotency-Key', 'idempotency_key_in_use');
    release();
    expect((await first).replayed).toBe(false);
  });
});
