#!/usr/bin/env node
// Builds the web app (web/) into dist/web for the service to serve at `/`:
// esbuild bundles web/src/main.tsx (React, JSX, CSS) into content-hashed
// files under dist/web/assets/, web/index.html gets their <script>/<link>
// tags, web/public/ is copied as is, and every text asset gets .gz and .br
// siblings (the server sends those, so no CPU goes to compression per request).
//
// esbuild, the server bundle's bundler, builds the app in well under a second
// on this 2-core machine; Vite (rollup) took ~7 s for the same app under load.
//
// Run by scripts/build.mjs (so `npm run build` and `npm start`), or alone
// (`node scripts/build-web.mjs [--watch] [--quiet]`). The new build is written
// to a temporary folder and swapped in, so a running server never serves a
// half-written app.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clearTimeout, setTimeout } from 'node:timers';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { context as esbuildContext } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'web');
const outDir = join(root, 'dist', 'web');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/** esbuild options of the app bundle (content-hashed names: served as immutable). */
function bundleOptions(outdir) {
  return {
    absWorkingDir: root,
    entryPoints: { app: 'web/src/main.tsx' },
    outdir: join(outdir, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox115', 'safari16'],
    jsx: 'automatic',
    minify: true,
    legalComments: 'linked',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.svg': 'file', '.woff2': 'file' },
    metafile: true,
    logLevel: 'warning',
  };
}

/** web/index.html with the entry's script and stylesheet tags. */
function indexHtml(metafile, outdir) {
  const entry = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === 'web/src/main.tsx');
  if (!entry) throw new Error('build-web: the entry point produced no output');
  const [jsPath, output] = entry;
  const url = (file) => `/${relative(outdir, join(root, file)).split('\\').join('/')}`;
  // Chunks the entry imports statically: preloaded so they load in parallel.
  const preloads = output.imports.filter((i) => i.kind === 'import-statement').map((i) => url(i.path));
  const tags = [
    output.cssBundle ? `<link rel="stylesheet" href="${url(output.cssBundle)}" />` : '',
    ...preloads.map((href) => `<link rel="modulepreload" href="${href}" />`),
    `<script type="module" src="${url(jsPath)}"></script>`,
  ].filter(Boolean);
  const template = readFileSync(join(webDir, 'index.html'), 'utf8');
  if (!template.includes('<!-- app -->')) throw new Error('build-web: web/index.html lacks the <!-- app --> marker');
  return template.replace('<!-- app -->', tags.join('\n    '));
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes .gz and .br beside each text file; returns the JavaScript's raw and gzipped bytes. */
function precompress(dir) {
  let js = 0;
  let jsGzip = 0;
  for (const path of [...files(dir)]) {
    if (!COMPRESSIBLE.test(path)) continue;
    const data = readFileSync(path);
    const gz = gzipSync(data, { level: 9 });
    writeFileSync(`${path}.gz`, gz);
    writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 10 } }));
    if (path.endsWith('.js')) {
      js += data.length;
      jsGzip += gz.length;
    }
  }
  return { js, jsGzip };
}

/** Moves `staged` into place as dist/web (old build removed after the swap). */
function swapInto(staged) {
  const old = `${outDir}.${process.pid}.old`;
  if (existsSync(outDir)) renameSync(outDir, old);
  try {
    renameSync(staged, outDir);
  } catch (err) {
    // Another build swapped its own in between: same sources, keep that one.
    if (!existsSync(outDir)) throw err;
    rmSync(staged, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
}

/** Builds the app once into dist/web; resolves with sizes for the log line. */
export async function buildWebApp() {
  const started = Date.now();
  const staged = `${outDir}.${process.pid}.tmp`;
  rmSync(staged, { recursive: true, force: true });
  mkdirSync(staged, { recursive: true });
  try {
    const ctx = await esbuildContext(bundleOptions(staged));
    const result = await ctx.rebuild().finally(() => ctx.dispose());
    cpSync(join(webDir, 'public'), staged, { recursive: true });
    writeFileSync(join(staged, 'index.html'), indexHtml(result.metafile, staged));
    const sizes = precompress(staged);
    swapInto(staged);
    return { ...sizes, ms: Date.now() - started };
  } catch (err) {
    rmSync(staged, { recursive: true, force: true });
    throw err;
  }
}

/** Rebuilds on every change under web/ (for `npm run dev:web` beside `npm run dev`). */
async function watch() {
  const { watch: watchFiles } = await import('node:fs');
  let timer = null;
  const rebuild = () =>
    buildWebApp().then(
      (s) => process.stdout.write(`web app rebuilt in ${s.ms} ms\n`),
      (err) => process.stderr.write(`web app build failed: ${err.message}\n`),
    );
  await rebuild();
  watchFiles(webDir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(rebuild, 100);
  });
  process.stdout.write('watching web/ (reload the page after a rebuild)\n');
}

/** The one line `npm run build` prints about the app. */
export function describeBuild({ js, jsGzip, ms }) {
  return `built dist/web (${(js / 1024).toFixed(0)} KB of JavaScript, ${(jsGzip / 1024).toFixed(0)} KB gzipped) in ${ms} ms`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--watch')) await watch();
  else {
    const sizes = await buildWebApp();
    if (!process.argv.includes('--quiet')) process.stdout.write(`${describeBuild(sizes)}\n`);
  }
}
