import { PGlite } from '@electric-sql/pglite';

/**
 * How the embedded PostgreSQL starts: PGlite's own parameters plus
 * - `max_wal_size` far above anything written between two of the service's
 *   checkpoints, so PostgreSQL never asks for the checkpointer PGlite does
 *   not have (that request stalls for good; see pglite-checkpoints.ts);
 * - `shared_buffers` 32 MB instead of 128 MB: PGlite allocates and touches
 *   the whole buffer pool inside its WebAssembly memory at start, and the
 *   data files stay in the operating system's page cache anyway. Measured on
 *   the bench's 100,000-task PGlite (`npm run bench -- --pglite-only`, one
 *   pass each): idle RSS 424 → 334 MB, peak 562 → 491 MB, start-up 3.2 →
 *   1.9 s, and no scenario slower (app CPU per request equal or lower).
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'max_wal_size=65536',
  '-c',
  'shared_buffers=32MB',
];
