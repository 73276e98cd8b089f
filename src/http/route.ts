import type { z } from 'zod';
import type { Viewer } from '../auth/viewer.ts';
import type { ErrorCode } from '../errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The parsed request parts a route's mapping receives. */
export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Request headers (lower-case names). */
  headers: Record<string, string>;
  viewer: Viewer;
}

/**
 * A REST or tool route is data: a GraphQL document, zod schemas for its
 * path, query and body, a mapping to GraphQL variables and a shaper of the
 * response. No business rule lives here (they are in src/domain).
 */
export interface RouteDef<P = any, Q = any, B = any, D = any> {
  method: HttpMethod;
  /** Hono-style path relative to the table's prefix: `/projects/:projectId/sections`. */
  path: string;
  /** Tool name (`tasksvc_…`) or REST operation id; unique. */
  operationId: string;
  summary: string;
  description?: string;
  /** OpenAPI tag. */
  tag: string;
  /** One GraphQL operation; parsed and validated once at start-up. */
  document: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** Schema of the success body, for the OpenAPI document (and response tests). */
  response?: z.ZodType;
  toVariables: (input: RouteInput<P, Q, B>) => Record<string, unknown>;
  toBody: (data: D, input: RouteInput<P, Q, B>) => unknown;
  /** Success status (default 200). */
  status?: number;
  /**
   * Error codes this route answers beyond those of every route (VALIDATION,
   * UNAUTHENTICATED, PAYLOAD_TOO_LARGE, RATE_LIMITED), NOT_FOUND (any route
   * with an input) and the Idempotency-Key ones: documented in OpenAPI, and
   * the route tests fail on any status a route answers that is not.
   */
  errors?: ErrorCode[];
  /** GraphQL argument path → public field name, where snake_case is not it. */
  fieldNames?: Record<string, string>;
  /**
   * Not behind Bearer auth: the route authorises the request itself (admin
   * password). Presented credentials and the cookie rule still apply, and
   * `viewer` in the route input is null unless the caller authenticated.
   */
  public?: boolean;
  /**
   * A rule of this transport only (spec 5.4: mentions through
   * `POST /api/v1/comments`): when this answers true for a request, it needs
   * a verified signed session; a key alone → 401, nothing runs. Rules of every
   * transport (the user directory, API keys) live in the GraphQL resolvers.
   */
  requiresSession?: (input: RouteInput<P, Q, B>) => boolean;
  /**
   * Honours an optional `Idempotency-Key` header (rules in
   * src/domain/idempotency.ts): successes are stored and replayed for 24 h.
   */
  idempotent?: boolean;
}

/** Identity helper that keeps the generic types of a route literal. */
export function route<P, Q, B, D>(def: RouteDef<P, Q, B, D>): RouteDef<P, Q, B, D> {
  return def;
}
