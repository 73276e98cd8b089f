import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * How to start a worker thread of the service: the bundle's `<bundled>.js`
 * beside the chunks in `dist/` (an entry point of scripts/build.mjs); or,
 * running from `src/` (tsx, vitest), a bootstrap that registers tsx's loader
 * in the worker and then imports the TypeScript source. `from` is the
 * starting module's `import.meta.url`, `source` the worker's file beside it.
 */
export function workerEntry(from: string, source: string, bundled: string): { entry: URL | string; eval: boolean } {
  if (!from.endsWith('.ts')) return { entry: new URL(`./${bundled}.js`, from), eval: false };
  // The ESM build of `tsx/esm/api` (require.resolve would give the CommonJS one).
  const tsxPackage = createRequire(from).resolve('tsx/package.json');
  const tsx = new URL('dist/esm/api/index.mjs', pathToFileURL(tsxPackage)).href;
  const sourceUrl = new URL(source, from).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(sourceUrl)}); })`;
  return { entry: bootstrap, eval: true };
}
