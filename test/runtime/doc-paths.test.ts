// Every repository path a comment or a document names exists: a file that
// moves or goes takes its mentions with it, or this test names them. A path
// is a word starting with one of the project's top folders (`src/…`,
// `test/…`, `bench/…`, …); globs and placeholders (`*`, `{…}`, `<name>`) and
// what is not committed (.gitignore: generated code, bench results, builds)
// are left out.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT as root } from '../../src/project-root.ts';

const TOP = ['src', 'test', 'scripts', 'bench', 'web', 'docs', 'prisma'];
/** Where mentions are read: sources, tests, scripts, benchmarks, the web app and the documents. */
const READ = ['src', 'test', 'scripts', 'bench', 'web/src', 'docs'];
const EXTENSIONS = /\.(ts|tsx|mjs|js|md|sh|css|html)$/;

/** The ignored folders of .gitignore (`dir/` lines): not committed, so not checked. */
function ignoredDirs(): string[] {
  return readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.endsWith('/') && !l.startsWith('#'))
    .map((l) => l.replace(/^\//, '').replace(/\/$/, ''));
}

function sourceFiles(): string[] {
  const skip = new Set(['node_modules', 'generated', 'gql', 'dist', '__snapshots__']);
  // What a run leaves in an ignored folder (bench/results/*.md) is not committed: not read either.
  const ignored = ignoredDirs().map((d) => join(root, d));
  const out: string[] = [join(root, 'README.md')];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (skip.has(name) || ignored.includes(path)) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (EXTENSIONS.test(name)) out.push(path);
    }
  };
  for (const dir of READ) walk(join(root, dir));
  return out;
}

// A path: a top folder, a slash, then path characters ending in a letter or digit; not part of a
// longer word, a package name (`@prisma/…`) or a regular expression (`/…|prisma/i`).
const PATH = new RegExp(`(?<![\\w./@|-])((?:${TOP.join('|')})/[\\w./-]*\\w)`, 'g');

/** The paths `text` names that do not exist, each once. */
export function missingPaths(text: string, exists: (path: string) => boolean, ignored: string[]): string[] {
  const missing = new Set<string>();
  for (const m of text.matchAll(PATH)) {
    const path = m[1];
    const next = text.slice(m.index + m[0].length, m.index + m[0].length + 2);
    if (/[*{<…]/.test(next)) continue;
    if (ignored.some((dir) => path === dir || path.startsWith(`${dir}/`))) continue;
    if (!exists(path)) missing.add(path);
  }
  return [...missing];
}

describe('paths named in comments and documents', () => {
  it('reads paths, leaving out globs, placeholders, packages and ignored folders', () => {
    // Built, so that this file does not name them itself.
    const [GONE, MOVED] = ['gone', 'moved'].map((name) => `${'src'}/${name}.ts`);
    const exists = (p: string) => p === 'src/config.ts';
    expect(
      missingPaths(
        `see src/config.ts and ${GONE}, test/events/redis-*.test.ts, src/http/routes/{v1,tools}, ` +
          `@prisma/adapter-pg, /x|prisma/i, bench/results/x.json, \`${MOVED}\`.`,
        exists,
        ['bench/results'],
      ),
    ).toEqual([GONE, MOVED]);
  });

  it('every path named exists', () => {
    const ignored = ignoredDirs();
    // A fixture project (test/fixtures/<name>/) has folders of its own that its test names (`src/main.ts`).
    const fixtures = readdirSync(join(root, 'test/fixtures')).map((name) => join(root, 'test/fixtures', name));
    const exists = (p: string) => [root, ...fixtures].some((dir) => existsSync(join(dir, p)));
    const found: string[] = [];
    for (const file of sourceFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const path of missingPaths(text, exists, ignored)) {
        found.push(`${relative(root, file)} names ${path}`);
      }
    }
    expect(found).toEqual([]);
  });
});
