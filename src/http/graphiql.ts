import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Hono } from 'hono';
import type { GraphiQLOptions } from 'graphql-yoga';
import { contentSecurityPolicy } from './content-security-policy.ts';
import type { AppEnv } from './env.ts';
import { routeNotFound } from './error-body.ts';

/**
 * GraphiQL served by the service itself, so it works without internet (yoga's
 * stock page loads React and GraphiQL from a CDN). The assets come from
 * `@graphql-yoga/render-graphiql` (the same YogaGraphiQL build as the CDN
 * page, shipped as strings) and are served as separate, cacheable files
 * instead of being inlined into every page: the page itself is small and
 * runs under a Content-Security-Policy without inline script.
 *
 * The 9 MB module is imported on the first GraphiQL request only: no other
 * start path (the CLI, `tasksvc mcp`, a server nobody opens GraphiQL on) pays
 * for it.
 */

/** Under this prefix the GraphiQL assets are served (`/graphql/assets/<id>/<file>`). */
export const GRAPHIQL_ASSETS_PREFIX = '/graphql/assets';

interface Asset {
  type: string;
  body: Buffer;
  /** The gzip-compressed body, made on its first request. */
  gzipped?: Promise<Buffer>;
}

interface Bundle {
  /** A content hash: the asset URLs change when the bundle does, so they can be cached for a year. */
  id: string;
  files: Map<string, Asset>;
}

/**
 * Runs before the bundle: tells Monaco (GraphiQL's editor) to start its
 * workers from this service's own files, and starts the page once the bundle
 * has loaded (`start.js`).
 */
const bootScript = (base: string) => `self.MonacoEnvironment = {
  globalAPI: false,
  getWorkerUrl: function (moduleId, label) {
    return ${JSON.stringify(base)} + '/' + (label === 'json' || label === 'graphql' ? label : 'editor') + '.worker.js';
  },
};
`;

/** Renders GraphiQL with the options the page carries as JSON (no inline script). */
const startScript = `YogaGraphiQL.renderYogaGraphiQL(
  document.getElementById('root'),
  JSON.parse(document.getElementById('graphiql-options').textContent),
);
`;

let bundle: Promise<Bundle> | undefined;

/** Loads (once) the GraphiQL build and names its files. */
function loadBundle(): Promise<Bundle> {
  bundle ??= import('@graphql-yoga/render-graphiql/graphiql').then((g) => {
    const id = createHash('sha256').update(g.js).update(g.css).digest('hex').slice(0, 16);
    const base = `${GRAPHIQL_ASSETS_PREFIX}/${id}`;
    const js = 'text/javascript; charset=utf-8';
    const favicon = /^data:([^;]+);base64,(.*)$/.exec(g.favicon);
    const files = new Map<string, Asset>([
      ['boot.js', { type: js, body: Buffer.from(bootScript(base)) }],
      ['graphiql.js', { type: js, body: Buffer.from(g.js) }],
      ['start.js', { type: js, body: Buffer.from(startScript) }],
      ['graphiql.css', { type: 'text/css; charset=utf-8', body: Buffer.from(g.css) }],
      ['editor.worker.js', { type: js, body: Buffer.from(g.editorWorkerService) }],
      ['json.worker.js', { type: js, body: Buffer.from(g.jsonWorker) }],
      ['graphql.worker.js', { type: js, body: Buffer.from(g.graphqlWorker) }],
    ]);
    if (favicon) files.set('favicon.ico', { type: favicon[1]!, body: Buffer.from(favicon[2]!, 'base64') });
    return { id, files };
  });
  return bundle;
}

/** JSON that is safe inside a `<script type="application/json">` element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The GraphiQL page (yoga's `renderGraphiQL` hook): a small document that
 * loads the bundle from {@link GRAPHIQL_ASSETS_PREFIX}.
 */
export async function renderGraphiQLPage(options: GraphiQLOptions | undefined): Promise<string> {
  const { id, files } = await loadBundle();
  const base = `${GRAPHIQL_ASSETS_PREFIX}/${id}`;
  const icon = files.has('favicon.ico') ? `<link rel="icon" href="${base}/favicon.ico" />` : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options?.title ?? 'GraphiQL')}</title>
    ${icon}
    <link rel="stylesheet" href="${base}/graphiql.css" />
  </head>
  <body class="no-focus-outline">
    <noscript>GraphiQL needs JavaScript.</noscript>
    <div id="root"></div>
    <script type="application/json" id="graphiql-options">${scriptJson(options ?? {})}</script>
    <script src="${base}/boot.js"></script>
    <script src="${base}/graphiql.js"></script>
    <script src="${base}/start.js"></script>
  </body>
</html>
`;
}

/**
 * The GraphiQL page's Content-Security-Policy: the strict page policy plus
 * workers (Monaco's), inline styles (the editor sets element styles at run
 * time) and `data:` fonts (the editor's icon font is one).
 */
export function graphiqlContentSecurityPolicy(requestUrl: string): string {
  return contentSecurityPolicy(requestUrl, { workers: true, inlineStyles: true, dataFonts: true });
}

/**
 * Serves the GraphiQL assets, before authentication (they are public static
 * files; every operation the page sends is authenticated). Assets of another
 * build id answer 404; the current ones are cached for a year and sent
 * gzip-compressed when the client accepts it.
 */
export function mountGraphiQLAssets(app: Hono<AppEnv>) {
  app.get(`${GRAPHIQL_ASSETS_PREFIX}/:id/:file`, async (c) => {
    const { id, files } = await loadBundle();
    const asset = c.req.param('id') === id ? files.get(c.req.param('file')) : undefined;
    if (!asset) return routeNotFound(c);
    const headers: Record<string, string> = {
      'content-type': asset.type,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
    };
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      asset.gzipped ??= promisify(gzip)(asset.body);
      return c.body(new Uint8Array(await asset.gzipped), 200, { ...headers, 'content-encoding': 'gzip' });
    }
    return c.body(new Uint8Array(asset.body), 200, headers);
  });
}

/** The first tab of a new GraphiQL: how to authenticate, and a query to start from. */
export const GRAPHIQL_DEFAULT_QUERY = `# tasksvc GraphiQL
#
# Signed in to the web app (or through POST /api/auth/login)? Your session
# cookie is used: just run a query. Otherwise open "Headers" below and add
#   { "Authorization": "Bearer <your API key>" }
#
# Subscriptions run over Server-Sent Events with the same credentials.

query Me {
  me {
    id
    displayName
    email
  }
}
`;
