// A benchmarked server in its own child process (the app, the floor, PostGraphile): started with the
// event-loop-delay preload, awaited until /healthz answers, measured from outside (RSS and CPU from /proc),
// stopped with SIGTERM.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

/** The repository root (bench/..). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRELOAD = join(ROOT, 'bench', 'eld-preload.mjs');

/** Clock ticks per second of /proc's CPU times. */
export const CLK_TCK = 100;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Builds dist/ (as `npm start` does) and returns the node arguments of the `start` script: the benchmarks run what `npm start` runs. */
export function appServeArgs(): string[] {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--quiet'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stderr}`);
  const start: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start;
  const [command, ...args] = start.split(/\s+/);
  if (command !== 'node') throw new Error(`the start script must run node directly: ${start}`);
  return args;
}

/** Event-loop delay of one measured window, written by bench/eld-preload.mjs. */
export type EldStats = { seq: number; p50Ms: number; p99Ms: number; maxMs: number };

/** What a server used during one window: RSS (sampled every 200 ms), CPU, event-loop delay. */
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

/** utime + stime of a process in clock ticks, or null when it is gone (or not on this machine). */
export function processTicks(pid: number): number | null {
  try {
    // The fields after the command name (which may contain spaces) start after the last ')'; utime, stime are the 12th, 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return null;
  }
}

/** A field of /proc/<pid>/status in MB (VmRSS, VmHWM); 0 once the process is gone. */
function statusMb(pid: number, field: string): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

function machineTicks(): { busy: number; total: number } {
  try {
    const v = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    return { busy: total - v[3] - (v[4] ?? 0), total };
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
}

/** A running server child. */
export class ServerProcess {
  private readonly output: string[] = [];
  private exited: { code: number | null; signal: string | null } | null = null;
  private eldSeq = 0;
  private windowStart = { at: 0, cpu: 0, machine: { busy: 0, total: 0 } };
  private rssSamples: number[] = [];
  private sampler: NodeJS.Timeout | undefined;

  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
    private readonly eldFile: string,
  ) {
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      this.output.splice(0, this.output.length - 200);
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
      env: { ...o.env, BENCH_ELD_FILE: o.eldFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, `http://127.0.0.1:${o.port}`, o.eldFile);
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (server.exited) throw new Error(`${o.name} exited during start-up (${JSON.stringify(server.exited)}):\n${server.tail()}`);
      if (Date.now() > deadline) {
        await server.stop();
        throw new Error(`${o.name} did not answer /healthz in time:\n${server.tail()}`);
      }
      if (await fetch(`${server.url}/healthz`).then((r) => r.ok, () => false)) return server;
      await sleep(200);
    }
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** The last lines the child printed. */
  tail(lines = 40): string {
    return this.output.slice(-lines).join('\n');
  }

  /** Peak resident memory over the life of the process so far (VmHWM), MB. */
  peakRssMb(): number {
    return statusMb(this.pid, 'VmHWM');
  }

  /** Starts a measured window: resets the event-loop histogram, samples RSS every 200 ms. */
  async beginWindow(): Promise<void> {
    await this.eldDump();
    this.windowStart = { at: performance.now(), cpu: processTicks(this.pid) ?? 0, machine: machineTicks() };
    this.rssSamples = [];
    this.sampler = setInterval(() => this.rssSamples.push(statusMb(this.pid, 'VmRSS')), 200).unref();
  }

  /** Ends the window started by {@link beginWindow} and returns what it measured. */
  async endWindow(): Promise<WindowStats> {
    clearInterval(this.sampler);
    const samples = [...this.rssSamples, statusMb(this.pid, 'VmRSS')];
    const start = this.windowStart;
    const wallSec = (performance.now() - start.at) / 1000;
    const machine = machineTicks();
    const cpu = processTicks(this.pid) ?? start.cpu;
    return {
      rssPeakMb: round2(Math.max(...samples)),
      rssMeanMb: round2(samples.reduce((a, b) => a + b, 0) / samples.length),
      cpuCores: wallSec > 0 ? round2((cpu - start.cpu) / CLK_TCK / wallSec) : 0,
      machineBusy: machine.total > start.machine.total ? round2((machine.busy - start.machine.busy) / (machine.total - start.machine.total)) : 0,
      eld: await this.eldDump(),
    };
  }

  /** Waits until the process is idle (under 5 % of a core over 300 ms, at most `maxMs`): one scenario's leftovers (the dispatcher catching up) are not billed to the next. */
  async settle(maxMs = 10_000): Promise<void> {
    const deadline = Date.now() + maxMs;
    let last = processTicks(this.pid) ?? 0;
    while (Date.now() < deadline && !this.exited) {
      await sleep(300);
      const now = processTicks(this.pid) ?? 0;
      if ((now - last) / CLK_TCK / 0.3 < 0.05) return;
      last = now;
    }
  }

  /** Asks the preload for its statistics (and a fresh histogram); null if it does not answer. */
  private async eldDump(): Promise<EldStats | null> {
    if (this.exited) return null;
    this.child.kill('SIGUSR2');
    for (const deadline = Date.now() + 5000; Date.now() < deadline; await sleep(20)) {
      try {
        const stats = existsSync(this.eldFile) ? (JSON.parse(readFileSync(this.eldFile, 'utf8')) as EldStats) : null;
        if (stats && stats.seq > this.eldSeq) {
          this.eldSeq = stats.seq;
          return stats;
        }
      } catch {
        // being replaced
      }
    }
    return null;
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  async stop(graceMs = 15_000): Promise<void> {
    clearInterval(this.sampler);
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await gone;
    clearTimeout(timer);
  }
}
