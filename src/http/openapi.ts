import { z } from 'zod';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../domain/idempotency.ts';
import { type ErrorCode, HTTP_STATUS } from '../errors.ts';
import type { CompiledRoute } from './facade.ts';
import { declaredParameterSchema } from './query-params.ts';
import type { RouteDef } from './route.ts';
import { inviteOpenApiPaths } from './routes/api/invite-openapi.ts';
import { passwordLinkOpenApiPaths } from './routes/api/password-link-openapi.ts';
import { exportOpenApiPaths } from './routes/api/export-openapi.ts';
import { sessionOpenApiPaths } from './routes/api/session-openapi.ts';

type JsonSchema = Record<string, unknown>;

/** JSON Schema of a request part (`input`: what may be sent) or of a response (`output`: exactly what is answered). */
export function jsonSchemaOf(schema: z.ZodType | undefined, io: 'input' | 'output' = 'input'): JsonSchema | undefined {
  if (!schema) return undefined;
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `/projects/:projectId{[0-9]+}/sections` → `/projects/{projectId}/sections`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
}

/** JSON Schema of a path or query schema, with each parameter's declared type (integers: query-params.ts). */
function parameterJsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      const declared = declaredParameterSchema(ctx.zodSchema as unknown as z.ZodType);
      if (!declared) return;
      const json = ctx.jsonSchema as JsonSchema;
      const fallback = json.default;
      for (const key of Object.keys(json)) if (key !== 'description') delete json[key];
      Object.assign(json, declared);
      // A default written as the query string spells it ('50') is the integer it stands for.
      if (fallback !== undefined) json.default = typeof fallback === 'string' && /^-?\d+$/.test(fallback) ? Number(fallback) : fallback;
    },
  }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query') {
  const js = parameterJsonSchemaOf(schema);
  if (!js || typeof js.properties !== 'object') return [];
  const required = new Set((js.required as string[] | undefined) ?? []);
  return Object.entries(js.properties as Record<string, JsonSchema>).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' ? true : required.has(name),
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    schema: s,
  }));
}

/** When each error code is answered (its status is HTTP_STATUS's). */
const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  VALIDATION: 'Bad input: `details.field` names it (also an oversized query string or headers).',
  UNAUTHENTICATED: 'Missing, unknown or revoked credentials (send `Authorization: Bearer <API key>` or a session cookie).',
  FORBIDDEN:
    'You see the resource but may not do this to it; or (`details.code: csrf`) a request authenticated by cookie ' +
    'came from an origin that is neither this service nor in CORS_ORIGINS.',
  NOT_FOUND: 'Not found, or not in one of your projects (other tenants’ ids look the same).',
  METHOD_NOT_ALLOWED: 'A known path asked with a method it does not answer; `Allow` lists those it does.',
  CONFLICT: 'Conflicts with the current state (duplicate name, last section, key in use).',
  GONE: 'Removed on purpose.',
  PRECONDITION_FAILED:
    '`If-Match` names a version the resource no longer has (`details.code: stale_version`): someone changed it ' +
    'meanwhile and nothing was written. GET it again (new `ETag`), reapply the change, send it with that tag.',
  PAYLOAD_TOO_LARGE: 'The body is larger than MAX_BODY_BYTES.',
  UNPROCESSABLE: 'An Idempotency-Key reused with another body.',
  RATE_LIMITED: 'Too many requests; `Retry-After` says when to retry.',
  INTERNAL: 'Unexpected error (masked; the request id is in `x-request-id`).',
  TIMEOUT: 'The request took longer than REQUEST_TIMEOUT_MS.',
  UNAVAILABLE:
    'The database does not answer (`details.code: unavailable`), or the service is still starting (`starting`); ' +
    '`Retry-After` says when to retry.',
};

/** What every route may answer, whatever it does (FORBIDDEN: the CSRF check of cookie requests). */
export const EVERY_ROUTE: ErrorCode[] = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  'TIMEOUT',
  'UNAVAILABLE',
];

/**
 * The error codes a route can answer: those of every route, NOT_FOUND when
 * it takes any input (a path, query or body can name something that is not
 * yours), CONFLICT and UNPROCESSABLE for `Idempotency-Key`, and its own
 * `errors`.
 */
export function errorCodesOf(def: RouteDef): ErrorCode[] {
  const codes = new Set<ErrorCode>(EVERY_ROUTE);
  if (def.params || def.query || def.body) codes.add('NOT_FOUND');
  // A write without versions refuses any If-Match but `*` (412 not_versioned).
  if (def.method !== 'GET') codes.add('PRECONDITION_FAILED');
  if (def.idempotent) {
    codes.add('CONFLICT');
    codes.add('UNPROCESSABLE');
  }
  for (const code of def.errors ?? []) codes.add(code);
  return [...codes].sort((a, b) => HTTP_STATUS[a] - HTTP_STATUS[b]);
}

