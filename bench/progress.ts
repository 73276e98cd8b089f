// Progress output on stderr: a redrawn bar on a terminal, a line every 10 %
// otherwise (CI logs stay short).

/** A progress bar for one long step (seeding), written to stderr. */
export class ProgressBar {
  private readonly started = performance.now();
  private lastDecile = -1;
  private lastDraw = 0;
  private readonly tty = Boolean(process.stderr.isTTY);

  constructor(
    private readonly label: string,
    private readonly total: number,
  ) {}

  /** Shows `done` of `total`, with an optional note (the current table). */
  update(done: number, note = ''): void {
    const ratio = this.total ? Math.min(1, done / this.total) : 1;
    const secs = ((performance.now() - this.started) / 1000).toFixed(1);
    if (this.tty) {
      const now = performance.now();
      if (now - this.lastDraw < 100 && done < this.total) return;
      this.lastDraw = now;
      const width = 30;
      const filled = Math.round(ratio * width);
      const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
      process.stderr.write(`\r${this.label} [${bar}] ${(ratio * 100).toFixed(0).padStart(3)}% ${secs}s ${note}`.padEnd(100));
      return;
    }
    const decile = Math.floor(ratio * 10);
    if (decile !== this.lastDecile) {
      this.lastDecile = decile;
      process.stderr.write(`${this.label} ${decile * 10}% (${secs}s) ${note}\n`);
    }
  }

  /** Completes the bar and moves to a new line. */
  finish(note = ''): void {
    this.update(this.total, note);
    if (this.tty) process.stderr.write('\n');
  }
}
