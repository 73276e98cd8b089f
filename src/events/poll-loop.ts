import { Backoff, OutageLog } from '../db/outage.ts';
import type { Logger } from '../logger.ts';

/** Pauses after consecutive failed steps: 250 ms doubling up to 10 s (a recovered database is noticed within 10 s). */
export const STEP_BACKOFF = { initialMs: 250, maxMs: 10_000 };

/**
 * Runs `step` every `intervalMs` and whenever nudged, never two at once.
 * `step` returns true when it found work, which schedules another run at
 * once, or after a rest as long as the step took times `restRatio`
 * (draining a backlog without waiting for the timer). A failing step
 * (the database is away) is retried with exponential back-off that wake-ups
 * do not cut short, and logged once when failures start and once on
 * recovery, not at every attempt.
 */
export class PollLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private backingOff = false;
  private resting = false;
  private readonly backoff = new Backoff(STEP_BACKOFF.initialMs, STEP_BACKOFF.maxMs);
  private readonly health: OutageLog;

  constructor(
    name: string,
    private intervalMs: number,
    private readonly step: () => Promise<boolean>,
    logger: Logger,
    /**
     * After a step that found work, pause for this many times as long as the
     * step took before the next (wake-ups wait for the pause too); 0 goes on
     * at once. Gives a shared connection and thread back to other work while
     * a backlog drains.
     */
    private readonly restRatio = 0,
  ) {
    this.health = new OutageLog(logger, `event loop ${name}`, { loop: name });
  }

  /** Starts polling. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.nudge();
  }

  /** Changes the interval between idle runs (from the next wait on). */
  setIntervalMs(ms: number): void {
    this.intervalMs = ms;
  }

  /** Runs the step soon (coalesced with a run in progress). */
  nudge(): void {
    // While backing off or resting, the timer that ends the pause runs the next step.
    if (this.stopped || this.backingOff) return;
    if (this.resting) {
      this.again = true;
      return;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.run();
  }

  private async run(): Promise<void> {
    let busy = false;
    let pause: number | null = null;
    const started = performance.now();
    try {
      busy = await this.step();
      this.backoff.reset();
      this.health.success();
    } catch (err) {
      pause = this.backoff.fail();
      if (!this.stopped) this.health.failure(err, pause);
    }
    this.running = null;
    if (this.stopped) return;
    if (pause !== null) {
      this.again = false;
      this.backingOff = true;
      this.timer = setTimeout(() => {
        this.backingOff = false;
        this.nudge();
      }, pause);
      this.timer.unref?.();
    } else if (busy && this.restRatio > 0) {
      this.again = false;
      this.resting = true;
      this.timer = setTimeout(
        () => {
          this.resting = false;
          this.nudge();
        },
        (performance.now() - started) * this.restRatio,
      );
      this.timer.unref?.();
    } else if (busy || this.again) {
      this.again = false;
      setImmediate(() => this.nudge());
    } else {
      this.timer = setTimeout(() => this.nudge(), this.intervalMs);
      this.timer.unref?.();
    }
  }

  /** Stops polling and waits for a step in progress to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.backingOff = false;
    this.resting = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