const errorBody = (code: ErrorCode): JsonSchema => ({
  type: 'object',
  description: 'The error body: `success: false`, the error code, a message and `details` (the field and a detail code).',
  required: ['success', 'error', 'message', 'details'],
  additionalProperties: false,
  properties: {
    success: { const: false },
    error: { const: code, description: 'Stable error code.' },
    message: { type: 'string', description: 'For people; may change.' },
    details: {
      type: 'object',
      required: ['field', 'code'],
      additionalProperties: false,
      properties: {
        field: { type: ['string', 'null'], description: 'The offending input, in the route’s own spelling.' },
        code: { type: 'string', description: 'Finer machine code (`too_long`, `invalid_type`, `duplicate`, …).' },
      },
    },
  },
});

const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'Requests the bucket holds.', schema: { type: 'string' } },
  'RateLimit-Remaining': { description: 'Requests left in the bucket.', schema: { type: 'string' } },
  'RateLimit-Reset': { description: 'Seconds until the bucket is full again.', schema: { type: 'string' } },
};

/** Headers of a GET answer: `ETag` always, `Link` on offset-paged lists. */
function getHeaders(def: RouteDef): JsonSchema {
  const response = jsonSchemaOf(def.response, 'output') as { properties?: Record<string, unknown> } | undefined;
  const paged = ['total', 'limit', 'offset'].every((k) => response?.properties?.[k]);
  return {
    ETag: {
      description: 'Tag of this answer; send it back in `If-None-Match` to get 304 while it is unchanged.',
      schema: { type: 'string' },
    },
    ...(paged
      ? {
          Link: {
            description: 'RFC 8288 links to the `next` and `prev` pages (same query, other `offset`), when they exist.',
            schema: { type: 'string' },
          },
        }
      : {}),
  };
}

/** `ETag` of an answer whose resource has a version (RouteDef.etagVersion). */
const VERSIONED_ETAG = {
  description: '`"<version>-<hash>"`: tag of this version of the resource; send it in `If-Match` to update exactly this version.',
  schema: { type: 'string' },
};

/** The `If-Match` header of a route that honours it (RouteDef.ifMatch). */
const IF_MATCH_PARAMETER = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'The `ETag` of the version you edited (one tag, or `*` for any). Changed since: 412 PRECONDITION_FAILED, nothing written.',
  schema: { type: 'string' },
};

/** The `Idempotency-Key` header of a route that honours it (RouteDef.idempotent). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'Makes a retry safe (Stripe’s rules): 1 to 255 visible ASCII characters, a UUID is typical, scoped to your user. ' +
    'The first request with a key runs and its answer is kept 24 hours; the same request again with the key gets that answer ' +
    `(with \`${REPLAYED_HEADER}: true\`) and changes nothing; another request (method, path or body) with the key is 422; ` +
    'the key while its first request still runs is 409. The work and the kept answer commit together, so a request that ' +
    'failed or was cut off leaves nothing and may be retried with the same key.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** The `If-Match` header of a write whose resource has no versions: declared, so clients learn it is not ignored. */
const IF_MATCH_UNVERSIONED = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'This resource has no versions to compare: any tag but `*` is answered 412 PRECONDITION_FAILED (`not_versioned`) and ' +
    'nothing is written, so a conditional request is never applied unconditionally. Task updates (`PATCH /api/v1/tasks/{id}`) compare versions.',
  schema: { type: 'string' },
};

/** Headers of a write's success: its versioned `ETag`, and on a keyed route whether the answer is a replay. */
function writeHeaders(def: RouteDef): { headers?: Record<string, unknown> } {
  const headers: Record<string, unknown> = {
    ...(def.etagVersion ? { ETag: VERSIONED_ETAG } : {}),
    ...(def.idempotent
      ? { [REPLAYED_HEADER]: { description: '`true` when this is the kept answer of an earlier request with the same `Idempotency-Key`.', schema: { type: 'string', enum: ['true'] } } }
      : {}),
  };
  return Object.keys(headers).length ? { headers } : {};
}

const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'string' } } };

/** Codes that share an HTTP status answer one response named by them all (`TIMEOUT_OR_UNAVAILABLE`). */
const sharedResponseName = (codes: ErrorCode[]) => codes.join('_OR_');

/** Error codes grouped by their HTTP status, in status order. */
function codesByStatus(codes: ErrorCode[]): [string, ErrorCode[]][] {
  const groups = new Map<string, ErrorCode[]>();
  // By status, then by name: a shared response's name does not depend on the order codes come in.
  for (const code of [...codes].sort((a, b) => HTTP_STATUS[a] - HTTP_STATUS[b] || a.localeCompare(b)))
    groups.set(String(HTTP_STATUS[code]), [...(groups.get(String(HTTP_STATUS[code])) ?? []), code]);
  return [...groups];
}

