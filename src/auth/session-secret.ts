import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';

/** The session secret's file name in the data directory. */
export const SESSION_SECRET_FILE = 'session-secret';

/** Where the session secret comes from, for the start-up log and the rotate command. */
export type SessionSecretSource = 'config' | 'data-dir' | 'process-random';

/**
 * How often a running server looks at the secret file for a change: a file
 * changed by `tasksvc sessions rotate-secret` run beside a server that has no
 * control channel (PostgreSQL) is noticed within this time; statting once a
 * second costs nothing.
 */
export const FILE_CHECK_MS = 1000;

/**
 * The HMAC key of `svc_session`, one per instance: SESSION_SECRET when set;
 * else the file `session-secret` in TASKSVC_DATA_DIR (made once, mode 0600,
 * so sessions survive restarts and every process on this data directory,
 * `serve --workers` included, signs alike); else (a `memory://` data
 * directory: tests, throwaway runs) a random secret per process.
 * The file is read on first use, then again whenever it changes.
 */
export class SessionKey {
  readonly source: SessionSecretSource;
  /** The secret file, when the source is `data-dir`. */
  readonly path: string | null;
  #secret: Buffer | null = null;
  #stamp = '';
  #checkedAt = 0;

  constructor(config: Pick<Config, 'SESSION_SECRET' | 'TASKSVC_DATA_DIR'>) {
    if (config.SESSION_SECRET) {
      this.source = 'config';
      this.#secret = Buffer.from(config.SESSION_SECRET, 'utf8');
      this.path = null;
    } else if (config.TASKSVC_DATA_DIR.startsWith('memory://')) {
      this.source = 'process-random';
      this.path = null;
    } else {
      this.source = 'data-dir';
      this.path = join(config.TASKSVC_DATA_DIR, SESSION_SECRET_FILE);
    }
  }

  /** The secret now (reads or makes the file on first use; throws when the data directory cannot hold it). */
  get current(): Buffer {
    if (this.source === 'config') return this.#secret!;
    if (this.source === 'process-random') return (this.#secret ??= randomBytes(32));
    const now = Date.now();
    if (this.#secret && now - this.#checkedAt < FILE_CHECK_MS) return this.#secret;
    this.#checkedAt = now;
    const path = this.path!;
    if (this.#secret && fileStamp(path) === this.#stamp) return this.#secret;
    this.#secret = readOrCreateSecretFile(path);
    this.#stamp = fileStamp(path);
    return this.#secret;
  }

  /**
   * Replaces the secret: a new file (written beside it, then renamed over it,
   * so a reader never sees half a secret) or a new per-process secret. Every
   * cookie signed with the old one stops verifying. SESSION_SECRET cannot be
   * rotated from here: the environment owns it.
   */
  rotate(): void {
    if (this.source === 'config') {
      throw Object.assign(
        new Error('SESSION_SECRET is set: change it in the environment of every instance and restart them to rotate it'),
        { code: 'USAGE' },
      );
    }
    if (this.source === 'process-random') {
      this.#secret = randomBytes(32);
      return;
    }
    const path = this.path!;
    const tmp = writeSecretBeside(path);
    renameSync(tmp, path);
    this.#secret = readSecretFile(path);
    this.#stamp = fileStamp(path);
    this.#checkedAt = Date.now();
  }
}

function fileStamp(path: string): string {
  try {
    const s = statSync(path);
    return `${s.ino}:${s.mtimeMs}:${s.size}`;
  } catch {
    return '';
  }
}

/** A new random secret written to a fresh 0600 file next to `path` (flushed); answers that file's path. */
function writeSecretBeside(path: string): string {
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, `${randomBytes(32).toString('base64url')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return tmp;
}

function readSecretFile(path: string): Buffer {
  const text = readFileSync(path, 'utf8').trim();
  if (text.length < 16) {
    throw new Error(`${path} holds no session secret (16+ characters expected): delete it to make a new one (every session ends), or set SESSION_SECRET`);
  }
  return Buffer.from(text, 'utf8');
}

/**
 * Reads the secret file, making it first when absent. Made atomically: the
 * secret is written and flushed under a temporary name, then hard-linked to
 * `path`, which fails if another process (a second worker) got there first;
 * that one's secret is then read, so every process ends with the same one.
 * A file readable by others is narrowed to 0600 (a restored backup may
 * have lost the mode).
 */
export function readOrCreateSecretFile(path: string): Buffer {
  try {
    return readNarrowed(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw secretFileError(path, err);
  }
  try {
    mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
    const tmp = writeSecretBeside(path);
    try {
      linkSync(tmp, path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(tmp);
    }
    return readNarrowed(path);
  } catch (err) {
    throw secretFileError(path, err);
  }
}

function readNarrowed(path: string): Buffer {
  const stat = statSync(path);
  if (!stat.isFile()) throw new Error('not a regular file');
  if ((stat.mode & 0o077) !== 0) chmodSync(path, 0o600);
  return readSecretFile(path);
}

function secretFileError(path: string, err: unknown): Error {
  const reason = err instanceof Error ? err.message : String(err);
  if (reason.startsWith(path)) return err as Error;
  return new Error(`cannot keep the session secret in ${path} (${reason}): make TASKSVC_DATA_DIR writable, or set SESSION_SECRET`);
}
