// The migrated PGlite data directory the global setup writes, as the
// filesystem of each in-memory test database: its files are read once per
// test process and copied into every new database's in-memory filesystem
// (PGlite's own `loadDataDir` would parse a tar dump again for every
// database, a third of a start's CPU).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryFS } from '@electric-sql/pglite';

/** Where PGlite keeps its data directory in its in-memory filesystem. */
export const PGLITE_PGDATA = '/pglite/data';

/** A directory (no data) or a file of the template, by path inside the data directory. */
interface TemplateEntry {
  path: string;
  data: Uint8Array | null;
}

function readTree(root: string, rel = ''): TemplateEntry[] {
  return readdirSync(join(root, rel), { withFileTypes: true }).flatMap((e) => {
    const path = `${rel}/${e.name}`;
    if (e.isDirectory()) return [{ path, data: null }, ...readTree(root, path)];
    // A plain Uint8Array, not the Buffer readFileSync answers: MEMFS copies a
    // new file's bytes with slice(), which on a Buffer is a view, and every
    // database would then write into the shared template.
    return [{ path, data: new Uint8Array(readFileSync(join(root, path))) }];
  });
}

const templates = new Map<string, TemplateEntry[]>();

/**
 * A new in-memory PGlite filesystem holding a copy of the data directory
 * `dir` (read from disk once per process). PGlite finds a data directory
 * there and starts on it instead of running initdb.
 */
export function templateFs(dir: string): MemoryFS {
  let entries = templates.get(dir);
  if (!entries) templates.set(dir, (entries = readTree(dir)));
  const files = entries;
  return new (class extends MemoryFS {
    override async initialSyncFs() {
      const FS = this.pg!.Module.FS;
      FS.mkdir(PGLITE_PGDATA);
      // writeFile copies (see readTree): each database writes to its own bytes.
      for (const f of files) {
        if (f.data) FS.writeFile(PGLITE_PGDATA + f.path, f.data);
        else FS.mkdir(PGLITE_PGDATA + f.path);
      }
    }
  })();
}
