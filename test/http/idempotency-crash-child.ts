// Child process of the Idempotency-Key crash test: serves the API on
// DATABASE_URL and kills itself with SIGKILL right after a keyed request's
// transaction commits, before the answer is sent: a real crash in the one
// place where the old scheme lost the answer.
import { parseConfig } from '../../src/config.ts';
import { startServer } from '../../src/http/server.ts';
import { createServices } from '../../src/services.ts';

const config = parseConfig({ ...process.env, LOG_LEVEL: 'silent' });
const services = await createServices(config, {
  migrate: false,
  dispatcher: false,
  faults: {
    afterIdempotentCommit: () => {
      process.stdout.write('committed\n');
      process.kill(process.pid, 'SIGKILL');
    },
  },
});
const server = await startServer(services, { port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${server.url}\n`);
