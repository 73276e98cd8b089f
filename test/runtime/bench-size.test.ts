// The benchmarks stay a small share of the code: their code under bench/
// (what a run writes to bench/results/ and the two documents left out) stays
// within a budget, so a new measurement replaces or folds into an old one
// instead of growing a second harness beside it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT as root } from '../../src/project-root.ts';

/** Lines of benchmark code (bench/ without its results and documents) allowed. */
const BENCH_LINE_BUDGET = 3_500;

/** Lines of each code file under `dir`, by path from the project root. */
function codeLines(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'results') for (const [p, n] of codeLines(path)) out.set(p, n);
    } else if (!name.endsWith('.md')) {
      out.set(relative(root, path), readFileSync(path, 'utf8').split('\n').length - 1);
    }
  }
  return out;
}

describe('benchmark code', () => {
  it(`stays within ${BENCH_LINE_BUDGET} lines`, () => {
    const files = codeLines(join(root, 'bench'));
    const total = [...files.values()].reduce((a, b) => a + b, 0);
    const largest = [...files].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([p, n]) => `${p} ${n}`).join(', ');
    expect(total, `bench/ holds ${total} lines of code (largest: ${largest})`).toBeLessThanOrEqual(BENCH_LINE_BUDGET);
  });
});
