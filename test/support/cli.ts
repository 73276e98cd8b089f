// The `tasksvc` command as users run it (bin/tasksvc.js, the built bundle),
// for tests that start it as a child process.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/** bin/tasksvc.js. */
export const BIN = new URL('../../bin/tasksvc.js', import.meta.url).pathname;

/**
 * The node arguments that run `tasksvc args…`. With --liftoff-only, as the
 * test workers run (vitest.config.ts): a command of a test lives seconds,
 * never long enough for V8's optimising WebAssembly tier to pay for compiling
 * PGlite with it; without the flag a command like `users create` on the
 * embedded database took about twice the CPU (2.0 s against 1.1 s).
 */
export function tasksvcArgs(...args: string[]): string[] {
  return ['--liftoff-only', BIN, ...args];
}

/**
 * `parent`/`name` as the TASKSVC_DATA_DIR of `tasksvc` children: on the
 * embedded database a copy of the migrated template the global setup wrote,
 * so the first command does not run initdb and every migration (2.5 s of CPU
 * each time), just as on PostgreSQL, which the global setup migrated. Tests
 * of a first start on an empty directory use a path of their own instead.
 */
export function migratedDataDir(parent: string, name = 'data'): string {
  const dir = join(parent, name);
  const template = inject('pgliteTemplate');
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}
