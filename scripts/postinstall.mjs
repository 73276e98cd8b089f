#!/usr/bin/env node
// `npm install`'s postinstall. In a checkout (src/ present) it generates the
// Prisma client offline (scripts/generate.mjs --prisma-only). An installed
// package (`npm install -g ./tasksvc-*.tgz`) has no src/: its dist/ bundle
// already holds the generated client, so there is nothing to do.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (existsSync(new URL('../src/cli/main.ts', import.meta.url))) {
  const r = spawnSync(process.execPath, ['scripts/generate.mjs', '--prisma-only'], { cwd: root, stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
