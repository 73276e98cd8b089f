// CPU time PostgreSQL's backends spend for one client: the server runs on this machine, so each backend's
// utime+stime is in /proc/<pid>/stat. The backends are told apart by the application_name each client sets
// in its connection URL (the app's, the floor's and the reference's shares of one database).

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

  /** Each current backend's ticks (those /proc shows). */
  private async ticks(): Promise<Map<number, number>> {
    const sql = 'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1';
    const { rows } = await this.admin.query<{ pid: number }>(sql, [this.applicationName]);
    return new Map(rows.map((r) => [r.pid, processTicks(r.pid)]).filter((e): e is [number, number] => e[1] !== null));
  }

  /** Starts a window: remembers each backend's ticks. */
  async begin(): Promise<void> {
    this.start = await this.ticks();
  }

  /**
   * CPU ms of the backends since {@link begin}, or null when /proc shows none of them (PostgreSQL on another
   * machine). Backends that ended inside the window are not counted (pools keep theirs while under load).
   */
  async end(): Promise<{ cpuMs: number; backends: number } | null> {
    const now = await this.ticks();
    let ticks = 0;
    for (const [pid, t] of now) ticks += t - (this.start.get(pid) ?? 0);
    return now.size ? { cpuMs: (ticks * 1000) / CLK_TCK, backends: now.size } : null;
  }

  async close(): Promise<void> {
    await this.admin.end().catch(() => undefined);
  }
}
