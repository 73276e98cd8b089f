// The tests mutation testing runs (StrykerJS, stryker.config.mjs): the
// domain tests, which call src/domain directly. Route and GraphQL tests reach
// the same rules through the whole app; every one of them imports every
// domain file, so they would all rerun for every mutant.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // Replaced, not merged: mergeConfig would append to the base lists.
    // MUTATION_TESTS (comma-separated paths or globs) narrows the run to a
    // file's own tests: src/domain/access.ts is imported by every domain test,
    // and running them all for each of its mutants takes an hour on a busy machine.
    include: process.env.MUTATION_TESTS?.split(',') ?? ['test/domain/**/*.test.ts', 'test/events/webhook-rules.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
  },
});
