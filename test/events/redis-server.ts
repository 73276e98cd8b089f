// A private redis-server for fault tests, on a spare port, started and
// stopped by its own PID (never the shared Redis of the machine).
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

async function sparePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A redis-server child process that can be killed and started again on the same port. */
export interface PrivateRedis {
  url: string;
  port: number;
  /** Kills the server (SIGKILL, by PID) and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

/** Starts a redis-server with no persistence on a spare 127.0.0.1 port. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await sparePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const c = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = c;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 20_000);
      c.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      c.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}): ${out}`));
      });
    });
    c.removeAllListeners('exit');
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    kill: async () => {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((resolve) => c.once('exit', resolve));
      process.kill(c.pid!, 'SIGKILL');
      await exited;
      child = null;
    },
  };
}
