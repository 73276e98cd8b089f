// A benchmarked server in its own child process (the app or the floor):
// started with the event-loop-delay preload, awaited until /healthz answers,
// measured from outside (RSS and CPU from /proc), stopped with SIGTERM.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/..). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRELOAD = join(ROOT, 'bench', 'eld-preload.mjs');

/**
 * Builds dist/ (as `npm start` does) and returns the node arguments of the
 * `start` script (its node flags, `dist/main.js serve`): the benchmarks run
 * what `npm start` runs.
 */
export function appServeArgs(): string[] {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--quiet'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stderr}`);
  const start: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start;
  const [command, ...args] = start.split(/\s+/);
  if (command !== 'node') throw new Error(`the start script must run node directly: ${start}`);
  return args;
}

/** Event-loop delay and memory of one measured window, written by bench/eld-preload.mjs (the fields read here). */
export interface EldStats {
  seq: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
  arrayBuffersBytes: number;
}

/** What a server used during one window: RSS (sampled), CPU, event-loop delay. */
export interface WindowStats {
  rssPeakMb: number;
  rssMeanMb: number;
  /** CPU time over wall time (1.0 = one core busy). */
  cpuCores: number;
  /** Busy fraction of the whole machine (all cores, all processes). */
  machineBusy: number;
  eld: EldStats | null;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Clock ticks per second of /proc's CPU times. */
export const CLK_TCK = 100;

/** utime + stime of a process in clock ticks, or null when it is gone (or not on this machine). */
export function processTicks(pid: number): number | null {
  try {
    // Fields after the command name (which may contain spaces) start after the last ')': utime, stime are the 12th, 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return null;
  }
}

function readProc(pid: number): { rssKb: number; cpuTicks: number } | null {
  const cpuTicks = processTicks(pid);
  if (cpuTicks === null) return null;
  try {
    const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { rssKb: rss ? Number(rss[1]) : 0, cpuTicks };
  } catch {
    return null;
  }
}

/**
 * The processes of a server: the child itself and its children (the workers
 * of `serve --workers N`; a single process has none).
 */
function treePids(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return [pid, ...(children ? children.split(/\s+/).map(Number) : [])];
  } catch {
    return [pid];
  }
}

/** RSS and CPU ticks of a server's whole process tree (summed); null once its root is gone. */
function readTree(pid: number): { rssKb: number; cpuTicks: number } | null {
  const root = readProc(pid);
  if (!root) return null;
  for (const child of treePids(pid).slice(1)) {
    const p = readProc(child);
    if (p) {
      root.rssKb += p.rssKb;
      root.cpuTicks += p.cpuTicks;
    }
  }
  return root;
}

