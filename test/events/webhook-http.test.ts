// The outcome of a POST is stored as text; PostgreSQL refuses U+0000, and an
// outcome that cannot be recorded would keep its delivery pending forever.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../../src/events/webhook-http.ts';

let server: http.Server;
let url: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(req.url === '/fail' ? 500 : 200, { 'content-type': 'text/plain' });
    res.end('ok\u0000then\u0000more');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('postWebhook', () => {
  it.each(['/ok', '/fail'])('a response body with NUL characters is kept without them (%s)', async (path) => {
    const outcome = await postWebhook(`${url}${path}`, { 'content-type': 'application/json' }, '{}', {
      timeoutMs: 5_000,
      allowPrivate: true,
    });
    expect(outcome.statusCode).toBe(path === '/ok' ? 200 : 500);
    expect(outcome.responseExcerpt).toBe('okthenmore');
  });
});
