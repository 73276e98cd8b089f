import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** PGlite's WebAssembly, compiled, and its filesystem bundle: what every start of the embedded database needs. */
export interface PGliteAssets {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

let assets: Promise<PGliteAssets> | null = null;

/**
 * PGlite's assets, loaded and compiled once per process: a worker restarted
 * after a statement ran past its budget, or each of the many databases a test
 * process opens, gets the compiled modules (V8 shares their machine code
 * between threads) instead of compiling 9 MB of WebAssembly again.
 */
export function pgliteAssets(): Promise<PGliteAssets> {
  assets ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb, bundle] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((name) => readFile(join(dist, name))),
    );
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([WebAssembly.compile(pglite), WebAssembly.compile(initdb)]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle]) };
  })();
  assets.catch(() => {
    assets = null;
  });
  return assets;
}
