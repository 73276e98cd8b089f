import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is one process: a second process opening the same directory would
 * silently work on a diverging copy. A pid lock file makes that an error.
 * Returns the function that releases it.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'tasksvc.lock');
  let holder: number | null = null;
  try {
    holder = Number.parseInt(readFileSync(file, 'utf8'), 10) || null;
  } catch {
    // no lock file
  }
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The embedded database in ${dir} is in use by process ${holder} (a running tasksvc?). ` +
        'Stop it first, or point DATABASE_URL at a PostgreSQL server to share one database.',
    );
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
