import pino from 'pino';
import type { Config } from './config.ts';

export type Logger = pino.Logger;

/** Structured JSON logs (pino); `LOG_LEVEL=silent` in tests. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({ level: config.LOG_LEVEL, base: { service: 'tasksvc' } });
}
