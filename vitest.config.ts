import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/support/sequencer.ts';

export default defineConfig({
  // Node (and so yoga and Pothos) loads graphql's CommonJS build; make the
  // test transform load the same file, or graphql sees two copies of itself.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  // The web app's components (test/web) are TSX with React's automatic runtime.
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/support/global-setup.ts', 'test/support/web-build.ts'],
    setupFiles: ['test/support/no-outbound-network.ts', 'test/support/file-config.ts'],
    // Generous: limits against hangs, not timings. A busy 2-core machine
    // runs a test several times slower than an idle one.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: more workers only add start-ups fighting for CPU.
    // --liftoff-only: V8 compiles PGlite's 9 MB of WebAssembly with its
    // baseline compiler only. Every test file is a new process, and the
    // optimising tier-up (on background threads) cost more CPU than it saved
    // on our short queries: about 28 % less CPU for the same test files.
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false, execArgv: ['--liftoff-only'] } },
    // Long files first, so none of them is left running alone at the end.
    sequence: { sequencer: LongestFirstSequencer },
    env: { LOG_LEVEL: 'silent', NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE: 'true' },
  },
});
