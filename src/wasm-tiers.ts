import { setFlagsFromString } from 'node:v8';
import type { Config } from './config.ts';

/**
 * Whether V8 should compile WebAssembly with its baseline compiler (Liftoff)
 * only, never tiering hot functions up to its optimising compiler (TurboFan):
 * `WASM_LIFTOFF_ONLY` when set, else yes on PostgreSQL and no on the embedded
 * database.
 *
 * On PostgreSQL the one WebAssembly module is Prisma's query compiler, which
 * runs only when a query shape is first seen (its plans are cached), yet
 * optimising it left ~50 MB more resident memory from the first queries on
 * (idle RSS 233 → 185 MB, peak under the bench's load ~310 → ~255 MB, CPU per
 * request unchanged: bench/BENCHMARKS.md). On the embedded database the whole
 * of PostgreSQL is WebAssembly (PGlite) and runs every statement: there
 * Liftoff alone saved ~70 MB but cost 30–50 % more CPU per read.
 */
export function wasmLiftoffOnly(config: Pick<Config, 'WASM_LIFTOFF_ONLY' | 'DATABASE_URL'>): boolean {
  return config.WASM_LIFTOFF_ONLY ?? config.DATABASE_URL !== undefined;
}

/**
 * Applies {@link wasmLiftoffOnly} to this process. Must run before the first
 * WebAssembly module is compiled (before the database opens): V8 reads the
 * flag when it compiles.
 */
export function applyWasmTiers(config: Pick<Config, 'WASM_LIFTOFF_ONLY' | 'DATABASE_URL'>): void {
  if (wasmLiftoffOnly(config)) setFlagsFromString('--liftoff-only');
}
