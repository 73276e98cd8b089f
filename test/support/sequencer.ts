// The order test files start in: longest first, by the durations recorded in
// durations.json (scripts/test-durations.mjs writes it from a run's JSON
// report). With two workers, a long file that starts last runs alone at the
// end while the other core idles; started first, it overlaps the many short
// files. vitest's own order needs the results of an earlier run on the same
// machine; a fresh clone has none, and there it starts the largest files
// first, which put the short but slow CLI files (each command a process) at
// the end. A file not in the table (a new one) counts as a median file.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const durations: Record<string, number> = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));
const known = Object.values(durations).sort((a, b) => a - b);
const median = known[Math.floor(known.length / 2)] ?? 0;

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const cost = (f: TestSpecification) => durations[relative(root, f.moduleId)] ?? median;
    return [...files].sort((a, b) => cost(b) - cost(a));
  }
}
