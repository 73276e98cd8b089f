// The committed schema may not break clients of the last release unless
// CHANGELOG.md marks the change (scripts/schema-evolution.ts). The check is
// also shown failing: a removed field, a nullability change and a renamed
// enum value on a copy of the schema.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkCommittedSchema,
  checkSchemaEvolution,
  explain,
  markedCoordinates,
} from '../../scripts/schema-evolution.ts';

const current = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');

describe('schema evolution', () => {
  it('schema.graphql has no unmarked breaking change against schema.released.graphql', async () => {
    const report = await checkCommittedSchema();
    expect(report.unmarked, explain(report)).toEqual([]);
  });

  it('fails on a removed field, an output made nullable and a renamed enum value; a Breaking line marks each', async () => {
    const broken = current
      .replace(/\n {2}"""Number of comments\."""\n {2}commentCount: Int!\n/, '\n')
      .replace(/\n {2}ticketNumber: String!\n/, '\n  ticketNumber: String\n')
      .replace(/\n {2}URGENT\n/, '\n  CRITICAL\n');
    expect(broken).not.toBe(current);
    const report = await checkSchemaEvolution(current, broken, '');
    expect(report.unmarked.map((c) => c.path).sort()).toEqual([
      'BoardTask.ticketNumber',
      'Priority.URGENT',
      'Task.commentCount',
    ]);
    expect(explain(report)).toContain('- Breaking: `Task.commentCount`');

    const changelog = (priorityLine: string) =>
      [
        '# Changelog',
        '## Unreleased',
        '### Other',
        '- Breaking: `Priority.URGENT` (not the API section: does not count)',
        '### API',
        '- Breaking: `Task.commentCount` removed; count `comments`.',
        '- **Breaking**: `BoardTask.ticketNumber` may be null.',
        '- `Priority.URGENT` is now `CRITICAL` (not a Breaking line: does not count)',
        priorityLine,
        '## 0.1.0',
        '### API',
        '- Breaking: `Priority.URGENT` (released: does not count)',
      ].join('\n');
    const partly = await checkSchemaEvolution(current, broken, changelog(''));
    expect(partly.unmarked.map((c) => c.path)).toEqual(['Priority.URGENT']);
    const marked = changelog('- Breaking: `Priority.URGENT` renamed `CRITICAL`.');
    expect([...markedCoordinates(marked)]).toEqual(
      expect.arrayContaining(['BoardTask.ticketNumber', 'Priority.URGENT', 'Task.commentCount']),
    );
    expect((await checkSchemaEvolution(current, broken, marked)).unmarked).toEqual([]);
  });

  it('additions are safe: a new field, a new type, a deprecation', async () => {
    const grown = current.replace(
      /\n {2}commentCount: Int!\n/,
      '\n  commentCount: Int!\n  """New."""\n  newField: String @deprecated(reason: "Not yet.")\n',
    );
    const report = await checkSchemaEvolution(current, grown, '');
    expect(report.breaking).toEqual([]);
    expect(report.safe.length).toBeGreaterThan(0);
  });
});
