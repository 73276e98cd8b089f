import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// `engines.node` says which Node versions tasksvc runs on. Every installed
// production package must accept the oldest of them, or be listed below with
// the reason it does not matter (the README's "Node versions" says the same).

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version: string; dev?: boolean; engines?: { node?: string } }>;
};

/** Production packages that declare a newer Node than ours, and why that is acceptable. */
const DECLARED_NEWER: Record<string, string> = {
  // graphql-yoga → @graphql-tools/executor 2.1 → promise-helpers ^2. Version 2.0.0 differs from 1.3.2
  // (which declares >=16) only by a removed helper; it raised `engines` without using newer Node APIs.
  '@whatwg-node/promise-helpers': 'policy bump only; the code is 1.3.2 minus mapMaybePromise',
  // The same release of the same author, pulled in next to promise-helpers 2.
  '@whatwg-node/disposablestack': 'policy bump only; uses no Node 22 API',
  // `prisma dev` (a local Prisma Postgres), a part of the prisma CLI tasksvc never runs.
  '@prisma/streams-local': 'loaded only by `prisma dev`, which tasksvc never runs',
};

describe('engines.node', () => {
  const oldest = semver.minVersion(pkg.engines.node)?.version as string;

  it('is a range starting at a supported Node 20', () => {
    expect(oldest).toMatch(/^20\.\d+\.\d+$/);
    expect(semver.gte(oldest, '20.19.0')).toBe(true);
  });

  it('every production package accepts the oldest version, or is a documented exception', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, p]) => path && !p.dev && p.engines?.node && !semver.satisfies(oldest, p.engines.node))
      .map(([path, p]) => `${path.replace(/^.*node_modules\//, '')}@${p.version} (${p.engines?.node})`);
    const undocumented = refusing.filter((r) => !Object.keys(DECLARED_NEWER).some((name) => r.startsWith(`${name}@`)));
    expect(undocumented).toEqual([]);
  });

  it('this test process runs on a version the range accepts', () => {
    expect(semver.satisfies(process.version, pkg.engines.node)).toBe(true);
  });
});
