import { AsyncLocalStorage } from 'node:async_hooks';
import type { Services } from '../services.ts';

/**
 * The command a server runs for a control-channel client: the server's own
 * services instead of a newly opened database, output to the client instead
 * of this process's stdout, and the password the client read from its stdin.
 * Commands see it through {@link currentControlRun} (withServices,
 * printResult and readPasswordLine consult it), so the CLI's command
 * functions run unchanged on either side.
 */
export interface ControlRun {
  services: Services;
  write(stream: 'stdout' | 'stderr', text: string): void;
  /** Resolves once what was written has left for the client (a long output waits here, not in memory). */
  drained?: () => Promise<void>;
  password?: string;
  /** The client's working directory, against which its relative paths resolve. */
  cwd?: string;
}

const runs = new AsyncLocalStorage<ControlRun>();

/** The control-channel run this code belongs to, if any. */
export function currentControlRun(): ControlRun | undefined {
  return runs.getStore();
}

/** Runs `fn` as the command of a control-channel client. */
export function inControlRun<T>(run: ControlRun, fn: () => Promise<T>): Promise<T> {
  return runs.run(run, fn);
}
