import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Database } from '../../db/client.ts';
import { SERVICE_VERSION } from '../../version.ts';
import { BACKUP_FORMAT, BACKUP_LIMITS, BACKUP_VERSION, type BackupHeader, rowLine } from './format.ts';
import { type CatalogTable, type Query, ident, listAppliedMigrations, listSequences, listTables } from './catalog.ts';
import { withSnapshot } from './snapshot.ts';

/** What a finished backup holds. */
export interface BackupSummary {
  tables: number;
  rows: number;
  migration: string | null;
  /** Compressed bytes written. */
  bytes: number;
}

/** Progress of a backup: rows written so far of `total`. */
export type BackupProgress = (done: number, total: number, table: string) => void;

/**
 * Writes a logical backup of the whole database (every table of the public
 * schema, see format.ts) to `sink`, gzip-compressed, from one snapshot
 * (snapshot.ts). Memory stays bounded: each table is read in keyset pages of
 * BACKUP_LIMITS.pageRows rows by primary key, and the writer waits for the
 * sink to drain.
 */
export async function writeBackup(db: Database, sink: Writable, onProgress?: BackupProgress): Promise<BackupSummary> {
  const gzip = createGzip();
  const counter = new PassThrough();
  let bytes = 0;
  counter.on('data', (chunk: Buffer) => (bytes += chunk.length));
  const piped = pipeline(gzip, counter, sink);
  const hash = createHash('sha256');
  const write = async (text: string) => {
    hash.update(text);
    if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), piped]);
  };
  let summary: Omit<BackupSummary, 'bytes'>;
  try {
    summary = await withSnapshot(db, async (query) => {
      const tables = await listTables(query);
      const counts = new Map<string, number>();
      for (const t of tables) {
        const [c] = await query<{ n: string }>(`SELECT count(*)::text AS n FROM public.${ident(t.name)}`);
        counts.set(t.name, Number(c.n));
      }
      const migrations = await listAppliedMigrations(query);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        service: SERVICE_VERSION,
        database: db.kind,
        migrations,
        tables: tables.map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name), rows: counts.get(t.name) ?? 0 })),
        sequences: await listSequences(query),
      };
      await write(`${JSON.stringify(header)}\n`);
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      let done = 0;
      for (const table of tables) {
        for await (const rows of pages(query, table)) {
          for (const r of rows) await write(rowLine(table.name, r));
          done += rows.length;
          onProgress?.(done, total, table.name);
        }
      }
      return { tables: tables.length, rows: done, migration: migrations.at(-1)?.name ?? null };
    });
  } catch (err) {
    gzip.destroy(err as Error);
    await piped.catch(() => undefined);
    throw err;
  }
  gzip.end(`${JSON.stringify({ end: true, rows: summary.rows, sha256: hash.digest('hex') })}\n`);
  await piped;
  return { ...summary, bytes };
}

/**
 * A table's rows as JSON text, page by page in primary-key order (keyset:
 * each page starts after the last key of the one before, with typed
 * parameters so the key's index serves it). A table without a primary key is
 * paged by ctid, stable inside the snapshot.
 */
async function* pages(query: Query, table: CatalogTable): AsyncGenerator<string[]> {
  const from = `public.${ident(table.name)} t`;
  const keyCols = table.key.length > 0 ? table.key : null;
  const types = new Map(table.columns.map((c) => [c.name, c.type]));
  const keyList = keyCols ? keyCols.map((k) => `t.${ident(k)}`).join(', ') : 't.ctid';
  // Keys come back as text (a bigint past 2^53 would not survive a JSON number).
  const keyJson = keyCols ? `json_build_array(${keyCols.map((k) => `t.${ident(k)}::text`).join(', ')})::text` : 'to_json(t.ctid::text)::text';
  const after = keyCols
    ? `(${keyList}) > (${keyCols.map((k, i) => `$${i + 2}::${types.get(k)}`).join(', ')})`
    : 't.ctid > $2::tid';
  let last: unknown[] | null = null;
  for (;;) {
    const rows: { j: string; k: string }[] = await query<{ j: string; k: string }>(
      `SELECT row_to_json(t)::text AS j, ${keyJson} AS k FROM ${from}
        ${last ? `WHERE ${after}` : ''} ORDER BY ${keyList} LIMIT $1`,
      [BACKUP_LIMITS.pageRows, ...(last ?? [])],
    );
    if (rows.length === 0) return;
    yield rows.map((r) => r.j);
    if (rows.length < BACKUP_LIMITS.pageRows) return;
    const key = JSON.parse(rows[rows.length - 1].k) as unknown;
    // Parameters go as text and are cast to the column's type in the statement.
    last = Array.isArray(key) ? key : [key];
  }
}
