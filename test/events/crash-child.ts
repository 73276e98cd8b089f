// Child process of the crash test: runs a dispatcher on DATABASE_URL that
// kills its own process with SIGKILL right after fanning out its first
// batch: a real crash between claim and finish.
import { parseConfig } from '../../src/config.ts';
import { DEFAULT_DELIVERY_OPTIONS } from '../../src/events/webhook-delivery.ts';
import { createServices } from '../../src/services.ts';

const config = parseConfig({ ...process.env, LOG_LEVEL: 'silent' });
await createServices(config, {
  migrate: false,
  dispatcher: {
    pollIntervalMs: 50,
    // Its deliverer may claim a delivery in the instant before the kill; a short
    // lease lets the survivor retry it within the test instead of after 60 s.
    delivery: { ...DEFAULT_DELIVERY_OPTIONS, allowPrivate: true, leaseMs: 300 },
    faults: {
      afterFanOut: () => {
        process.stdout.write('fanned-out\n');
        process.kill(process.pid, 'SIGKILL');
      },
    },
  },
});
process.stdout.write('ready\n');
