import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { ConflictError, UnprocessableError, ValidationError } from '../errors.ts';

/** How long a successful response is replayed (spec 4.3, 8). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
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

/** A response of a keyed request: the first one, or its replay. */
export interface IdempotentResponse {
  status: number;
  body: unknown;
  /** True when this is the stored answer of an earlier request. */
  replayed: boolean;
}

/**
 * Runs a request under an Idempotency-Key, Stripe's rules: a key is the
 * user's own (other users' keys never collide); the same request already
 * answered within 24 h → its stored answer (`replayed`); another request
 * (method, path or body) under the same key → UNPROCESSABLE (422); the same
 * key while the first request is still running → CONFLICT (409); otherwise
 * `work` runs.
 *
 * Crash-safe: `work` runs inside one transaction with the claim and the
 * stored answer. The claim is a transaction-scoped advisory lock on (user,
 * key), so it ends with the transaction whatever happens: a request that
 * fails or whose process dies (its connection closes, the server rolls back)
 * releases the key at once and leaves nothing; one whose transaction commits
 * has committed its answer with its work, so any retry replays it. There is
 * no window in which the work is done and the answer not yet stored, and
 * never a second board. `work` must do its writes on the transaction it is
 * given (domain functions nest inline, see inTransaction).
 */
export async function runIdempotent(
  db: Db,
  args: { userId: number; key: string; fingerprint: string },
  work: (tx: Prisma.TransactionClient) => Promise<{ status: number; body: unknown }>,
): Promise<IdempotentResponse> {
  return db.$transaction(
    async (tx) => {
      const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`
        SELECT pg_try_advisory_xact_lock(${args.userId}::integer, hashtext(${args.key})) AS locked`;
      if (!lock?.locked) {
        throw new ConflictError(
          `A request with ${IDEMPOTENCY_HEADER} "${args.key}" is still being processed; retry later.`,
          IDEMPOTENCY_HEADER,
          'idempotency_key_in_use',
        );
      }
      const now = new Date();
      await tx.idempotencyRecord.deleteMany({ where: { userId: args.userId, expiresAt: { lt: now } } });
      const record = await tx.idempotencyRecord.findUnique({ where: { userId_key: { userId: args.userId, key: args.key } } });
      if (record) {
        if (record.requestHash !== args.fingerprint) {
          throw new UnprocessableError(
            `${IDEMPOTENCY_HEADER} "${args.key}" was already used with a different request; use a new key for a new request.`,
            IDEMPOTENCY_HEADER,
            'idempotency_key_reused',
          );
        }
        const body = typeof record.responseBody === 'string' ? JSON.parse(record.responseBody) : record.responseBody;
        return { status: record.responseCode, body, replayed: true };
      }
      const { status, body } = await work(tx);
      // Kept as JSON text (a jsonb string): jsonb objects do not keep key order, and a replay should be the same bytes.
      await tx.idempotencyRecord.create({
        data: {
          userId: args.userId,
          key: args.key,
          requestHash: args.fingerprint,
          responseCode: status,
          responseBody: JSON.stringify(body),
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_WINDOW_MS),
        },
        select: { id: true },
      });
      return { status, body, replayed: false };
    },
    // A 500-task board takes a while on a loaded machine (the board's own limits).
    { maxWait: 10_000, timeout: 60_000 },
  );
}
