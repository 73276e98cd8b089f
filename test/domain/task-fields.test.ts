// The task field rules as plain zod schemas: they read and write no
// database, so this file needs neither a test database nor a bystander.
import { describe, expect, it } from 'vitest';
import {
  assignedToField,
  assignedToWhom,
  dateField,
  descriptionField,
  ESTIMATE_SIZES,
  estimateMinutesField,
  estimateSizeField,
  PRIORITIES,
  priorityField,
  TASK_LIMITS,
  titleField,
  urlListField,
} from '../../src/domain/task/fields.ts';

const DATE_MESSAGE = 'must be an ISO 8601 date or datetime in years 1–9999 (2026-03-01 or 2026-03-01T12:00:00Z)';

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, v: unknown) => schema.safeParse(v).success;
/** The issue's code and message of a refused value. */
const issue = (schema: { safeParse: (v: unknown) => { error?: { issues: { code: string; message: string }[] } } }, v: unknown) => {
  const [first] = schema.safeParse(v).error!.issues;
  return { code: first.code, message: first.message };
};

describe('task field rules', () => {
  it('limits and choices', () => {
    expect(TASK_LIMITS).toEqual({
      titleMax: 500,
      descriptionMax: 100_000,
      urlsMax: 50,
      urlLength: 2048,
      estimateMinutesMax: 525_600,
      labelsMax: 100,
      assigneesMax: 100,
    });
    expect(PRIORITIES).toEqual(['urgent', 'high', 'medium', 'low']);
    expect(ESTIMATE_SIZES).toEqual([0, 2, 3, 4, 5, 6]);
    expect(PRIORITIES.map((p) => ok(priorityField(), p))).toEqual([true, true, true, true]);
  });

  it('title: trimmed, 1 to 500; description up to 100,000', () => {
    expect(titleField().parse('  t  ')).toBe('t');
    expect([ok(titleField(), ' '), ok(titleField(), 'x'.repeat(500)), ok(titleField(), 'x'.repeat(501))]).toEqual([false, true, false]);
    expect([ok(descriptionField(), 'x'.repeat(100_000)), ok(descriptionField(), 'x'.repeat(100_001))]).toEqual([true, false]);
  });

  it('estimates: minutes 0 to 525,600 whole; sizes 0 and 2 to 6', () => {
    expect([0, 525_600, -1, 525_601, 1.5].map((v) => ok(estimateMinutesField(), v))).toEqual([true, true, false, false, false]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 2.5].map((v) => ok(estimateSizeField(), v))).toEqual([true, false, true, true, true, true, true, false, false]);
    expect(issue(estimateSizeField(), 1)).toEqual({ code: 'custom', message: 'must be 0, 2, 3, 4, 5 or 6' });
  });

  it('URL lists: http(s) URLs, trimmed, up to 2,048 characters, at most 50', () => {
    const url = (n: number) => `https://x.example.com/${'a'.repeat(n - 22)}`;
    expect(url(2048)).toHaveLength(2048);
    expect(urlListField().parse([' http://x.example.com/a ', 'HTTPS://X.EXAMPLE.COM'])).toEqual(['http://x.example.com/a', 'HTTPS://X.EXAMPLE.COM']);
    expect([[url(2048)], [url(2049)]].map((v) => ok(urlListField(), v))).toEqual([true, false]);
    expect([Array(50).fill(url(30)), Array(51).fill(url(30))].map((v) => ok(urlListField(), v))).toEqual([true, false]);
    // The count first: a list of 100,000 bad URLs is refused for its length alone, none of them read.
    const refused = urlListField().safeParse(Array(100_000).fill('x')).error!.issues;
    expect(refused.map((i) => i.code)).toEqual(['too_big']);
    for (const bad of ['ftp://x.example.com', 'https://', 'https://x y', 'xhttps://x.example.com', 'https:/x.example.com', 'x']) {
      expect(issue(urlListField(), [bad]), bad).toEqual({ code: 'invalid_format', message: 'must be an http or https URL' });
    }
  });

  it('dates: a Date, or an ISO 8601 date or datetime string; a date alone is 00:00 UTC', () => {
    const parse = (v: unknown) => (dateField().parse(v) as Date).toISOString();
    expect(parse('2026-03-01')).toBe('2026-03-01T00:00:00.000Z');
    expect(parse('2026-03-01T10:30:00Z')).toBe('2026-03-01T10:30:00.000Z');
    expect(parse('2026-03-01T10:30:00.5+02:00')).toBe('2026-03-01T08:30:00.500Z');
    expect(parse('2026-03-01 10:30:00-0100')).toBe('2026-03-01T11:30:00.000Z');
    expect(parse(new Date('2026-03-01T00:00:00Z'))).toBe('2026-03-01T00:00:00.000Z');
    expect(ok(dateField(), '2026-03-01T10:30:00')).toBe(true);
    for (const bad of ['tomorrow', '2026-3-01', '2026-03-01X10:30', 'x2026-03-01', '2026-03-01T10:30+2', '2026-03-01T10:30Zx', '2026-03-011']) {
      expect(issue(dateField(), bad), bad).toEqual({ code: 'custom', message: DATE_MESSAGE });
    }
    for (const impossible of ['2026-13-45', '2020-02-30', '0000-01-01']) {
      expect(issue(dateField(), impossible), impossible).toEqual({ code: 'custom', message: DATE_MESSAGE });
    }
    expect(parse('0099-12-31')).toBe('0099-12-31T00:00:00.000Z');
    expect(ok(dateField(), new Date(Number.NaN))).toBe(false);
  });

  it('assignedTo: me, unassigned or a user id (1 to 10 digits, no leading zero), in any case', () => {
    expect(['me', 'ME', 'unassigned', 'Unassigned', '1', '9999999999', ' 7 '].map((v) => ok(assignedToField(), v))).toEqual(
      [true, true, true, true, true, true, true],
    );
    for (const bad of ['0', '01', '12345678901', 'mine', 'xme', 'unassignedx', '-1', '']) {
      expect(issue(assignedToField(), bad), bad).toEqual({ code: 'invalid_format', message: 'must be me, unassigned or a user id' });
    }
    expect([assignedToWhom('ME', 7), assignedToWhom('Unassigned', 7), assignedToWhom('42', 7)]).toEqual([7, 'unassigned', 42]);
  });
});
