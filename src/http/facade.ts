import { type DocumentNode, type GraphQLSchema, execute, validate } from 'graphql';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { type Viewer, requireSessionViewer } from '../auth/viewer.ts';
import { PreconditionFailedError, ValidationError } from '../errors.ts';
import type { Db } from '../db/client.ts';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER, parseIdempotencyKey, requestFingerprint, runIdempotent } from '../domain/idempotency.ts';
import { toValidationError } from '../domain/validate.ts';
import { assertSafeInput } from '../domain/text-input.ts';
import type { Services } from '../services.ts';
import type { AppEnv } from './env.ts';
import { IF_MATCH_HEADER, etagOf, ifMatchVersion, noneMatch, pageLinks, pageOf, versionedEtag } from './conditional.ts';
import { StaleVersionError } from '../domain/task/version.ts';
import { retryAfterOf, snakeCase, toErrorResponse } from './error-body.ts';
import type { RouteDef, RouteInput } from './route.ts';
import { strictBody } from './strict-body.ts';

/** A route with its document parsed and validated against the schema. */
export interface CompiledRoute {
  def: RouteDef;
  /** Full path with the table's prefix, Hono syntax. */
  fullPath: string;
  document: DocumentNode;
}

/**
 * Parses and validates every route's GraphQL document once, at start-up: a
 * document that does not match the schema stops the process, not a request.
 */
export function compileRoutes(schema: GraphQLSchema, prefix: string, defs: RouteDef[]): CompiledRoute[] {
  const seen = new Set<string>();
  return defs.map((def) => {
    const key = `${def.method} ${prefix}${def.path}`;
    if (seen.has(key)) throw new Error(`Duplicate route ${key}`);
    seen.add(key);
    const document = def.document;
    // graphql(`…`) answers an empty object for a literal the generator has not seen yet.
    if (!document.definitions?.length) throw new Error(`Route ${key}: its document is not generated; run npm run generate`);
    const errors = validate(schema, document);
    if (errors.length) throw new Error(`Route ${key}: invalid GraphQL document: ${errors.map((e) => e.message).join('; ')}`);
    // Bodies refuse fields they do not name, at every depth (./strict-body.ts).
    return { def: def.body ? { ...def, body: strictBody(def.body) } : def, fullPath: `${prefix}${def.path}`, document };
  });
}

function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown): T {
  if (!schema) return {} as T;
  assertSafeInput(value);
  const result = schema.safeParse(value);
  if (!result.success) throw toValidationError(result.error);
  return result.data;
}

/**
 * The query string, one value per name. A name given twice is refused rather
 * than one of its values silently winning: every list parameter is one
 * comma-separated value, and the OpenAPI document declares each parameter once.
 */
function singleValuedQuery(c: Context<AppEnv>): Record<string, string> {
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.length > 1) throw new ValidationError(name, `Give ${name} once (a list is one comma-separated value).`, 'repeated');
  }
  return c.req.query();
}

async function readJsonBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError('body', 'Request body is not valid JSON.', 'invalid_json');
  }
}

/** The public name of a GraphQL argument path in a route's error body. */
function publicFieldName(def: RouteDef, field: string): string {
  // Own keys only: a body key such as `valueOf` must not find Object.prototype's.
  const named = (name: string) => (def.fieldNames && Object.hasOwn(def.fieldNames, name) ? def.fieldNames[name] : undefined);
  if (named(field)) return named(field)!;
  // Headers keep their own spelling.
  if (field === IDEMPOTENCY_HEADER || field === IF_MATCH_HEADER) return field;
  const bare = field.replace(/^input\./, '');
  return named(bare) ?? snakeCase(bare);
}

/**
 * Runs one route: parse and validate the request parts, execute the
 * route's GraphQL operation in-process, shape the data. Errors become the
 * spec 7.1 body with the status of their code. An `idempotent` route with
 * an Idempotency-Key header runs in one transaction with its key (see
 * runIdempotent): the operation, the claim and the stored answer commit
 * together or not at all.
 */
