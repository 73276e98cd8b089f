import pg from 'pg';
import { Backoff, OutageLog } from '../db/outage.ts';
import type { Logger } from '../logger.ts';

/** Reconnect delays of a lost LISTEN connection: 1 s doubling up to 30 s. */
export const LISTEN_BACKOFF = { initialMs: 1000, maxMs: 30_000 };

/**
 * LISTENs on a PostgreSQL channel on a dedicated connection and calls
 * `onNotify` for each notification; reconnects after errors with
 * exponential back-off (the pollers cover the gap), logging the loss once
 * and the recovery once. Returns the function that stops listening.
 */
export function listenPostgres(
  databaseUrl: string,
  channel: string,
  onNotify: () => void,
  logger: Logger,
): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const backoff = new Backoff(LISTEN_BACKOFF.initialMs, LISTEN_BACKOFF.maxMs);
  const health = new OutageLog(logger, `LISTEN ${channel} (polling until it is back)`, { channel });

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    c.on('notification', () => onNotify());
    c.on('error', (err) => scheduleReconnect(c, err));
    c.on('end', () => scheduleReconnect(c, new Error('connection ended')));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      backoff.reset();
      health.success();
    } catch (err) {
      scheduleReconnect(c, err);
    }
  };

  const scheduleReconnect = (c: pg.Client, err: unknown) => {
    if (stopped || client !== c || retry) return;
    client = null;
    c.end().catch(() => undefined);
    const delay = backoff.fail();
    health.failure(err, delay);
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref?.();
  };

  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
