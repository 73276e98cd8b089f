// The benchmark's own PostgreSQL database: created fresh for a run, dropped at the end, so a run never
// touches anyone's data and always starts equal.

import pg from 'pg';

/** Server the benchmark databases are created on: DATABASE_URL's server, else the local default. */
export function serverUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL);
    url.pathname = '/postgres';
    return url.toString();
  }
  return 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** The URL of database `name` on the server of `server`. */
export function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(server: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether the server answers (within 10 s), and why not. */
export function serverAnswers(server: string): Promise<{ ok: boolean; reason?: string }> {
  return onServer(server, (c) => c.query('SELECT 1')).then(() => ({ ok: true }), (err: Error) => ({ ok: false, reason: err.message }));
}

/** Creates an empty database (name: letters, digits, underscores only). */
export async function createDatabase(server: string, name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name ${name}`);
  await onServer(server, (c) => c.query(`CREATE DATABASE ${name}`));
}

/** Drops the database, closing whatever connections are still open on it. */
export async function dropDatabase(server: string, name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name ${name}`);
  await onServer(server, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** PostgreSQL's version and the settings that decide write speed, for the report. */
export async function serverFacts(url: string): Promise<Record<string, string>> {
  const names = ['shared_buffers', 'synchronous_commit', 'fsync', 'max_connections', 'work_mem'];
  return onServer(url, async (c) => {
    const row = (await c.query(`SELECT version(), ${names.map((n) => `current_setting('${n}') AS ${n}`).join(', ')}`)).rows[0];
    return { ...row, version: String(row.version).split(' on ')[0] };
  });
}
