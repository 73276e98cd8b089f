/**
 * What `NODE_ENV=production` refuses in a configuration that otherwise
 * parses: secrets left at a placeholder (the values of sample files such as
 * `change-me-…`), too short to resist guessing, or missing where the service
 * would silently make up a throwaway one. Each refusal names its variable in
 * one line; the process stops before it listens (src/config.ts).
 *
 * "Missing SESSION_SECRET" means: no SESSION_SECRET and no place to keep the
 * secret the service would make. With a data directory on disk the service
 * makes one secret file there (0600, src/auth/session-secret.ts) and every
 * restart and `serve --workers` process reads it, so production may leave
 * SESSION_SECRET unset; with a `memory://` data directory it would be a
 * random secret per process (every restart signs everyone out, instances
 * disagree), which production refuses.
 */

/** Shortest SESSION_SECRET production accepts: 32 characters (`openssl rand -base64 32` prints 44). */
export const PRODUCTION_SESSION_SECRET_MIN = 32;
/** Shortest ADMIN_PASSWORD production accepts. */
export const PRODUCTION_ADMIN_PASSWORD_MIN = 16;

// Words of sample values (compared with case and punctuation removed).
const PLACEHOLDER_WORDS = [
  'changeme',
  'replaceme',
  'placeholder',
  'yoursecret',
  'yourpassword',
  'example',
  'insecure',
  'notsecret',
  'dummy',
  'fixme',
  'todo',
];
// Whole values that are never secret.
const PLACEHOLDER_VALUES = new Set([
  'secret',
  'password',
  'passw0rd',
  'admin',
  'test',
  'dev',
  'default',
  'tasksvc',
  'masterkey',
  'devmasterkey',
  'sessionsecret',
  'adminpassword',
  'letmein',
  'qwerty',
]);

/** True when `value` looks like a placeholder rather than a secret someone chose. */
export function isPlaceholderSecret(value: string): boolean {
  const folded = value.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (folded.length === 0 || PLACEHOLDER_VALUES.has(folded)) return true;
  if (PLACEHOLDER_WORDS.some((w) => folded.includes(w))) return true;
  // One character repeated (xxxxxxxx…), or a run of digits 1234…
  if (/^(.)\1*$/.test(value) || '12345678901234567890'.startsWith(folded)) return true;
  return false;
}

/** The production configuration's settings this check reads. */
export interface ProductionSecrets {
  SESSION_SECRET?: string;
  ADMIN_PASSWORD?: string;
  MEILI_HOST?: string;
  MEILI_API_KEY?: string;
  TASKSVC_DATA_DIR: string;
}

/** The first unsafe setting of a production configuration, as one line naming the variable; null when it is safe. */
export function productionRefusal(c: ProductionSecrets): string | null {
  const fix = 'NODE_ENV=production refuses it';
  if (c.SESSION_SECRET !== undefined) {
    if (isPlaceholderSecret(c.SESSION_SECRET)) {
      return `SESSION_SECRET is a placeholder value: ${fix}. Set ${PRODUCTION_SESSION_SECRET_MIN}+ random characters (openssl rand -base64 32), or unset it to use the secret file the service keeps in TASKSVC_DATA_DIR.`;
    }
    if (c.SESSION_SECRET.length < PRODUCTION_SESSION_SECRET_MIN) {
      return `SESSION_SECRET is ${c.SESSION_SECRET.length} characters: ${fix} under ${PRODUCTION_SESSION_SECRET_MIN}. Set ${PRODUCTION_SESSION_SECRET_MIN}+ random characters (openssl rand -base64 32).`;
    }
  } else if (c.TASKSVC_DATA_DIR.startsWith('memory://')) {
    return `SESSION_SECRET is not set and TASKSVC_DATA_DIR is in memory, so every process would sign sessions with a throwaway secret: ${fix}. Set SESSION_SECRET (openssl rand -base64 32) or a data directory on disk.`;
  }
  if (c.ADMIN_PASSWORD !== undefined) {
    if (isPlaceholderSecret(c.ADMIN_PASSWORD)) {
      return `ADMIN_PASSWORD is a placeholder value: ${fix}. Set ${PRODUCTION_ADMIN_PASSWORD_MIN}+ random characters, or unset it (the admin route is then off).`;
    }
    if (c.ADMIN_PASSWORD.length < PRODUCTION_ADMIN_PASSWORD_MIN) {
      return `ADMIN_PASSWORD is ${c.ADMIN_PASSWORD.length} characters: ${fix} under ${PRODUCTION_ADMIN_PASSWORD_MIN}. Set ${PRODUCTION_ADMIN_PASSWORD_MIN}+ random characters, or unset it (the admin route is then off).`;
    }
  }
  if (c.MEILI_HOST !== undefined) {
    if (c.MEILI_API_KEY === undefined) {
      return `MEILI_API_KEY is not set while MEILI_HOST is: ${fix} (a Meilisearch without a master key is open to anyone who reaches it). Set the master key of the Meilisearch instance.`;
    }
    if (isPlaceholderSecret(c.MEILI_API_KEY)) {
      return `MEILI_API_KEY is a placeholder value: ${fix}. Give Meilisearch a random master key (MEILI_MASTER_KEY) and the service the same value.`;
    }
  }
  return null;
}
