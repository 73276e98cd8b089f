// Limits of the listener itself, over raw TCP: a request (headers and body)
// must arrive within REQUEST_TIMEOUT_MS, also on the unauthenticated sign-in
// route (a body trickled in byte by byte is cut then, not after Node's
// default 300 s); one address holds at most MAX_CONNECTIONS_PER_IP open
// connections, and gets a 429 past that, while others are served.
import { type Socket, connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.ts';

const REQUEST_TIMEOUT_MS = 1500;
const CAP = 3;
const t = useTestServer({ env: { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS), MAX_CONNECTIONS_PER_IP: String(CAP) } });

/** A raw connection to the test server, collecting what it answers, resolving `closed` when it ends. */
async function open() {
  const { hostname, port } = new URL(t.url);
  const socket: Socket = connect({ host: hostname, port: Number(port) });
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, received: () => received };
}

/** Writes `text` one byte every `ms` until the socket closes (or the text runs out). */
function trickle(socket: Socket, text: string, ms: number) {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= text.length) return clearInterval(timer);
    socket.write(text[i++]);
  }, ms);
  socket.once('close', () => clearInterval(timer));
}

describe('the listener', () => {
  it('cuts a sign-in whose body trickles in past REQUEST_TIMEOUT_MS (408, closed)', async () => {
    const body = JSON.stringify({ email: 'slow@test.local', password: 'x'.repeat(200) });
    const conn = await open();
    const started = Date.now();
    conn.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: ${new URL(t.url).host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    trickle(conn.socket, body, 100);
    const closedAt = await conn.closed;
    // Node checks its deadlines every second; 300 s (its default) would be far past the test's timeout.
    expect(closedAt - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(closedAt - started).toBeLessThan(REQUEST_TIMEOUT_MS + 20_000);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it(`holds ${CAP} connections per address; the next is answered 429 and closed; a freed slot is usable again`, async () => {
    const held = await Promise.all(Array.from({ length: CAP }, open));
    const over = await open();
    await over.closed;
    expect(over.received()).toMatch(/^HTTP\/1\.1 429 /);
    expect(over.received()).toContain('"too_many_connections"');
    // The held ones still work.
    held[0].socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    await held[0].closed;
    expect(held[0].received()).toMatch(/^HTTP\/1\.1 200 /);
    // One slot is free again: a normal client gets in.
    await expect.poll(async () => (await fetch(`${t.url}/healthz`, { headers: { connection: 'close' } })).status).toBe(200);
    for (const h of held.slice(1)) h.socket.destroy();
  });
});
