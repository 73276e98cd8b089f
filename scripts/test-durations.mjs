// Writes test/support/durations.json (seconds per test file, as the test
// sequencer reads it) from a vitest JSON report:
//   npx vitest run --reporter=json --outputFile=/tmp/report.json
//   node scripts/test-durations.mjs /tmp/report.json
// The numbers only rank the files (longest first), so a run on a busy
// machine serves as well as an idle one.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [reportFile] = process.argv.slice(2);
if (!reportFile) {
  console.error('usage: node scripts/test-durations.mjs <vitest-json-report>');
  process.exit(1);
}
const report = JSON.parse(readFileSync(reportFile, 'utf8'));
const durations = Object.fromEntries(
  report.testResults
    .map((file) => [
      // The report may come from another checkout of the project: keep the path below test/.
      relative(root, file.name).replace(/^.*?(?=test\/)/, ''),
      Math.round((file.endTime - file.startTime) / 100) / 10,
    ])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(new URL('../test/support/durations.json', import.meta.url), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`test/support/durations.json: ${Object.keys(durations).length} files`);
