// `tasksvc serve` as a child process (bin/tasksvc.js, the built bundle), with
// its output collected: what the start-up and --workers tests run.
import { type ChildProcess, spawn } from 'node:child_process';
import { type Server, createServer } from 'node:net';
import { afterEach } from 'vitest';
import { tasksvcArgs } from './cli.ts';


/** A running `tasksvc serve`. */
export interface ServeChild {
  proc: ChildProcess;
  out: () => string;
  err: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Resolves once stdout (or stderr) matches `pattern`; rejects if the process exits first. */
  waitFor(pattern: RegExp, stream?: 'out' | 'err'): Promise<string>;
}

const children: ServeChild[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
});

/** Starts `tasksvc serve args…` with a minimal environment plus `env`; killed after each test if still running. */
export function serve(env: Record<string, string>, ...args: string[]): ServeChild {
  const proc = spawn(process.execPath, tasksvcArgs('serve', ...args), {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const listeners = new Set<() => void>();
  proc.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  });
  proc.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
    for (const l of listeners) l();
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const child: ServeChild = {
    proc,
    out: () => out,
    err: () => err,
    exited,
    waitFor: (pattern, stream = 'out') =>
      new Promise((resolve, reject) => {
        const check = () => {
          const text = stream === 'out' ? out : err;
          const m = pattern.exec(text);
          if (m) {
            listeners.delete(check);
            resolve(m[0]);
          }
        };
        listeners.add(check);
        check();
        void exited.then((code) => reject(new Error(`tasksvc serve exited (${code}) before ${pattern}:\n${out}\n${err}`)));
      }),
  };
  children.push(child);
  return child;
}

/** A port something else holds. */
export async function occupiedPort(): Promise<Server> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return s;
}
