// Child process of the two-dispatcher fault test: one whole service instance
// (HTTP, graphql-ws, live-event feed, dispatcher and webhook deliverer) on
// DATABASE_URL, in a process of its own so the test can kill it with SIGKILL
// mid-stream. PORT picks the port (0: any); prints `listening <url>`.
// Tuned like the test instances (harness.ts): short polls, leases and retries.
import { parseConfig } from '../../src/config.ts';
import { DEFAULT_DELIVERY_OPTIONS } from '../../src/events/webhook-delivery.ts';
import { startServer } from '../../src/http/server.ts';
import { createServices } from '../../src/services.ts';

const config = parseConfig({ ...process.env, LOG_LEVEL: 'silent', EVENT_DISPATCHER: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' });
const services = await createServices(config, {
  migrate: false,
  feed: { fallbackPollMs: 100, idlePollMs: 1_000 },
  dispatcher: {
    pollIntervalMs: 50,
    claimTimeoutMs: 1_000,
    delivery: {
      ...DEFAULT_DELIVERY_OPTIONS,
      allowPrivate: true,
      pollIntervalMs: 50,
      leaseMs: 1_000,
      retry: { scheduleMs: [50, 100, 150], jitter: 0 },
    },
  },
});
const server = await startServer(services, { port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${server.url}\n`);
