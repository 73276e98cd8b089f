import { SERVICE_VERSION } from '../version.ts';
import { type RouteCall, type RouteExecutor, type RouteResponse, callUrlPath } from './route-call.ts';

/** Where the tool routes are and the key to call them with. */
export interface RemoteService {
  /** Base URL of the service (`http://localhost:3000`); the routes are under `/api/mcp`. */
  url: string;
  apiKey: string;
  /** Give up on a request after this long (default 60 s; the service itself answers 503 after its REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** Base URL without trailing slashes, and without `/api/mcp` if the user gave the tool-route prefix. */
export function normalizeBaseUrl(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/api\/mcp$/, '');
}

/**
 * A 2xx answer that is not a tool route's JSON: the URL points at something
 * other than tasksvc (a web server, a proxy's login page). Rejected rather
 * than handed on, so no caller mistakes an HTML page for a result.
 */
export class NotTasksvcError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    contentType: string,
  ) {
    super(`${url} answered ${status} with ${contentType || 'no content type'}, not a tasksvc JSON body: is it the base URL of a tasksvc service?`);
    this.name = 'NotTasksvcError';
  }
}

async function readBody(res: Response, url: string): Promise<unknown> {
  const text = await res.text();
  const ok = res.status >= 200 && res.status < 300;
  let body: unknown = text || null;
  try {
    if (text) body = JSON.parse(text);
  } catch {
    // An error page from a proxy stays text: routeErrorOf still reads a message from it.
  }
  // Every tool route answers a JSON object; on success anything else is not tasksvc talking.
  if (ok && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw new NotTasksvcError(url, res.status, res.headers.get('content-type') ?? '');
  }
  return body;
}

/**
 * Runs tool routes over HTTP with the Bearer key: what `tasksvc mcp` (stdio)
 * and the client CLI use, so both work against any deployment. Network
 * failures reject, and so does a success that is not a JSON object
 * ({@link NotTasksvcError}); every other HTTP answer, errors included, resolves.
 */
export function httpRouteExecutor(service: RemoteService, fetchImpl: typeof fetch = fetch): RouteExecutor {
  const base = `${normalizeBaseUrl(service.url)}/api/mcp`;
  return async (call: RouteCall): Promise<RouteResponse> => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${service.apiKey}`,
      accept: 'application/json',
      'user-agent': `tasksvc-cli/${SERVICE_VERSION}`,
    };
    if (call.body) headers['content-type'] = 'application/json';
    const url = base + callUrlPath(call);
    const res = await fetchImpl(url, {
      method: call.method,
      headers,
      body: call.body ? JSON.stringify(call.body) : undefined,
      signal: AbortSignal.timeout(service.timeoutMs ?? 60_000),
    });
    return { status: res.status, body: await readBody(res, url) };
  };
}
