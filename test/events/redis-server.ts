// A private redis-server for fault tests, on a spare port, started and
// stopped by its own PID (never the shared Redis of the machine).
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

/** Whether `port` (0: any) can be listened on at 127.0.0.1; the port it got, or null. */
async function tryListen(port: number): Promise<number | null> {
  const server = net.createServer();
  const got = await new Promise<number | null>((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
  if (got !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
  return got;
}

/**
 * A free port: one of TEST_REDIS_PORTS (`41900-41999`) when set, so that
 * people sharing a machine keep to their own ranges; any free one otherwise.
 */
async function sparePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_REDIS_PORTS ?? '');
  if (!range) return (await tryListen(0))!;
  const [from, to] = [Number(range[1]), Number(range[2])];
  // Start at a random place: files running at once should not race for the first port.
  const offset = Math.floor(Math.random() * (to - from + 1));
  for (let i = 0; i <= to - from; i++) {
    const port = from + ((offset + i) % (to - from + 1));
    if ((await tryListen(port)) !== null) return port;
  }
  throw new Error(`No free port in TEST_REDIS_PORTS=${process.env.TEST_REDIS_PORTS}`);
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
      // Not installed: fail loudly (the fault tests need it; Debian's redis-server package has it).
      c.on('error', (err) => {
        clearTimeout(timer);
        reject(new Error(`redis-server could not be started (${err.message}): install redis-server`));
      });
    });
    c.removeAllListeners('exit');
    c.removeAllListeners('error');
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
