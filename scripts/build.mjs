#!/usr/bin/env node
// Bundles the service (src/cli/main.ts and what it imports) into dist/ for
// `npm start`: plain JavaScript, so the running service needs no TypeScript
// loader (tsx at run time cost ~95 MB of RSS and a second of start-up; see
// bench/BENCHMARKS.md). Packages stay external (loaded from node_modules as
// they are); dynamic imports become chunks, so `serve` still does not load the
// admin commands' code and vice versa. Takes well under a second; `npm start`
// runs it first, so dist/ is never older than src/.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const quiet = process.argv.includes('--quiet');
const started = Date.now();

rmSync(`${root}dist`, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // Stack traces name the TypeScript source under `node --enable-source-maps`.
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
});
if (!quiet) {
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .reduce((sum, [, out]) => sum + out.bytes, 0);
  const ms = Math.round(Date.now() - started);
  process.stdout.write(`built dist/ (${(bytes / 1024).toFixed(0)} KB of JavaScript) in ${ms} ms\n`);
}
