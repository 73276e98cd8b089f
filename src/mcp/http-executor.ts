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

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Runs tool routes over HTTP with the Bearer key: what `tasksvc mcp` (stdio)
 * and the client CLI use, so both work against any deployment. Network
 * failures reject; every HTTP answer, errors included, resolves.
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
    const res = await fetchImpl(base + callUrlPath(call), {
      method: call.method,
      headers,
      body: call.body ? JSON.stringify(call.body) : undefined,
      signal: AbortSignal.timeout(service.timeoutMs ?? 60_000),
    });
    return { status: res.status, body: await readBody(res) };
  };
}
