import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The directory holding the project's package.json. Found by walking up from
 * this module, because the module may run from `src/` (tsx, tests) or from the
 * bundle in `dist/` (`npm start`), where relative paths like `../../prisma`
 * would point elsewhere.
 */
export const PROJECT_ROOT: string = findRoot(dirname(fileURLToPath(import.meta.url)));

function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}
