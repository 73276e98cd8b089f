import { currentControlRun } from '../control/context.ts';

/** A one-line text progress bar: `[#####---------------]  25%  250/1000`. */
export function progressBar(done: number, total: number, width = 30): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}%  ${done}/${total}`;
}

/**
 * Draws progress on stderr: redrawn in place on a terminal; otherwise (a
 * log, or the client of a control channel) one line per tenth, so logs stay
 * short.
 */
export function stderrProgress(label: string) {
  const run = currentControlRun();
  const write = (text: string) => (run ? run.write('stderr', text) : process.stderr.write(text));
  const tty = !run && process.stderr.isTTY;
  let lastTenth = -1;
  return {
    update(done: number, total: number) {
      if (tty) {
        write(`\r${label} ${progressBar(done, total)}`);
        return;
      }
      const tenth = total > 0 ? Math.floor((done / total) * 10) : 10;
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        write(`${label} ${progressBar(done, total)}\n`);
      }
    },
    end() {
      if (tty) write('\n');
    },
  };
}
