// Setup file: makes `vi.setConfig` (a file's own test and hook timeouts) act
// on the file that calls it when test files share a worker process
// (vitest.config.ts). vitest 3.2's `vi` keeps the state of the first file its
// process ran and writes there; every later file's tests would silently keep
// the default timeouts. Each file gets a fresh copy of the configuration, so
// a setting still ends with its file.
import { vi } from 'vitest';

interface WorkerState {
  config: Record<string, unknown>;
}

function runningFileConfig(): Record<string, unknown> {
  const state = (globalThis as { __vitest_worker__?: WorkerState }).__vitest_worker__;
  if (!state?.config) throw new Error('vitest worker state not found: see test/support/file-config.ts');
  return state.config;
}

vi.setConfig = (config) => {
  Object.assign(runningFileConfig(), config);
};
