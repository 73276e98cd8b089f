// A server-sent-events client over node:http (fetch: cancelling an undici
// stream mid-SSE trips an undici bug on Node 20), parsing events as an
// EventSource does: `id:`, `event:` and `data:` lines, blank line ends one.
import http from 'node:http';

/** One SSE event as received. */
export interface SseEvent {
  id: string | null;
  event: string | null;
  data: string;
}

/** An open SSE stream. */
export interface SseStream {
  status: number;
  contentType: string;
  /** Everything received so far, raw. */
  text(): string;
  /** The parsed events with data (comments and pings left out). */
  events(): SseEvent[];
  /** The `data` of each `next` event, parsed. */
  results<T = { data?: Record<string, unknown>; errors?: unknown[] }>(): T[];
  /** True once the server ended the response. */
  ended(): boolean;
  close(): void;
}

/**
 * Opens a GraphQL subscription over SSE: POST with a JSON body, or GET with
 * the operation in the query string (as a browser EventSource does) when
 * `method` is GET. `headers` may carry `Last-Event-ID`.
 */
export function sseSubscribe(
  baseUrl: string,
  key: string,
  body: { query: string; variables?: Record<string, unknown> },
  opts: { method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
): Promise<SseStream> {
  const method = opts.method ?? 'POST';
  let url = `${baseUrl}/graphql`;
  if (method === 'GET') {
    const q = new URLSearchParams({ query: body.query, variables: JSON.stringify(body.variables ?? {}) });
    url += `?${q}`;
  }
  let text = '';
  let ended = false;
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        accept: 'text/event-stream',
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
    });
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => (ended = true));
      res.on('error', () => undefined);
      const events = () => parseEvents(text);
      resolve({
        status: res.statusCode ?? 0,
        contentType: String(res.headers['content-type']),
        text: () => text,
        events,
        results: <T,>() => events().filter((e) => e.event === 'next').map((e) => JSON.parse(e.data) as T),
        ended: () => ended,
        close: () => req.destroy(),
      });
    });
    req.on('error', (err) => {
      if (!text) reject(err);
    });
    req.end(method === 'POST' ? JSON.stringify(body) : undefined);
  });
}

/** Parses complete SSE events (those followed by a blank line). */
export function parseEvents(text: string): SseEvent[] {
  const out: SseEvent[] = [];
  const blocks = text.split('\n\n');
  blocks.pop(); // incomplete (or empty) tail
  for (const block of blocks) {
    let id: string | null = null;
    let event: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (event !== null || data.length) out.push({ id, event, data: data.join('\n') });
  }
  return out;
}
