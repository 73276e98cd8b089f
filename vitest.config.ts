import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Node (and so yoga and Pothos) loads graphql's CommonJS build; make the
  // test transform load the same file, or graphql sees two copies of itself.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  // The web app's components (test/web) are TSX with React's automatic runtime.
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/support/global-setup.ts', 'test/support/web-build.ts'],
    setupFiles: ['test/support/no-outbound-network.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: more workers only add PGlite start-ups fighting for CPU.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    env: { LOG_LEVEL: 'silent', NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE: 'true' },
  },
});
