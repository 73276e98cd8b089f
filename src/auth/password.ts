import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto; OWASP's minimum for scrypt is
 * N=2^17, r=8, p=1 or an equivalent cost; N=2^14, r=8, p=5 is one of its
 * listed equivalents and needs 16 MiB instead of 128 MiB per hash, which
 * matters when several sign-ins arrive at once). The stored string names
 * its parameters, `scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>`, so
 * parameters can be raised later without invalidating old hashes.
 * scrypt runs on libuv's thread pool: it never blocks the event loop.
 */
const PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** Longest accepted password, in characters: a budget before the hashing work. */
export const PASSWORD_MAX = 1024;
/** Shortest password a person may set. */
export const PASSWORD_MIN = 8;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Hashes a password into the self-describing stored form. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, PARAMS.N, PARAMS.r, PARAMS.p, HASH_BYTES);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/**
 * Whether `password` matches `stored` (constant-time comparison). A stored
 * value of another shape never matches. With `stored` null (no such user,
 * or no password) a dummy hash is still computed, so an unknown email
 * takes as long as a wrong password.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    await derive(password, DUMMY_SALT, PARAMS.N, PARAMS.r, PARAMS.p, HASH_BYTES);
    return false;
  }
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  // Bounds guard against a tampered row asking for unbounded work.
  if (!(N >= 2 && N <= 2 ** 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16) || expected.length < 16) {
    await derive(password, DUMMY_SALT, PARAMS.N, PARAMS.r, PARAMS.p, HASH_BYTES);
    return false;
  }
  const actual = await derive(password, salt, N, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

const DUMMY_SALT = randomBytes(SALT_BYTES);
