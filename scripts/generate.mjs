#!/usr/bin/env node
// The one generator: Prisma client + Pothos types (offline), then, unless
// --prisma-only, the committed artefacts (schema.graphql, openapi.json, the
// typed documents of the web app and of the routes: web/src/gql/, src/http/gql/).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const prismaOnly = process.argv.includes('--prisma-only');

// `prisma generate` never runs the schema engine, but the CLI insists on
// finding (or downloading) one; any existing file satisfies it offline.
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1' };
const prismaBin = `${root}node_modules/prisma/build/index.js`;
if (!existsSync(prismaBin)) {
  console.error('prisma is not installed; run npm install');
  process.exit(1);
}
const gen = spawnSync(process.execPath, [prismaBin, 'generate'], { cwd: root, env, stdio: 'inherit' });
if (gen.status !== 0) process.exit(gen.status ?? 1);

if (!prismaOnly) {
  // schema.graphql first: the typed documents are generated from it, and the routes that
  // openapi.json describes import those documents.
  const steps = [
    ['--import', 'tsx', 'scripts/generate-artifacts.ts', 'schema'],
    ['scripts/generate-documents.mjs'],
    ['--import', 'tsx', 'scripts/generate-artifacts.ts', 'openapi'],
  ];
  for (const args of steps) {
    const step = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (step.status !== 0) process.exit(step.status ?? 1);
  }
}
