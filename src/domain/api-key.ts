import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { parseInput } from './validate.ts';
import { lastUseThrottle } from './last-use.ts';
import { NotFoundError, UnauthenticatedError, ValidationError } from '../errors.ts';
import type { Viewer } from '../auth/viewer.ts';

/** Spec 5.2: a user holds at most this many active keys. */
export const MAX_ACTIVE_KEYS = 10;
/** Longest key label. */
export const API_KEY_LABEL_MAX = 100;
const KEY_PREFIX = 'tsk_';

/** SHA-256 of a key: what the database stores instead of the key. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A fresh random key; 32 bytes of entropy. */
function newKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

export interface CreatedApiKey {
  id: number;
  /** The clear key: returned once, never stored. */
  key: string;
  prefix: string;
  label: string | null;
  createdAt: Date;
}

/**
 * Creates an API key for a user, refusing the 11th active one. The count and
 * insert run in one transaction holding a row lock on the user, so two
 * concurrent creates cannot both pass the limit.
 */
export async function createApiKey(
  db: Db,
  userId: number,
  opts: { label?: string | null; agentId?: string | null } = {},
): Promise<CreatedApiKey> {
  const label = parseInput(z.string().trim().max(API_KEY_LABEL_MAX).nullish(), opts.label, 'label') || null;
  const key = newKey();
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    if (locked.length === 0) throw new NotFoundError('User', 'user');
    const active = await tx.apiKey.count({ where: { userId, revokedAt: null } });
    if (active >= MAX_ACTIVE_KEYS) {
      throw new ValidationError(
        'api_keys',
        `A user can hold at most ${MAX_ACTIVE_KEYS} active API keys; revoke one first.`,
        'limit_exceeded',
      );
    }
    const row = await tx.apiKey.create({
      data: { userId, hash: hashApiKey(key), prefix: key.slice(0, 12), label, agentId: opts.agentId ?? null },
    });
    return { id: row.id, key, prefix: row.prefix, label: row.label, createdAt: row.createdAt };
  });
}

/** Lists a user's keys (never the key itself), newest first. */
export function listApiKeys(db: Db, userId: number) {
  return db.apiKey.findMany({
    where: { userId },
    orderBy: { id: 'desc' },
    select: { id: true, prefix: true, label: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}

/** Revokes a key. With `ownerId`, only that user's key can be revoked (else NOT_FOUND). */
export async function revokeApiKey(db: Db, id: number, ownerId?: number): Promise<void> {
  const res = await db.apiKey.updateMany({
    where: { id, revokedAt: null, ...(ownerId !== undefined ? { userId: ownerId } : {}) },
    data: { revokedAt: new Date() },
  });
  if (res.count === 0) {
    const exists = await db.apiKey.findFirst({ where: { id, ...(ownerId !== undefined ? { userId: ownerId } : {}) } });
    if (!exists) throw new NotFoundError('API key', 'id');
  }
}

// Writing lastUsedAt on every request would double the writes; once a minute per key is enough.
const touchDue = lastUseThrottle(60_000);

/**
 * Resolves an `Authorization` header value into a viewer, or throws
 * UNAUTHENTICATED naming what was wrong (missing, malformed, unknown, revoked).
 */
export async function authenticateBearer(db: Db, header: string | undefined | null): Promise<Viewer> {
  if (!header) throw new UnauthenticatedError();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) {
    throw new UnauthenticatedError('Malformed Authorization header: expected "Bearer <API key>".', 'authorization', 'malformed');
  }
  const row = await db.apiKey.findUnique({
    where: { hash: hashApiKey(match[1]) },
    select: { id: true, userId: true, agentId: true, revokedAt: true },
  });
  if (!row) throw new UnauthenticatedError('Unknown API key.', 'authorization', 'invalid_key');
  if (row.revokedAt) throw new UnauthenticatedError('This API key has been revoked.', 'authorization', 'revoked_key');
  const now = Date.now();
  if (touchDue(db, row.id, now)) {
    await db.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } });
  }
  return { userId: row.userId, apiKeyId: row.id, agentId: row.agentId, via: 'key' };
}
