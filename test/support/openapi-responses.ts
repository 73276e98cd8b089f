import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { allRoutes } from '../../src/http/app.ts';
import { buildOpenApi } from '../../src/http/openapi.ts';
import { SERVICE_VERSION } from '../../src/version.ts';

// Every response a route test receives through the shared test fetch is
// checked against the OpenAPI document the service serves: the status must
// be one the operation documents, and a JSON body must match that status's
// schema (the error body's `error` code included). So the document cannot
// drift from what the routes answer. Paths the document does not describe
// (GraphQL, probes, MCP) pass unchecked.

type Json = Record<string, any>;

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  /** Literal path segments: a literal path wins over a template (`/tasks/search` over `/tasks/{id}`). */
  literals: number;
  responses: Json;
}

const DOC_ID = 'tasksvc-openapi';

let compiled: { operations: Operation[]; doc: Json; ajv: Ajv2020; cache: Map<string, ValidateFunction> } | null = null;

function load() {
  if (compiled) return compiled;
  const doc = buildOpenApi(allRoutes(), SERVICE_VERSION) as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: DOC_ID, components: doc.components });
  const operations: Operation[] = [];
  for (const [template, ops] of Object.entries(doc.paths as Json)) {
    const source = template
      .split('/')
      .map((seg) => (seg.startsWith('{') ? '[^/]+' : seg.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('/');
    const literals = template.split('/').filter((seg) => seg && !seg.startsWith('{')).length;
    for (const [method, op] of Object.entries(ops as Json)) {
      operations.push({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${source}$`),
        literals,
        responses: op.responses,
      });
    }
  }
  operations.sort((a, b) => b.literals - a.literals);
  compiled = { operations, doc, ajv, cache: new Map() };
  return compiled;
}

/** `#/components/...` references point into the document registered under DOC_ID. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : rebase(v),
    ]),
  );
}

function resolve(doc: Json, value: Json): Json {
  let v = value;
  while (typeof v?.$ref === 'string')
    v = v.$ref
      .slice(2)
      .split('/')
      .reduce((o: Json, k: string) => o[k], doc);
  return v;
}

/** The documented operation of a request, if the document has its path and method. */
function operationOf(method: string, path: string): Operation | undefined {
  return load().operations.find((op) => op.method === method && op.pattern.test(path));
}

/**
 * Checks one response against the document; throws an Error that names the
 * route, the status and what differs. Reads a clone: the caller's body stays unread.
 */
export async function assertDocumentedResponse(method: string, url: string, res: Response): Promise<void> {
  const path = new URL(url, 'http://test.local').pathname;
  const op = operationOf(method.toUpperCase(), path);
  if (!op) return;
  const { doc, ajv, cache } = load();
  const where = `${method.toUpperCase()} ${path} (${op.template})`;
  const documented = op.responses[String(res.status)] ?? op.responses.default;
  if (!documented) {
    const body = await res.clone().text();
    throw new Error(
      `OpenAPI: ${where} answered ${res.status}, which its operation does not document ` +
        `(documented: ${Object.keys(op.responses).join(', ')}). Body: ${body.slice(0, 300)}`,
    );
  }
  const response = resolve(doc, documented);
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return;
  const text = await res.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`OpenAPI: ${where} answered ${res.status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  const key = `${op.method} ${op.template} ${res.status}`;
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(rebase(schema) as object);
    cache.set(key, validate);
  }
  if (!validate(body)) {
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
    throw new Error(
      `OpenAPI: ${where} answered ${res.status} with a body its schema refuses: ${errors}. Body: ${text.slice(0, 300)}`,
    );
  }
}

/**
 * `fetch` whose answer is checked like the test apps' own fetch: for tests
 * that need a real socket the shared helpers do not give (a second listener,
 * a streamed body, a child process's server). Throws when the answer is not
 * one the OpenAPI document describes.
 */
export async function documentedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, init);
  await assertDocumentedResponse(init.method ?? 'GET', url, res);
  return res;
}
