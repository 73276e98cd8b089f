// The `tasksvc` command as users run it (bin/tasksvc.js, the built bundle),
// for tests that start it as a child process.

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