export async function runRoute(c: Context<AppEnv>, route: CompiledRoute, schema: GraphQLSchema, services: Services) {
  const { def } = route;
  const db = services.database.prisma;
  // Set by the operation when the route tags its answers with a version (etagVersion).
  let version: number | undefined;
  let ifMatch: number | undefined;
  try {
    // Only `public` routes run without a viewer (they authorise the request themselves); their input has viewer null.
    if (!c.get('viewer') && !def.public) throw new Error('route reached without a viewer');
    const viewer = c.get('viewer') as Viewer;
    const input: RouteInput<unknown, unknown, unknown> = {
      params: parsePart(def.params, c.req.param()),
      query: parsePart(def.query, singleValuedQuery(c)),
      body: def.body ? parsePart(def.body, await readJsonBody(c)) : {},
      headers: Object.fromEntries(Object.entries(c.req.header()).map(([k, v]) => [k.toLowerCase(), v])),
      viewer,
    };
    if (def.ifMatch) {
      const named = ifMatchVersion(input.headers['if-match']);
      if (named === null) {
        throw new PreconditionFailedError('If-Match names no version this resource has: send the ETag of a GET of it.');
      }
      input.ifMatch = ifMatch = named;
    } else if (def.method !== 'GET') {
      // A condition this resource cannot evaluate is false (RFC 9110 13.1.1): the write never runs unconditionally.
      const sent = input.headers['if-match']?.trim();
      if (sent && sent !== '*') {
        throw new PreconditionFailedError(
          'This resource has no versions to compare with If-Match (task updates have them: PATCH /api/v1/tasks/{id}); send the request without If-Match, or with *.',
          IF_MATCH_HEADER,
          'not_versioned',
        );
      }
    }
    if (def.requiresSession?.(input)) requireSessionViewer(viewer);
    const status = def.status ?? 200;
    /** Executes the operation on `on` (the client, or the keyed request's transaction) and shapes its answer. */
    const operate = async (on: Db) => {
      const result = await execute({
        schema,
        document: route.document,
        variableValues: def.toVariables(input) as Record<string, unknown>,
        contextValue: { db: on, services, viewer, requestId: c.get('requestId') },
      });
      if (result.errors?.length) throw result.errors[0];
      if (def.etagVersion) version = def.etagVersion(result.data);
      return def.toBody(result.data, input) as object;
    };

    // Keys are scoped to a user: a public route without a viewer has none to scope them to.
    const keyHeader = def.idempotent && viewer ? c.req.header(IDEMPOTENCY_HEADER) : undefined;
    if (keyHeader === undefined) {
      const body = await operate(db);
      if (def.method === 'GET') return conditionalJson(c, body, status, version);
      if (version !== undefined) c.header('ETag', versionedEtag(version, JSON.stringify(body)));
      return c.json(body, status as 200);
    }
    const key = parseIdempotencyKey(keyHeader);
    const fingerprint = requestFingerprint(def.method, c.req.path, input.body);
    const answer = await runIdempotent(db, { userId: viewer.userId, key, fingerprint }, async (tx) => ({
      status,
      // Every read and write of the operation goes through the transaction; domain
      // functions that open their own nest inline (inTransaction).
      body: await operate(tx as unknown as Db),
    }));
    await services.faults?.afterIdempotentCommit?.();
    if (answer.replayed) c.header(REPLAYED_HEADER, 'true');
    return c.json(answer.body as object, answer.status as 200);
  } catch (caught) {
    // HTTP's answer to a stale If-Match is 412; the same refusal without the header stays 409.
    const err = ifMatch !== undefined && staleVersionOf(caught) ? new PreconditionFailedError((caught as Error).message) : caught;
    const { status, body } = toErrorResponse(err, c.get('logger'), (f) => publicFieldName(def, f));
    const retryAfter = retryAfterOf(err);
    if (retryAfter !== null) c.header('Retry-After', String(retryAfter));
    return c.json(body, status as 400);
  }
}

/** Whether an error (as graphql-js hands it on) is a stale `expectedVersion`. */
function staleVersionOf(err: unknown): boolean {
  return err instanceof StaleVersionError || (err as { originalError?: unknown })?.originalError instanceof StaleVersionError;
}

/**
 * A GET answer with its `ETag` (a hash of the body) and, for offset-paged
 * lists, `Link` rel next/prev; `If-None-Match` with that tag → 304 without a
 * body. The operation still runs: the 304 saves the transfer and the client's
 * parsing, not the query.
 */
function conditionalJson(c: Context<AppEnv>, body: object, status: number, version?: number) {
  const text = JSON.stringify(body);
  const etag = version === undefined ? etagOf(text) : versionedEtag(version, text);
  c.header('ETag', etag);
  c.header('Cache-Control', 'private, no-cache');
  const page = pageOf(body);
  const links = page && pageLinks(c.req.url, page);
  if (links) c.header('Link', links);
  if (noneMatch(c.req.header('if-none-match'), etag)) return c.body(null, 304);
  return c.body(text, status as 200, { 'content-type': 'application/json' });
}

/** Mounts compiled routes on the app. */
export function mountRoutes(app: Hono<AppEnv>, routes: CompiledRoute[], schema: GraphQLSchema, services: Services) {
  for (const r of routes) {
    app.on(r.def.method, r.fullPath, (c) => runRoute(c, r, schema, services));
  }
}