/**
 * `components.responses`: one error response per code, named by it, and one
 * per status several codes share (its body is one of theirs).
 */
function errorComponents() {
  const schemas: Record<string, JsonSchema> = {};
  const responses: Record<string, JsonSchema> = {};
  for (const [code, description] of Object.entries(ERROR_DESCRIPTIONS) as [ErrorCode, string][]) {
    schemas[`Error_${code}`] = errorBody(code);
    responses[code] = {
      description,
      ...(code === 'RATE_LIMITED' ? { headers: { ...RETRY_AFTER, ...RATE_HEADERS } } : {}),
      ...(code === 'UNAVAILABLE' ? { headers: RETRY_AFTER } : {}),
      content: { 'application/json': { schema: { $ref: `#/components/schemas/Error_${code}` } } },
    };
  }
  for (const [, codes] of codesByStatus(Object.keys(ERROR_DESCRIPTIONS) as ErrorCode[])) {
    if (codes.length < 2) continue;
    responses[sharedResponseName(codes)] = {
      description: codes.map((code) => `\`${code}\`: ${ERROR_DESCRIPTIONS[code]}`).join(' '),
      headers: Object.assign({}, ...codes.map((code) => (responses[code] as { headers?: object }).headers ?? {})),
      content: {
        'application/json': { schema: { oneOf: codes.map((code) => ({ $ref: `#/components/schemas/Error_${code}` })) } },
      },
    };
  }
  return { schemas, responses };
}

/** The `responses` entries of a route's error codes: one per status, a shared response where codes share it. */
export function errorResponsesOf(codes: ErrorCode[]): Record<string, { $ref: string }> {
  return Object.fromEntries(
    codesByStatus(codes).map(([status, group]) => [
      status,
      { $ref: `#/components/responses/${group.length === 1 ? group[0] : sharedResponseName(group)}` },
    ]),
  );
}

/**
 * The OpenAPI 3.1 document of the REST and tool routes, generated from the
 * route tables and their zod schemas (never written by hand).
 */
export function buildOpenApi(routes: CompiledRoute[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { def, fullPath } of routes) {
    const path = openApiPath(fullPath);
    const body = jsonSchemaOf(def.body);
    const status = String(def.status ?? 200);
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = {
      operationId: def.operationId,
      summary: def.summary,
      ...(def.description ? { description: def.description } : {}),
      tags: [def.tag],
      // A public route authorises the request itself (e.g. the admin password header).
      ...(def.public ? { security: [] } : {}),
      parameters: [
        ...parametersOf(def.params, 'path'),
        ...parametersOf(def.query, 'query'),
        ...(def.ifMatch ? [IF_MATCH_PARAMETER] : def.method !== 'GET' ? [IF_MATCH_UNVERSIONED] : []),
        ...(def.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
      ],
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
      responses: {
        [status]: {
          description: 'Success',
          ...(def.method === 'GET' ? { headers: getHeaders(def) } : writeHeaders(def)),
          content: { 'application/json': { schema: jsonSchemaOf(def.response, 'output') ?? { type: 'object' } } },
        },
        ...(def.method === 'GET'
          ? { '304': { description: 'Not modified: `If-None-Match` named the current `ETag`; no body.' } }
          : {}),
        ...errorResponsesOf(errorCodesOf(def)),
      },
    };
  }
  // The plain handlers (cookies, streamed exports), documented beside them.
  Object.assign(paths, sessionOpenApiPaths(), inviteOpenApiPaths(), passwordLinkOpenApiPaths(), exportOpenApiPaths());
  return {
    openapi: '3.1.0',
    info: {
      title: 'tasksvc API',
      version,
      description:
        'REST API (`/api/v1`, versioned by path, for integrations and scripts) and tool routes (`/api/mcp`, ' +
        'unversioned, used by the CLI and the MCP server). Every route takes `Authorization: Bearer <API key>`, or ' +
        'the browser session cookie `svc_session` (with `nookies_user`; a cookie request that changes something must ' +
        'come from this service or an origin in CORS_ORIGINS), which the sign-in routes (`/api/auth/*`, ' +
        '`/api/session/verify`) start, end and report on. ' +
        'Errors use one body: `{success:false, error, message, details:{field, code}}`; every operation lists the ' +
        'statuses it can answer, each with its `error` code.',
    },
    servers: [{ url: '/' }],
    // Either one: a request with a Bearer key is decided by the key alone; without one, the session cookie.
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key (tsk_…).' },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'svc_session',
          description: 'A signed session from `POST /api/auth/login` (sent with its `nookies_user`).',
        },
      },
      ...errorComponents(),
    },
    paths,
  };
}
