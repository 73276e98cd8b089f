// Vitest global setup: builds the web app into dist/web when a source under
// web/ is newer than the last build, so the tests that load the app (the
// browser tests, the serving tests) see the current sources. Once per run,
// before any test file starts, so no test sees a build being swapped in.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

export default async function setup() {
  const built = join(root, 'dist/web/index.html');
  const sources = Math.max(newestMtime(join(root, 'web')), newestMtime(join(root, 'scripts/build-web.mjs')));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  // @ts-expect-error: a plain .mjs script without type declarations.
  const { buildWebApp, describeBuild } = await import('../../scripts/build-web.mjs');
  console.log(`[tests] ${describeBuild(await buildWebApp())}`);
}
