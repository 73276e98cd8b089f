// CPU time PostgreSQL's backends spend for one client: the server runs on
// this machine, so each backend's utime+stime is in /proc/<pid>/stat. The
// backends are those connected to the database with an application_name
// (set through the client's connection URL), so the app's, the floor's and
// the reference's shares of one database are told apart.

import pg from 'pg';
import { CLK_TCK, processTicks } from './server-process.ts';

/** `url` with `application_name` set, so {@link PgCpuMeter} can find its backends. */
export function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

/** Measures the CPU of the backends of one application_name over a window. */
export class PgCpuMeter {
  private start = new Map<number, number>();
  private readonly admin: pg.Client;

  constructor(
    databaseUrl: string,
    private readonly applicationName: string,
  ) {
    this.admin = new pg.Client({ connectionString: databaseUrl });
  }

  async open(): Promise<this> {
    await this.admin.connect();
    return this;
  }

  private async backends(): Promise<number[]> {
    const { rows } = await this.admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
      [this.applicationName],
    );
    return rows.map((r) => r.pid);
  }

  /** Starts a window: remembers each backend's ticks. */
  async begin(): Promise<void> {
    this.start = new Map();
    for (const pid of await this.backends()) {
      const t = processTicks(pid);
      if (t !== null) this.start.set(pid, t);
    }
  }

  /**
   * CPU ms of the backends since {@link begin}, or null when /proc shows none
   * of them (PostgreSQL on another machine). Backends that ended inside the
   * window are not counted (pools keep theirs while under load).
   */
  async end(): Promise<{ cpuMs: number; backends: number } | null> {
    let ticks = 0;
    let seen = 0;
    for (const pid of await this.backends()) {
      const t = processTicks(pid);
      if (t === null) continue;
      seen++;
      ticks += t - (this.start.get(pid) ?? 0);
    }
    return seen ? { cpuMs: (ticks * 1000) / CLK_TCK, backends: seen } : null;
  }

  async close(): Promise<void> {
    await this.admin.end().catch(() => undefined);
  }
}
