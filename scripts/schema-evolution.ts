// Schema evolution: compares the committed schema.graphql with the last
// released one (schema.released.graphql) using @graphql-inspector/core's diff
// and fails on every breaking change (a removed field, a type changed to
// nullable output or non-null input, a removed enum value, a new required
// argument, …) that CHANGELOG.md does not mark. A change is marked by a line
// of the "Unreleased" → "API" section that starts with "- Breaking" and names
// the change's schema coordinate in backticks:
//
//   ## Unreleased
//   ### API
//   - Breaking: `Task.estimate` removed (deprecated since 0.1.0); read `Task.estimateMinutes`.
//
// `npm test` runs it (test/graphql/schema-evolution.test.ts); so can
// `npm run schema:check`, which prints every change. At a release, copy
// schema.graphql to schema.released.graphql and start a new "Unreleased".
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Change, CriticalityLevel, diff } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';

const ROOT = new URL('..', import.meta.url);

/** The files the check reads, relative to the project root. */
export const EVOLUTION_FILES = {
  released: 'schema.released.graphql',
  current: 'schema.graphql',
  changelog: 'CHANGELOG.md',
} as const;

/** The result of a comparison. */
export interface EvolutionReport {
  breaking: Change[];
  /** Breaking changes CHANGELOG.md does not mark: the check fails on these. */
  unmarked: Change[];
  /** Changes that may surprise clients without breaking them (an enum value added, a default changed). */
  dangerous: Change[];
  safe: Change[];
}

/** The lines of `## Unreleased` → `### API` in a changelog. */
export function unreleasedApiLines(changelog: string): string[] {
  const lines = changelog.split('\n');
  const start = lines.findIndex((l) => /^##\s+Unreleased\b/i.test(l));
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && /^##\s/.test(l));
  const section = lines.slice(start + 1, end < 0 ? undefined : end);
  const api = section.findIndex((l) => /^###\s+API\b/i.test(l));
  if (api < 0) return [];
  const apiEnd = section.findIndex((l, i) => i > api && /^###\s/.test(l));
  return section.slice(api + 1, apiEnd < 0 ? undefined : apiEnd);
}

/** The schema coordinates the changelog marks as accepted breaking changes. */
export function markedCoordinates(changelog: string): Set<string> {
  const marked = new Set<string>();
  for (const line of unreleasedApiLines(changelog)) {
    if (!/^\s*[-*]\s+\**Breaking\b/i.test(line)) continue;
    for (const m of line.matchAll(/`([^`]+)`/g)) marked.add(m[1]);
  }
  return marked;
}

/** Compares two SDL texts; breaking changes whose coordinate `changelog` marks are not unmarked. */
export async function checkSchemaEvolution(
  releasedSdl: string,
  currentSdl: string,
  changelog: string,
): Promise<EvolutionReport> {
  const changes = await diff(buildSchema(releasedSdl), buildSchema(currentSdl));
  const marked = markedCoordinates(changelog);
  const of = (level: CriticalityLevel) => changes.filter((c) => c.criticality.level === level);
  const breaking = of(CriticalityLevel.Breaking);
  return {
    breaking,
    unmarked: breaking.filter((c) => !c.path || !marked.has(c.path)),
    dangerous: of(CriticalityLevel.Dangerous),
    safe: of(CriticalityLevel.NonBreaking),
  };
}

/** The committed files' comparison. */
export async function checkCommittedSchema(): Promise<EvolutionReport> {
  const read = (name: string) => readFileSync(new URL(name, ROOT), 'utf8');
  let changelog = '';
  try {
    changelog = read(EVOLUTION_FILES.changelog);
  } catch {
    // No changelog: nothing is marked.
  }
  return checkSchemaEvolution(read(EVOLUTION_FILES.released), read(EVOLUTION_FILES.current), changelog);
}

/** What a developer reads when the check fails: each change, and the line that would mark it. */
export function explain(report: EvolutionReport): string {
  const lines = report.unmarked.map(
    (c) =>
      `  ${c.path ?? '(no coordinate)'}: ${c.message}\n    mark it in CHANGELOG.md, "## Unreleased" → "### API":  - Breaking: \`${c.path}\` <what clients must change>`,
  );
  return (
    `${report.unmarked.length} breaking change(s) against ${EVOLUTION_FILES.released} that CHANGELOG.md does not mark:\n${lines.join('\n')}\n` +
    'Prefer not to break: add the new field beside the old one and deprecate the old one (@deprecated(reason:)), see README "Schema evolution".'
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const report = await checkCommittedSchema();
  for (const [name, list] of [
    ['breaking', report.breaking],
    ['dangerous', report.dangerous],
    ['safe', report.safe],
  ] as const) {
    for (const c of list) console.log(`${name.padEnd(9)} ${c.path ?? ''}  ${c.message}`);
  }
  if (report.unmarked.length) {
    console.error(explain(report));
    process.exit(1);
  }
  console.log(
    `schema.graphql: ${report.breaking.length} marked breaking, ${report.dangerous.length} dangerous, ${report.safe.length} safe change(s) since the release`,
  );
}
