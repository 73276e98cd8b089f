import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Hono } from 'hono';
import { contentSecurityPolicy } from './content-security-policy.ts';
import type { AppEnv } from './env.ts';
import { routeNotFound } from './error-body.ts';
import { PROJECT_ROOT } from '../project-root.ts';

type OpenApi = ReturnType<typeof import('./openapi.ts').buildOpenApi>;

/**
 * The API reference at `/docs`: Scalar's API reference (`@scalar/api-reference`,
 * its standalone browser build) reading `/api/openapi.json`, with its
 * "Test Request" client sending requests to this service. Everything comes
 * from this service (no CDN, no font host, no Scalar proxy or telemetry): it
 * works where there is no internet. The 5 MB bundle is read on the first
 * request for the page and served as a cacheable file.
 */

/** Under this prefix the reference's files are served (`/docs/assets/<id>/<file>`). */
export const DOCS_ASSETS_PREFIX = '/docs/assets';

/**
 * Scalar's options, in a file of our own (no inline script): only the
 * service's document and origin. Its default fonts (fonts.scalar.com), its
 * AI agent and MCP panel (api.scalar.com) and telemetry are off; no
 * `proxyUrl`, so "Test Request" calls this origin directly.
 */
export const SCALAR_CONFIGURATION = {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  hideDarkModeToggle: false,
  // Cookie sign-in works from this page as-is; a key can be typed into the auth panel.
  persistAuth: false,
};

const startScript = `Scalar.createApiReference('#reference', ${JSON.stringify(SCALAR_CONFIGURATION)});\n`;

/**
 * Runs before the bundle: gives the page's nonce to every `<style>` element a
 * script creates. Scalar's main stylesheet reads the nonce itself, but two of
 * its parts (the toast styles, the theme, which Vue renders as a `<style>`
 * element) create theirs without it. Only scripts reach `createElement`, and
 * scripts come from this origin only; a `<style>` in markup (an injected
 * description, say) is parsed, not created, and stays refused.
 */
const bootScript = `(function () {
  var meta = document.querySelector('meta[property=csp-nonce]');
  var nonce = meta && meta.getAttribute('content');
  if (!nonce) return;
  var create = Document.prototype.createElement;
  Document.prototype.createElement = function (name, options) {
    var element = create.call(this, name, options);
    if (String(name).toLowerCase() === 'style') element.nonce = nonce;
    return element;
  };
})();
`;

interface Asset {
  type: string;
  body: Buffer;
  /** The gzip-compressed body, made on its first request. */
  gzipped?: Promise<Buffer>;
}

let bundle: Promise<{ id: string; files: Map<string, Asset> }> | undefined;

/**
 * The standalone build: inside the installed package (a devDependency; its
 * `exports` do not list the file, so found from its main file), else the copy
 * `npm run build` puts in dist/ (a production install has no devDependencies).
 */
function standalonePath(): string {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js');
  } catch {
    return join(PROJECT_ROOT, 'dist', 'scalar-standalone.js');
  }
}

function loadBundle() {
  bundle ??= readFile(standalonePath()).then((js) => {
    const id = createHash('sha256').update(js).update(bootScript).update(startScript).digest('hex').slice(0, 16);
    const type = 'text/javascript; charset=utf-8';
    const files = new Map<string, Asset>([
      ['boot.js', { type, body: Buffer.from(bootScript) }],
      ['scalar.js', { type, body: js }],
      ['start.js', { type, body: Buffer.from(startScript) }],
    ]);
    return { id, files };
  });
  return bundle;
}

const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The operations as a plain list, for readers without JavaScript (`<noscript>`). */
function operationList(doc: OpenApi): string {
  return Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const o = op as { operationId: string; summary: string };
        return `<li><code>${esc(method.toUpperCase())} ${esc(path)}</code> <b>${esc(o.operationId)}</b>: ${esc(o.summary)}</li>`;
      }),
    )
    .join('\n');
}

/** A page and its policy: the nonce is this answer's own. */
export interface DocsPage {
  html: string;
  contentSecurityPolicy: string;
}

/**
 * The reference page: a mount point, the boot file, Scalar's bundle and the start file.
 * Scalar puts its stylesheets into `<style>` elements at run time, reading
 * the nonce from `<meta property="csp-nonce">` (Vite's convention), so the
 * page's policy allows stylesheets by a fresh nonce per answer; its
 * components also write `style` attributes, which `style-src-attr` allows
 * (attributes only). Scripts stay `'self'` only.
 */
export async function renderDocsPage(doc: OpenApi, requestUrl: string): Promise<DocsPage> {
  // Without the bundle (neither the package nor a built copy) the list alone is the page.
  const loaded = await loadBundle().catch(() => null);
  const base = loaded && `${DOCS_ASSETS_PREFIX}/${loaded.id}`;
  const nonce = randomBytes(16).toString('base64');
  const list = `<h1>${esc(doc.info.title)} ${esc(doc.info.version)}</h1><p>${loaded ? 'The interactive reference needs JavaScript. ' : ''}Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1); GraphQL: <a href="/graphql">/graphql</a>.</p>
<ul>
${operationList(doc)}
</ul>`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta property="csp-nonce" content="${nonce}">
<title>${esc(doc.info.title)} reference</title>
</head>
<body>
${base ? `<div id="reference"></div>
<noscript>${list}</noscript>
<script src="${base}/boot.js"></script>
<script src="${base}/scalar.js"></script>
<script src="${base}/start.js"></script>` : list}
</body>
</html>
`;
  return { html, contentSecurityPolicy: contentSecurityPolicy(requestUrl, { styleNonce: nonce, styleAttributes: true }) };
}

/**
 * Serves the reference's files, before authentication (public static files;
 * every request its client sends is authenticated as any other). Files of
 * another build id answer 404; the current ones are cached for a year and
 * sent gzip-compressed when the client accepts it.
 */
export function mountDocsAssets(app: Hono<AppEnv>) {
  app.get(`${DOCS_ASSETS_PREFIX}/:id/:file`, async (c) => {
    const loaded = await loadBundle().catch(() => null);
    const asset = loaded && c.req.param('id') === loaded.id ? loaded.files.get(c.req.param('file')) : undefined;
    if (!asset) return routeNotFound(c);
    const headers: Record<string, string> = {
      'content-type': asset.type,
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'accept-encoding',
    };
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      asset.gzipped ??= promisify(gzip)(asset.body);
      return c.body(new Uint8Array(await asset.gzipped), 200, { ...headers, 'content-encoding': 'gzip' });
    }
    return c.body(new Uint8Array(asset.body), 200, headers);
  });
}
