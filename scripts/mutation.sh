#!/usr/bin/env bash
# Mutation testing of src/domain (StrykerJS, stryker.config.mjs), one source
# file per Stryker run so that each run only starts the tests related to its
# file, and incrementally (reports/mutation/<batch>.incremental.json): a
# second run retests only mutants of changed code or changed tests. Then
# writes docs/MUTATION.md from the per-file reports.
#
#   npm run test:mutation                      # every file of src/domain
#   npm run test:mutation -- src/domain/section.ts src/domain/assignee.ts
#   MUTATION_TESTS=test/domain/access.test.ts npm run test:mutation -- src/domain/access.ts
#                                              # only these tests (vitest.mutation.config.ts)
#
# Slow (minutes per file): not part of `npm test` or CI. Runs at the lowest
# CPU priority with one test process. Set DATABASE_URL to a migrated
# PostgreSQL database for speed; without it the tests use embedded PGlite.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then files=("$@"); else mapfile -t files < <(find src/domain -name '*.ts' | sort); fi
mkdir -p reports/mutation
for f in "${files[@]}"; do
  batch=$(echo "${f#src/}" | sed 's/\.ts$//; s|/|-|g')
  echo "== $f"
  started=$(date -u +'%Y-%m-%d %H:%M'); load_start=$(cut -d' ' -f1 /proc/loadavg)
  if MUTATION_BATCH=$batch nice -n 19 npx stryker run --mutate "$f"; then
    # When, at which commit and under what load the file was measured (docs/MUTATION.md shows it).
    printf '{"started":"%s UTC @%s","load":"%s → %s","tests":"%s"}\n' "$started" "$(git rev-parse --short HEAD)" "$load_start" \
      "$(cut -d' ' -f1 /proc/loadavg)" "${MUTATION_TESTS:-all domain tests}" > "reports/mutation/$batch.meta"
  else
    # The report of an earlier run (if any) stays with its own meta.
    echo "stryker failed on $f (see above)"
  fi
done
node scripts/mutation-report.mjs
