import type { Command } from 'commander';
import { loadConfig } from '../../config.ts';
import { type RemoteService, normalizeBaseUrl } from '../../mcp/http-executor.ts';

/** `--url` / `--key` of every client command. */
export interface ConnectionOptions {
  url?: string;
  key?: string;
}

/** A client-side mistake before any request (no key, bad URL). */
export class ClientSetupError extends Error {}

/** Adds `--url` and `--key` to a command that calls the service. */
export function withConnectionOptions(cmd: Command): Command {
  return cmd
    .option('--url <url>', 'service base URL (default: env TASKSVC_URL, else http://localhost:PORT)')
    .option('--key <key>', 'API key (default: env TASKSVC_API_KEY; prefer the variable, options show up in process lists)');
}

/**
 * The service to call: `--url`/`--key`, else TASKSVC_URL/TASKSVC_API_KEY
 * (read through src/config.ts), else `http://localhost:PORT` for the URL.
 */
export function resolveService(o: ConnectionOptions): RemoteService {
  const config = loadConfig();
  const url = o.url ?? config.TASKSVC_URL ?? `http://localhost:${config.PORT}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ClientSetupError(`Invalid service URL "${url}": give an http(s) URL such as http://localhost:3000.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ClientSetupError(`Invalid service URL "${url}": only http and https are supported.`);
  }
  const apiKey = o.key ?? config.TASKSVC_API_KEY;
  if (!apiKey) {
    throw new ClientSetupError('No API key: set TASKSVC_API_KEY or pass --key (create one with `tasksvc keys create --email <you>`).');
  }
  return { url: normalizeBaseUrl(url), apiKey };
}