function machineTicks(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = v[3] + (v[4] ?? 0);
    const total = v.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** Options of {@link ServerProcess.start}. */
export interface StartOptions {
  name: string;
  /** Node arguments after the preload (script and its arguments). */
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  /** Extra node flags, e.g. `--cpu-prof`. */
  nodeFlags?: string[];
  /** Where the preload writes its statistics. */
  eldFile: string;
  /**
   * Measure the event-loop delay (default true). Off for `serve --workers N`:
   * the signalled process would be the primary, whose loop serves nothing.
   */
  eld?: boolean;
}

/** A running server child. */
export class ServerProcess {
  private readonly output: string[] = [];
  private exited: { code: number | null; signal: string | null } | null = null;
  private eldSeq = 0;
  private windowStart: { at: number; cpu: number; machine: { busy: number; total: number } } | null = null;
  private rssSamples: number[] = [];
  private sampler: NodeJS.Timeout | null = null;

  private constructor(
    readonly name: string,
    readonly child: ChildProcess,
    readonly url: string,
    private readonly eldFile: string | null,
  ) {
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', (code, signal) => (this.exited = { code, signal }));
  }

  /** Starts the child and waits until `GET /healthz` answers 200. */
  static async start(o: StartOptions): Promise<ServerProcess> {
    rmSync(o.eldFile, { force: true });
    const child = spawn(process.execPath, [...(o.nodeFlags ?? []), '--import', PRELOAD, ...o.args], {
      cwd: ROOT,
      env: { ...o.env, ...(o.eld === false ? {} : { BENCH_ELD_FILE: o.eldFile }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(o.name, child, `http://127.0.0.1:${o.port}`, o.eld === false ? null : o.eldFile);
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (server.exited) throw new Error(`${o.name} exited during start-up (${JSON.stringify(server.exited)}):\n${server.tail()}`);
      if (Date.now() > deadline) {
        await server.stop();
        throw new Error(`${o.name} did not answer /healthz in time:\n${server.tail()}`);
      }
      try {
        const res = await fetch(`${server.url}/healthz`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    return server;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** The last lines the child printed. */
  tail(lines = 40): string {
    return this.output.slice(-lines).join('\n');
  }

  /**
   * Peak resident memory over the whole life of the process so far (VmHWM),
   * MB; for several processes the sum of each one's peak (an upper bound of
   * the peak of the sum).
   */
  peakRssMb(): number {
    let kb = 0;
    for (const pid of treePids(this.pid)) {
      try {
        const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        kb += m ? Number(m[1]) : 0;
      } catch {
        // gone
      }
    }
    return kb / 1024;
  }

  /** Starts a measured window: resets the event-loop histogram, samples RSS every 200 ms. */
  async beginWindow(): Promise<void> {
    await this.eldDump();
    const proc = readTree(this.pid);
    this.windowStart = { at: performance.now(), cpu: proc?.cpuTicks ?? 0, machine: machineTicks() };
    this.rssSamples = [];
    this.sampler = setInterval(() => {
      const p = readTree(this.pid);
      if (p) this.rssSamples.push(p.rssKb / 1024);
    }, 200);
    this.sampler.unref();
  }

  /** Ends the window started by {@link beginWindow} and returns what it measured. */
  async endWindow(): Promise<WindowStats> {
    if (this.sampler) clearInterval(this.sampler);
    const proc = readTree(this.pid);
    if (proc) this.rssSamples.push(proc.rssKb / 1024);
    const start = this.windowStart ?? { at: performance.now(), cpu: proc?.cpuTicks ?? 0, machine: machineTicks() };
    const wallSec = (performance.now() - start.at) / 1000;
    const machine = machineTicks();
    const eld = await this.eldDump();
    const samples = this.rssSamples.length ? this.rssSamples : [0];
    return {
      rssPeakMb: round(Math.max(...samples)),
      rssMeanMb: round(samples.reduce((a, b) => a + b, 0) / samples.length),
      cpuCores: wallSec > 0 ? round(((proc?.cpuTicks ?? 0) - start.cpu) / CLK_TCK / wallSec) : 0,
      machineBusy: machine.total > start.machine.total ? round((machine.busy - start.machine.busy) / (machine.total - start.machine.total)) : 0,
      eld,
    };
  }

  /**
   * Waits until the process is idle (under 5 % of a core over 300 ms, at most
   * `maxMs`), so background work left by one scenario (the outbox dispatcher
   * catching up) is not billed to the next.
   */
  async settle(maxMs = 10_000): Promise<void> {
    const deadline = Date.now() + maxMs;
    let last = readTree(this.pid)?.cpuTicks ?? 0;
    while (Date.now() < deadline && !this.exited) {
      await new Promise((r) => setTimeout(r, 300));
      const now = readTree(this.pid)?.cpuTicks ?? 0;
      if ((now - last) / CLK_TCK / 0.3 < 0.05) return;
      last = now;
    }
  }

  /** Asks the preload for its statistics (and a fresh histogram); null if it does not answer. */
  private async eldDump(): Promise<EldStats | null> {
    if (this.exited || !this.eldFile) return null;
    const want = this.eldSeq + 1;
    this.child.kill('SIGUSR2');
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      if (existsSync(this.eldFile!)) {
        try {
          const stats = JSON.parse(readFileSync(this.eldFile!, 'utf8')) as EldStats;
          if (stats.seq >= want) {
            this.eldSeq = stats.seq;
            return stats;
          }
        } catch {
          // being replaced
        }
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return null;
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  async stop(graceMs = 15_000): Promise<void> {
    if (this.sampler) clearInterval(this.sampler);
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await gone;
    clearTimeout(timer);
  }
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
