import { contentSecurityPolicy, inlineHash } from './content-security-policy.ts';

type OpenApi = ReturnType<typeof import('./openapi.ts').buildOpenApi>;

const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page's one inline stylesheet (allowed by its hash in the page's CSP). */
const DOCS_STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}code{background:#f4f4f4;padding:0 .2em}
section{border-top:1px solid #ddd;padding:.5em 0}table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ddd;padding:2px 6px;text-align:left}
.m{display:inline-block;min-width:4em;font-weight:bold}.get{color:#0a7}.post{color:#07c}.patch{color:#a60}.delete{color:#c33}pre{background:#f7f7f7;padding:.5em;overflow:auto}`;

/** The Content-Security-Policy of the reference page: the strict one, plus its own stylesheet by hash. */
export function docsContentSecurityPolicy(requestUrl: string): string {
  return contentSecurityPolicy(requestUrl, { styleHashes: [inlineHash(DOCS_STYLE)] });
}

/**
 * A self-contained API reference page rendered from the OpenAPI document
 * (no CDN: the service may run where there is no internet).
 */
export function renderDocsPage(doc: OpenApi): string {
  const sections = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const o = op as { operationId: string; summary: string; description?: string; parameters: { name: string; in: string; required: boolean; schema: unknown }[]; requestBody?: { content: { 'application/json': { schema: unknown } } } };
      const params = o.parameters.length
        ? `<table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${o.parameters
            .map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : ''}</td><td><code>${esc(JSON.stringify(p.schema))}</code></td></tr>`)
            .join('')}</table>`
        : '';
      const body = o.requestBody ? `<details><summary>JSON body</summary><pre>${esc(JSON.stringify(o.requestBody.content['application/json'].schema, null, 2))}</pre></details>` : '';
      return `<section id="${esc(o.operationId)}"><h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3><p><b>${esc(o.operationId)}</b>: ${esc(o.summary)}</p>${o.description ? `<p>${esc(o.description)}</p>` : ''}${params}${body}</section>`;
    }),
  );
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(doc.info.title)} reference</title>
<style>${DOCS_STYLE}</style></head>
<body><h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1><p>${esc(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). GraphQL: <a href="/graphql">/graphql</a>.</p>
${sections.join('\n')}</body></html>`;
}
