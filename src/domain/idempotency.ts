import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { ConflictError, UnprocessableError, ValidationError } from '../errors.ts';

/** How long a successful response is replayed (spec 4.3, 8). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * A first request still "running" after this long is taken to have died
 * (process crash): the key can be used again instead of answering 409 forever.
 */
export const IDEMPOTENCY_STALE_MS = 5 * 60 * 1000;
/** The request header, as Stripe names it. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set to `true` on a replayed response. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** Validates a key: 1 to 255 visible ASCII characters (UUIDs are typical). */
export function parseIdempotencyKey(value: string): string {
  const key = value.trim();
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new ValidationError(IDEMPOTENCY_HEADER, `${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters.`, 'invalid_idempotency_key');
  }
  return key;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * Fingerprint of a request: method, path and body, with object keys sorted
 * so that `{a,b}` and `{b,a}` are the same request.
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical({ method, path, body: body ?? null }))).digest('hex');
}

/** Outcome of claiming a key: run the request, or replay a stored response. */
export type IdempotencyClaim =
  | { kind: 'run'; recordId: number }
  | { kind: 'replay'; status: number; body: unknown };

/**
 * Claims an idempotency key for a user, Stripe's rules: a key is the user's
 * own (other users' keys never collide); an unused or expired key → `run`;
 * the same request already answered within 24 h → `replay` of that answer;
 * another request (method, path or body) under the same key → UNPROCESSABLE
 * (422); the same key while the first request is still running → CONFLICT
 * (409). The claim is a row inserted before the work starts, so two
 * concurrent requests cannot both run (the unique key decides).
 */
export async function claimIdempotencyKey(db: Db, args: { userId: number; key: string; fingerprint: string }): Promise<IdempotencyClaim> {
  const now = new Date();
  await db.idempotencyRecord.deleteMany({ where: { userId: args.userId, expiresAt: { lt: now } } });
  for (let attempt = 0; attempt < 3; attempt++) {
    const { count } = await db.idempotencyRecord.createMany({
      data: [{ userId: args.userId, key: args.key, requestHash: args.fingerprint, expiresAt: new Date(now.getTime() + IDEMPOTENCY_WINDOW_MS) }],
      skipDuplicates: true,
    });
    const record = await db.idempotencyRecord.findUnique({ where: { userId_key: { userId: args.userId, key: args.key } } });
    if (!record) continue; // released by a failing first request meanwhile: try again
    if (count === 1) return { kind: 'run', recordId: record.id };
    if (record.requestHash !== args.fingerprint) {
      throw new UnprocessableError(
        `${IDEMPOTENCY_HEADER} "${args.key}" was already used with a different request; use a new key for a new request.`,
        IDEMPOTENCY_HEADER,
        'idempotency_key_reused',
      );
    }
    if (record.responseCode === null) {
      if (now.getTime() - record.createdAt.getTime() < IDEMPOTENCY_STALE_MS) {
        throw new ConflictError(
          `A request with ${IDEMPOTENCY_HEADER} "${args.key}" is still being processed; retry later.`,
          IDEMPOTENCY_HEADER,
          'idempotency_key_in_use',
        );
      }
      await db.idempotencyRecord.deleteMany({ where: { id: record.id, responseCode: null } });
      continue;
    }
    const body = typeof record.responseBody === 'string' ? JSON.parse(record.responseBody) : record.responseBody;
    return { kind: 'replay', status: record.responseCode, body };
  }
  throw new ConflictError(`${IDEMPOTENCY_HEADER} "${args.key}" is contended; retry later.`, IDEMPOTENCY_HEADER, 'idempotency_key_in_use');
}

/**
 * Stores the successful response of a claimed key, to be replayed for 24 h.
 * The body is kept as JSON text (a jsonb string) because jsonb objects do
 * not keep key order, and a replay should be the same bytes.
 */
export async function completeIdempotencyKey(db: Db, recordId: number, status: number, body: unknown): Promise<void> {
  await db.idempotencyRecord.update({
    where: { id: recordId },
    data: { responseCode: status, responseBody: JSON.stringify(body) },
  });
}

/** Releases a claimed key after a failure: failures are not cached, a retry runs again. */
export async function releaseIdempotencyKey(db: Db, recordId: number): Promise<void> {
  await db.idempotencyRecord.deleteMany({ where: { id: recordId, responseCode: null } });
}
