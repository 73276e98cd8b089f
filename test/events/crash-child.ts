// Child process of the crash tests: runs a dispatcher on DATABASE_URL that
// kills its own process with SIGKILL at a fault hook: a real crash.
// CRASH_AT=afterFanOut (default): right after fanning out its first batch,
// between claim and finish. CRASH_AT=beforeRecord: right after its first
// webhook POST was answered, before the outcome is recorded.
import { parseConfig } from '../../src/config.ts';
import { DEFAULT_DELIVERY_OPTIONS } from '../../src/events/webhook-delivery.ts';
import { createServices } from '../../src/services.ts';

const crashAt = process.env.CRASH_AT ?? 'afterFanOut';
const crash = (what: string) => () => {
  process.stdout.write(`${what}\n`);
  process.kill(process.pid, 'SIGKILL');
};
const config = parseConfig({ ...process.env, LOG_LEVEL: 'silent' });
await createServices(config, {
  migrate: false,
  dispatcher: {
    pollIntervalMs: 50,
    // Its deliverer may claim a delivery in the instant before the kill; a short
    // lease lets the survivor retry it within the test instead of after 60 s.
    delivery: {
      ...DEFAULT_DELIVERY_OPTIONS,
      allowPrivate: true,
      leaseMs: 300,
      faults: crashAt === 'beforeRecord' ? { beforeRecord: crash('posted') } : undefined,
    },
    faults: crashAt === 'afterFanOut' ? { afterFanOut: crash('fanned-out') } : undefined,
  },
});
process.stdout.write('ready\n');
