import type { Logger } from '../logger.ts';

/**
 * Runs `step` every `intervalMs` and whenever nudged, never two at once.
 * `step` returns true when it found work, which schedules another run at
 * once (draining a backlog without waiting for the timer).
 */
export class PollLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly name: string,
    private intervalMs: number,
    private readonly step: () => Promise<boolean>,
    private readonly logger: Logger,
  ) {}

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
    if (this.stopped) return;
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
    try {
      busy = await this.step();
    } catch (err) {
      if (!this.stopped) this.logger.error({ err, loop: this.name }, 'event loop step failed');
    }
    this.running = null;
    if (this.stopped) return;
    if (busy || this.again) {
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
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
