import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RouteResponse, ToolInputError } from './route-call.ts';

// Route answers as MCP tool results. A failed route call is a tool error
// (`isError: true`) the agent can read and correct, never a protocol error:
// the text leads with the route's message and the field it names, then the
// route's error body as JSON.

/** The spec 7.1 error body, as far as a route (or a proxy in between) sent one. */
export interface RouteErrorBody {
  error: string;
  message: string;
  details: { field: string | null; code: string };
}

/** Reads an error body defensively: a proxy's HTML page still gives a usable message. */
export function routeErrorOf(res: RouteResponse): RouteErrorBody {
  const b = (res.body ?? {}) as Partial<RouteErrorBody> & { details?: Partial<RouteErrorBody['details']> };
  return {
    error: typeof b.error === 'string' ? b.error : `HTTP_${res.status}`,
    message: typeof b.message === 'string' ? b.message : typeof res.body === 'string' ? res.body.slice(0, 500) : `HTTP ${res.status}`,
    details: { field: b.details?.field ?? null, code: b.details?.code ?? 'error' },
  };
}

/** The route's success body: `structuredContent` plus the same JSON as text. */
export function successResult(body: unknown): CallToolResult {
  const structured = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : { result: body };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

function errorText(status: number | null, e: RouteErrorBody): string {
  const where = e.details.field ? ` (field: ${e.details.field})` : '';
  const hint = status === 401 ? ' The API key was rejected: check TASKSVC_API_KEY.' : '';
  return `${e.error}${status ? ` ${status}` : ''}: ${e.message.replace(/\.$/, '')}${where}.${hint}`;
}

/** A route's error answer as a tool error. */
export function routeErrorResult(res: RouteResponse): CallToolResult {
  const e = routeErrorOf(res);
  return {
    isError: true,
    content: [
      { type: 'text', text: errorText(res.status, e) },
      { type: 'text', text: JSON.stringify({ status: res.status, ...e }) },
    ],
  };
}

/** Arguments that could not become a request, in the same shape as a route's 400. */
export function inputErrorResult(err: ToolInputError): CallToolResult {
  return routeErrorResult({
    status: 400,
    body: { success: false, error: 'VALIDATION', message: err.message, details: { field: err.field, code: err.code } },
  });
}

/** The service could not be reached (stdio server against a remote URL). */
export function unreachableResult(err: unknown): CallToolResult {
  const message = err instanceof Error ? err.message : String(err);
  return { isError: true, content: [{ type: 'text', text: `UNAVAILABLE: the tasksvc service could not be reached: ${message}` }] };
}
