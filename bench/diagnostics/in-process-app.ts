// The app in this process, on a kept benchmark database, with a fresh API key
// of the benchmark user: what the per-request tools (trace-queries,
// cpu-per-request) send their requests to.

import { parseConfig } from '../../src/config.ts';
import { createApiKey } from '../../src/domain/api-key.ts';
import { createApp } from '../../src/http/app.ts';
import { createServices } from '../../src/services.ts';
import { withApplicationName } from '../pg-cpu.ts';

/** application_name of the app's PostgreSQL connections (to measure their CPU). */
export const IN_PROCESS_APP_NAME = 'tasksvc-in-process';

/** The app, the services under it and a key labelled `label` (older keys of that label are revoked first). */
export async function inProcessApp(label: string, opts: { onQuery?: () => void } = {}) {
  const url = process.env.DATABASE_URL && withApplicationName(process.env.DATABASE_URL, IN_PROCESS_APP_NAME);
  const config = parseConfig({ ...process.env, ...(url ? { DATABASE_URL: url } : {}), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', NODE_ENV: 'production' });
  const services = await createServices(config, { migrate: false, dispatcher: false, ...opts });
  try {
    const user = await services.database.prisma.user.findUniqueOrThrow({ where: { email: 'bench-0@example.com' } });
    // Keys of earlier runs would reach the per-user limit of active keys.
    await services.database.prisma.apiKey.deleteMany({ where: { userId: user.id, label } });
    const key = await createApiKey(services.database.prisma, user.id, { label });
    const { app } = createApp(services);
    /** Sends one request as the benchmark user. */
    const send = (method: string, path: string, body?: string) =>
      app.request(path, {
        method,
        headers: { authorization: `Bearer ${key.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body,
      });
    return { services, send };
  } catch (err) {
    await services.close();
    throw err;
  }
}
