import pino from 'pino';
import type { Config } from './config.ts';

export type Logger = pino.Logger;

/**
 * Structured JSON logs (pino) on stdout, or on `destination` (one-shot CLI
 * commands log on stderr: their stdout is the command's answer);
 * `LOG_LEVEL=silent` in tests.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: pino.DestinationStream): Logger {
  const options = { level: config.LOG_LEVEL, base: { service: 'tasksvc' } };
  return destination ? pino(options, destination) : pino(options);
}
