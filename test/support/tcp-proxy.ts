import { type Server, type Socket, connect, createServer } from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL) whose link the test can
 * cut and restore: `cut()` closes the listener and every proxied connection
 * (new connections are refused, like a database that went away), `restore()`
 * listens again on the same port.
 */
export interface TcpProxy {
  port: number;
  /** `postgres://…` of `databaseUrl` with its host and port replaced by the proxy's. */
  url(databaseUrl: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy to `target` on a free local port; `down: true` reserves the port without listening yet. */
export async function startTcpProxy(target: { host: string; port: number }, opts: { down?: boolean } = {}): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;

  const open = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          sock.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve((s.address() as { port: number }).port);
      });
    });

  const shut = async () => {
    const s = server;
    server = null;
    for (const sock of sockets) sock.destroy();
    sockets.clear();
    if (s) await new Promise((resolve) => s.close(resolve));
  };

  const port = await open(0);
  if (opts.down) await shut();
  return {
    port,
    url: (databaseUrl) => {
      const u = new URL(databaseUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut: shut,
    restore: async () => {
      if (!server) await open(port);
    },
    close: shut,
  };
}
