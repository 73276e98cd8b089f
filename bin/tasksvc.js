#!/usr/bin/env node
// The installed `tasksvc` command: runs the built bundle (dist/main.js, plain
// JavaScript: no TypeScript loader at run time). In a checkout it first
// rebuilds the service bundle when dist/ is missing or older than src/
// (esbuild, about a second); an installed package without src/ just runs dist/.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'dist', 'main.js');
const sources = join(root, 'src');

/** The newest modification time of a source file (generated code included: it changes the bundle too). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

if (existsSync(sources) && (!existsSync(bundle) || statSync(bundle).mtimeMs < newestSource(sources))) {
  const built = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet', '--service-only'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) {
    process.stderr.write('tasksvc: building dist/ failed (see above); run `npm run build`.\n');
    process.exit(built.status ?? 1);
  }
}
await import(pathToFileURL(bundle).href);
