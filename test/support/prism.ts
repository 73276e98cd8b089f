import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// Opt-in (`TASKSVC_TEST_PROXY=prism`, `npm run test:prism`): a test server's
// `/api/v1` requests go through Stoplight Prism in validating-proxy mode, a
// second, independent reader of openapi.json beside the ajv check of
// openapi-responses.ts. Prism runs without `--errors`: it forwards every
// request (the route tests send bad input on purpose) and lists what it
// found in the `sl-violations` header, which checkPrismViolations reads.

/** Whether this run sends REST requests through Prism. */
export const PRISM_MODE = process.env.TASKSVC_TEST_PROXY === 'prism';

const DOCUMENT = fileURLToPath(new URL('../../openapi.json', import.meta.url));

/** One finding of Prism (its `sl-violations` entries). */
interface Violation {
  location?: (string | number)[];
  severity?: string | number;
  code?: string | number;
  message?: string;
}

/** A running Prism proxy in front of one upstream. */
export interface PrismProxy {
  url: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts `prism proxy openapi.json <upstream>` on a free port of 127.0.0.1; resolves once it listens. */
export async function startPrism(upstream: string): Promise<PrismProxy> {
  const bin = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, 'proxy', DOCUMENT, upstream, '--port', String(port), '--host', '127.0.0.1', '--cors=false', '--errors=false', '-v', 'warn'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start in 60 s:\n${output}`)), 60_000);
    const probe = setInterval(async () => {
      try {
        await fetch(`http://127.0.0.1:${port}/healthz`);
        clearInterval(probe);
        clearTimeout(timer);
        resolve();
      } catch {
        // not listening yet
      }
    }, 200);
    const log = (chunk: Buffer) => (output += chunk.toString());
    child.stdout?.on('data', log);
    child.stderr?.on('data', log);
    child.once('exit', (code) => {
      clearInterval(probe);
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const isError = (v: Violation) => v.severity === 'Error' || v.severity === 0;

/**
 * Prism's findings on one exchange. Any error about the response fails the
 * test; an error about the request fails it only when the server accepted
 * that request (a 2xx or 3xx): refusing input the document refuses is the
 * route tests' point. Every exchange and finding is appended to
 * TASKSVC_PRISM_LOG (one JSON line each) when it is set, for the run's counts.
 */
export function checkPrismViolations(method: string, path: string, res: Response): void {
  const header = res.headers.get('sl-violations');
  const violations: Violation[] = header ? JSON.parse(header) : [];
  const accepted = res.status < 400;
  const failing = violations.filter((v) => isError(v) && (v.location?.[0] === 'response' || accepted));
  if (process.env.TASKSVC_PRISM_LOG) {
    appendFileSync(
      process.env.TASKSVC_PRISM_LOG,
      `${JSON.stringify({ method, path, status: res.status, violations, failing: failing.length })}\n`,
    );
  }
  if (failing.length) {
    const list = failing.map((v) => `${(v.location ?? []).join('.')}: ${v.message} (${v.code})`).join('; ');
    throw new Error(`Prism: ${method} ${path} answered ${res.status} with violations of openapi.json: ${list}`);
  }
}
