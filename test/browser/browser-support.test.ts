import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, missingChromiumMessage } from '../support/browser.ts';

// A page that reaches for the outside world three ways (fetch, an image, a
// WebSocket) and for its own server once.
const PAGE = `<!doctype html><title>guard</title><h1>Guarded page</h1>
<img alt="" src="http://203.0.113.9/pixel.png">
<script>
  fetch('/own').then((r) => r.text()).then((t) => { document.body.dataset.own = t; });
  fetch('http://example.com/leak').catch(() => { document.body.dataset.fetch = 'failed'; });
  const ws = new WebSocket('ws://example.org/socket');
  ws.onclose = () => { document.body.dataset.ws = 'closed'; };
</script>`;

describe('browser test support', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/own') return res.end('ok');
      res.setHeader('content-type', 'text/html');
      res.end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('lets a page reach its own server, aborts every other origin and fails at close', async () => {
    const browser = await launchBrowser({ allow: [url] });
    let closeError: unknown = null;
    try {
      const page = await browser.newPage();
      await page.goto(url);
      await page.waitForFunction(() => {
        const d = document.body.dataset;
        return d.own === 'ok' && d.fetch === 'failed' && d.ws === 'closed';
      });
      const shot = await browser.screenshot(page, 'browser-support guard');
      expect(shot).toMatch(/test-artifacts\/screenshots\/browser-support-guard\.png$/);
      expect(existsSync(shot) && statSync(shot).size).toBeGreaterThan(0);
      expect([...browser.blocked].sort()).toEqual(
        ['http://203.0.113.9/pixel.png', 'http://example.com/leak', 'ws://example.org/socket'].sort(),
      );
    } finally {
      await browser.close().catch((err) => (closeError = err));
    }
    expect(String(closeError)).toContain('request to a foreign origin: http://example.com/leak');
  });

  it('fails with the install instruction when Chromium is missing (never skips)', async () => {
    await expect(launchBrowser({ allow: [url], executablePath: '/nonexistent/chromium' })).rejects.toThrow(
      'apt-get install -y chromium',
    );
    expect(missingChromiumMessage('/x')).toContain('/x');
  });
});
