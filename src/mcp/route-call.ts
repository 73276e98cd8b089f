import type { HttpMethod, RouteDef } from '../http/route.ts';
import type { RouteInputLayout } from './input-schema.ts';

/** One request to a tool route, relative to `/api/mcp`. */
export interface RouteCall {
  method: HttpMethod;
  /** Path with its parameters filled in: `/projects/12/sections`. */
  path: string;
  /** Query string values (already encoded as the route reads them). */
  query: Record<string, string>;
  /** JSON body (absent on routes without one). */
  body?: Record<string, unknown>;
}

/** What a tool route answered: its status and JSON body (spec 7.1 body on errors). */
export interface RouteResponse {
  status: number;
  body: unknown;
}

/** Runs a tool route: over HTTP (stdio server, client CLI) or in-process (`/mcp`). */
export type RouteExecutor = (call: RouteCall) => Promise<RouteResponse>;

/**
 * Arguments that cannot even be turned into a request (unknown argument,
 * missing path parameter). Everything else is left to the route, whose
 * validation is the one that counts.
 */
export class ToolInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly code = 'invalid',
  ) {
    super(message);
  }
}

/** A query-string or path value: lists comma-separated, like the routes read them. */
export function encodeStringParameter(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(',');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The route request of tool arguments: each argument goes to its slot
 * (path, query or body). Unknown arguments are refused, so a misspelt
 * filter is an error rather than silently ignored.
 */
export function toRouteCall(
  route: Pick<RouteDef, 'method' | 'path'>,
  layout: RouteInputLayout,
  args: Record<string, unknown>,
  ignore: string[] = [],
): RouteCall {
  const query: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(args)) {
    if (ignore.includes(name)) continue;
    // Own keys only: an argument named `toString` is unknown, not Object.prototype's.
    const slot = Object.hasOwn(layout.slots, name) ? layout.slots[name] : undefined;
    if (!slot) {
      const known = Object.keys(layout.slots).sort().join(', ') || 'none';
      throw new ToolInputError(name, `Unknown argument "${name}". Arguments of this tool: ${known}.`, 'unknown_argument');
    }
    if (slot === 'body') body[name] = value;
    else if (value !== undefined && value !== null) (slot === 'params' ? params : query)[name] = encodeStringParameter(value);
  }
  const path = route.path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => {
    if (params[name] === undefined) throw new ToolInputError(name, `${name} is required.`, 'required');
    return encodeURIComponent(params[name]);
  });
  const hasBody = Object.values(layout.slots).includes('body');
  return { method: route.method, path, query, ...(hasBody ? { body } : {}) };
}

/** `path?query` of a call. */
export function callUrlPath(call: RouteCall): string {
  const qs = new URLSearchParams(call.query).toString();
  return qs ? `${call.path}?${qs}` : call.path;
}
