import pg from 'pg';
import type { Logger } from '../logger.ts';

/**
 * LISTENs on a PostgreSQL channel on a dedicated connection and calls
 * `onNotify` for each notification; reconnects after errors (the pollers
 * cover the gap). Returns the function that stops listening.
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

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    c.on('notification', () => onNotify());
    c.on('error', (err) => {
      logger.warn({ err, channel }, 'LISTEN connection lost; polling until it is back');
      scheduleReconnect(c);
    });
    c.on('end', () => scheduleReconnect(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      if (!stopped) logger.warn({ err, channel }, 'LISTEN failed; polling only');
      scheduleReconnect(c);
    }
  };

  const scheduleReconnect = (c: pg.Client) => {
    if (stopped || client !== c || retry) return;
    client = null;
    c.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, 1000);
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
