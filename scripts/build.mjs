#!/usr/bin/env node
// Bundles the service (src/cli/main.ts and what it imports) into dist/, and
// the web app into dist/web (scripts/build-web.mjs), for `npm start`: plain JavaScript, so the running service needs no TypeScript
// loader (tsx at run time cost ~95 MB of RSS and a second of start-up; see
// bench/BENCHMARKS.md). Packages stay external (loaded from node_modules as
// they are); dynamic imports become chunks, so `serve` still does not load the
// admin commands' code and vice versa. Takes well under a second; `npm start`
// runs it first, so dist/ is never older than src/.
//
// Several instances may start from one checkout at once, and a starting
// instance imports chunks after its build: each file is written to a
// temporary name and renamed into place (chunk names are content hashes, so
// a rebuild of the same sources rewrites identical files), and only files no
// longer produced are removed.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildWebApp, describeBuild } from './build-web.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'dist');
const quiet = process.argv.includes('--quiet');
// `--service-only`: dist/ without the web app (what the CLI builds on demand, see bin/tasksvc.js).
const serviceOnly = process.argv.includes('--service-only');
const started = Date.now();

const result = await build({
  absWorkingDir: root,
  // The worker threads are entries of their own: the content render pool's (src/content/render-pool.ts)
  // and the embedded database's (src/db/pglite-remote.ts).
  entryPoints: {
    main: 'src/cli/main.ts',
    'content-render-worker': 'src/content/render-worker.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // Stack traces name the TypeScript source under `node --enable-source-maps`.
  sourcemap: 'linked',
  logLevel: 'warning',
  write: false,
});

// The API reference's browser bundle (src/http/docs-page.ts) goes along as a file: the
// package it comes from is a devDependency (its Vue sources and their dependencies are
// ~330 MB the service never loads), so a production install has only this copy.
const SCALAR_FILE = 'scalar-standalone.js';
const copies = [];
try {
  const main = createRequire(import.meta.url).resolve('@scalar/api-reference');
  copies.push({ path: join(outdir, SCALAR_FILE), contents: readFileSync(join(dirname(main), 'browser', 'standalone.js')) });
} catch {
  // Installed without devDependencies: the copy an earlier build made stays (if there is one).
  if (existsSync(join(outdir, SCALAR_FILE))) copies.push({ path: join(outdir, SCALAR_FILE), contents: readFileSync(join(outdir, SCALAR_FILE)) });
}

mkdirSync(outdir, { recursive: true });
const produced = new Set();
for (const file of [...result.outputFiles, ...copies]) {
  produced.add(basename(file.path));
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
for (const name of readdirSync(outdir)) {
  // dist/web (and its staging folders) belong to the web app's build below.
  if (name === 'web' || name.startsWith('web.')) continue;
  if (!produced.has(name) && !name.endsWith('.tmp')) rmSync(join(outdir, name), { force: true });
}
const web = serviceOnly ? null : await buildWebApp();

if (!quiet) {
  const bytes = result.outputFiles.filter((f) => f.path.endsWith('.js')).reduce((sum, f) => sum + f.contents.length, 0);
  process.stdout.write(`built dist/ (${(bytes / 1024).toFixed(0)} KB of JavaScript) in ${Date.now() - started - (web?.ms ?? 0)} ms\n`);
  if (web) process.stdout.write(`${describeBuild(web)}\n`);
}
