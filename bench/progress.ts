// Progress of a long step (seeding) on stderr: a line every 10 %, so CI logs stay short.

/** A progress report for one long step, written to stderr. */
export class ProgressBar {
  private readonly started = performance.now();
  private lastDecile = -1;

  constructor(
    private readonly label: string,
    private readonly total: number,
  ) {}

  /** Shows `done` of `total`, with an optional note (the current table). */
  update(done: number, note = ''): void {
    const decile = Math.floor((this.total ? Math.min(1, done / this.total) : 1) * 10);
    if (decile === this.lastDecile) return;
    this.lastDecile = decile;
    process.stderr.write(`${this.label} ${decile * 10}% (${((performance.now() - this.started) / 1000).toFixed(1)}s) ${note}\n`);
  }

  /** Reports the step complete. */
  finish(note = ''): void {
    this.update(this.total, note);
  }
}
