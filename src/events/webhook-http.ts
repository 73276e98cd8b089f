import http from 'node:http';
import https from 'node:https';
import { assertLiteralHostAllowed, BlockedDestinationError, guardedLookup } from './webhook-destination.ts';

/** What one POST to a webhook endpoint produced. */
export interface PostOutcome {
  /** HTTP status, or null when no response arrived (refused, timeout, DNS). */
  statusCode: number | null;
  durationMs: number;
  /** First characters of the response body. */
  responseExcerpt: string | null;
  /** Why no (successful) response: timeout, connection error, blocked destination. */
  error: string | null;
  /** `Retry-After` of a 429 or 503, in milliseconds. */
  retryAfterMs: number | null;
  /** True when the destination was refused by the private-address rule. */
  blocked: boolean;
  /** True when no (complete) answer arrived within the timeout. */
  timedOut: boolean;
}

export interface PostOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Bytes of the response kept for the log. */
  excerptBytes?: number;
}

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/** Parses `Retry-After` (seconds or an HTTP date) into milliseconds from now. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * POSTs `body` to `url`. Never throws: every failure is an outcome to log.
 * The whole exchange (connect, send, response headers and body) must end
 * within `timeoutMs`; redirects are not followed (a 3xx is a failure).
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const excerptBytes = opts.excerptBytes ?? 1024;
  const done = (o: Partial<PostOutcome>): PostOutcome => ({
    statusCode: null,
    retryAfterMs: null,
    blocked: false,
    timedOut: false,
    ...o,
    // Stored as text: PostgreSQL refuses U+0000, and a failed record would resend the delivery forever.
    responseExcerpt: o.responseExcerpt?.replaceAll('\u0000', '') || null,
    error: o.error?.replaceAll('\u0000', '') ?? null,
    durationMs: Math.round(performance.now() - started),
  });
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new Error(`unsupported scheme ${target.protocol}`);
    if (!opts.allowPrivate) assertLiteralHostAllowed(target);
  } catch (err) {
    return done({ error: (err as Error).message, blocked: err instanceof BlockedDestinationError });
  }
  const mod = target.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (o: Partial<PostOutcome>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(o));
    };
    const req = mod.request(
      target,
      {
        method: 'POST',
        agent: target.protocol === 'https:' ? agents.https : agents.http,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        ...(opts.allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < excerptBytes) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const retryAfter =
            status === 429 || status === 503 ? parseRetryAfter(res.headers['retry-after'] as string | undefined) : null;
          finish({
            statusCode: status,
            responseExcerpt: Buffer.concat(chunks).subarray(0, excerptBytes).toString('utf8') || null,
            retryAfterMs: retryAfter,
          });
        });
        res.on('error', (err) => finish({ statusCode: res.statusCode ?? null, error: err.message }));
      },
    );
    const timer = setTimeout(() => {
      finish({ error: `timed out after ${opts.timeoutMs} ms`, timedOut: true });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (err) => {
      const blocked =
        err instanceof BlockedDestinationError || (err as { cause?: unknown }).cause instanceof BlockedDestinationError;
      finish({ error: err.message, blocked });
    });
    req.end(body);
  });
}
