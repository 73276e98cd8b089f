// Mutation testing of the domain rules (src/domain): `npm run test:mutation`
// (scripts/mutation.sh runs it file by file and writes docs/MUTATION.md).
// Slow, so not part of `npm test` or CI. One test process (concurrency 1):
// the machine it runs on is shared.
// MUTATION_BATCH names a batch's report files (scripts/mutation.sh sets it per file).
const batch = process.env.MUTATION_BATCH ?? 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: ['src/domain/**/*.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  // Every mutant run starts a new vitest worker thread (vitest recycles its
  // workers after each run, `isolate: false` or not), so each one compiles
  // Prisma's WebAssembly query compiler again; V8's baseline compiler alone
  // halves the CPU a mutant costs (api-key.ts, 120 mutants: 181 s → 96 s CPU,
  // the same result for every mutant, the static one included).
  testRunnerNodeArgs: ['--liftoff-only'],
  incremental: true,
  incrementalFile: `reports/mutation/${batch}.incremental.json`,
  reporters: ['progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${batch}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // A mutant that makes a test hang (a loop that never ends) is a kill by
  // timeout. Generous: on a busy machine a test may take many times longer,
  // and a slow run must not count as a kill.
  timeoutMS: 120_000,
  dryRunTimeoutMinutes: 30,
  ignorePatterns: ['bench', 'dist', 'test/browser', 'test/web', 'reports', 'data', 'coverage'],
};
