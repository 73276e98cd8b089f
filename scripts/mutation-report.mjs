// Writes docs/MUTATION.md from the per-file StrykerJS reports of
// scripts/mutation.sh (reports/mutation/<batch>.json): the score per file and
// in total, and every mutant that survived.
//
// Excluded from the score, and listed apart: string-literal mutants in the
// human-readable message of an error (the message argument of `new
// …Error(…)` or of a zod `.refine(check, message)`, or a `message:` property). Error codes, fields and details stay
// in: tests assert those.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = 'reports/mutation';
const outFile = 'docs/MUTATION.md';
const NOTES_START = '<!-- notes: kept by scripts/mutation-report.mjs -->';
const NOTES_END = '<!-- end of notes -->';
const previous = existsSync(outFile) ? readFileSync(outFile, 'utf8') : '';
const notes = previous.includes(NOTES_START) && previous.includes(NOTES_END)
  ? previous.slice(previous.indexOf(NOTES_START), previous.indexOf(NOTES_END) + NOTES_END.length)
  : `${NOTES_START}\n${NOTES_END}`;

/** Every .ts file under `root`, as repository paths, sorted. */
function sourceFiles(root) {
  return readdirSync(root, { recursive: true })
    .map((p) => `${root}/${p}`)
    .filter((p) => p.endsWith('.ts'))
    .sort();
}
const files = new Map();
for (const name of readdirSync(dir)
  .filter((n) => n.endsWith('.json') && !n.endsWith('.incremental.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(`${dir}/${name}`, 'utf8'));
  const metaFile = `${dir}/${name.replace(/\.json$/, '.meta')}`;
  const meta = existsSync(metaFile) ? JSON.parse(readFileSync(metaFile, 'utf8')) : {};
  for (const [path, file] of Object.entries(report.files)) files.set(path, { ...file, meta });
}

/** Offset of a 1-based line / column position in `source`. */
function offsetOf(source, { line, column }) {
  let offset = 0;
  for (let l = 1; l < line; l++) offset = source.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

/** Index of the message argument of an error class (see src/errors.ts). */
const messageArg = (cls) => (cls === 'ValidationError' || cls === 'AppError' ? 1 : 0);

/**
 * True when the literal at `at` is an error's message: inside the message
 * argument of the innermost enclosing `new …Error(` or zod `.refine(` call
 * (its second argument is the issue's message), or the value of a
 * `message:` property.
 */
function isErrorMessage(source, at) {
  if (/\bmessage:\s*$/.test(source.slice(Math.max(0, at - 40), at))) return true;
  const before = source.slice(Math.max(0, at - 600), at);
  const calls = [...before.matchAll(/new (\w*Error)\(|\.(refine)\(/g)];
  for (const call of calls.reverse()) {
    let depth = 0;
    let arg = 0;
    let inside = true;
    for (const ch of before.slice(call.index + call[0].length)) {
      if ('([{'.includes(ch)) depth++;
      else if (')]}'.includes(ch)) {
        if (depth === 0) {
          inside = false;
          break;
        }
        depth--;
      } else if (ch === ',' && depth === 0) arg++;
    }
    if (inside) return arg === (call[2] === 'refine' ? 1 : messageArg(call[1]));
  }
  return false;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);
const rows = [];
const survivors = [];
const excluded = { count: 0 };
let total = { killed: 0, counted: 0 };
for (const [path, file] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
  let killed = 0;
  let counted = 0;
  let messages = 0;
  for (const m of file.mutants) {
    if (m.mutatorName === 'StringLiteral' && isErrorMessage(file.source, offsetOf(file.source, m.location.start))) {
      messages++;
      continue;
    }
    if (!COUNTED.has(m.status)) continue;
    counted++;
    if (DETECTED.has(m.status)) killed++;
    else {
      const line = file.source.split('\n')[m.location.start.line - 1].trim();
      survivors.push({
        path,
        line: m.location.start.line,
        status: m.status,
        mutator: m.mutatorName,
        replacement: m.replacement,
        code: line,
      });
    }
  }
  excluded.count += messages;
  total = { killed: total.killed + killed, counted: total.counted + counted };
  const timeouts = file.mutants.filter((m) => m.status === 'Timeout').length;
  rows.push({ path, killed, counted, messages, timeouts, meta: file.meta });
}

const domainFiles = sourceFiles('src/domain');
const unmeasured = domainFiles.filter((p) => !files.has(p));
const pct = (k, n) => (n === 0 ? '–' : `${((100 * k) / n).toFixed(1)} %`);
const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 110);
const out = [
  '# Mutation testing of the domain rules',
  '',
  notes,
  '',
  'StrykerJS mutates `src/domain/**` (changes one operator, condition, literal or block at a time) and runs the',
  'domain tests (`vitest.mutation.config.ts`: `test/domain`, plus the webhook rule tests) against each mutant. A',
  'mutant the tests do not notice is a rule no test pins down. Run it with `npm run test:mutation` (all files, or',
  'give files: `npm run test:mutation -- src/domain/section.ts`); it is slow and not part of `npm test` or CI.',
  'Runs are incremental: only mutants of changed code, or covered by changed tests, are run again.',
  '',
  'Score = killed (a test failed, or the mutant hung until the timeout) ÷ (killed + survived + not covered by any',
  'test). **Excluded:** string-literal mutants in the human-readable message of an error (the message argument',
  `of \`new …Error(…)\` or of a zod \`.refine(check, message)\`, or a \`message:\` property): ${excluded.count} mutants. Error codes, fields and details are not`,
  'excluded; the tests assert them.',
  '',
  `**Total: ${pct(total.killed, total.counted)}** (${total.killed} of ${total.counted} mutants killed, ${files.size} of ${domainFiles.length} files of src/domain measured).`,
  '',
  `**Not measured** (${unmeasured.length}): ${unmeasured.length ? unmeasured.map((p) => `\`${p}\``).join(', ') : 'none'}.`,
  '',
  '| file | killed | of which timeouts | mutants | score | error-message literals (excluded) | measured | load (1 min, start → end) | tests run |',
  '|---|---:|---:|---:|---:|---:|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.path} | ${r.killed} | ${r.timeouts} | ${r.counted} | ${pct(r.killed, r.counted)} | ${r.messages} | ${r.meta.started ?? '?'} | ${r.meta.load ?? '?'} | ${cell(r.meta.tests ?? 'all domain tests')} |`,
  ),
  '',
  `## Surviving mutants (${survivors.length})`,
  '',
  '`NoCoverage`: no domain test runs this code.',
  '',
  '| file:line | status | mutator | replacement | original line |',
  '|---|---|---|---|---|',
  ...survivors.map(
    (s) => `| ${s.path}:${s.line} | ${s.status} | ${s.mutator} | \`${cell(s.replacement)}\` | \`${cell(s.code)}\` |`,
  ),
  '',
];
writeFileSync(outFile, out.join('\n'));
console.log(
  `docs/MUTATION.md: ${pct(total.killed, total.counted)} (${total.killed}/${total.counted}), ${survivors.length} survivors`,
);
