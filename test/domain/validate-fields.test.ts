// The shared input rules as plain functions: how a zod issue becomes the
// ValidationError every caller sees, ids, statuses, ticket numbers.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idField, MAX_INT, NAME_LIMITS, printedLimit, STATUSES, statusField } from '../../src/domain/fields.ts';
import { parseTicketNumber, ticketNumberOf } from '../../src/domain/task/ticket-number.ts';
import { parseInput, requiredString, toValidationError } from '../../src/domain/validate.ts';
import { thrown } from '../support/errors.ts';

describe('parseInput', () => {
  it('answers the parsed value, or a VALIDATION error naming the dotted path and zod\'s issue code', () => {
    const schema = z.object({ a: z.object({ list: z.array(z.number()) }) });
    expect(parseInput(schema, { a: { list: [1] } })).toEqual({ a: { list: [1] } });
    const err = thrown(() => parseInput(schema, { a: { list: [1, 'x'] } }));
    expect([err.code, err.field, err.detail]).toEqual(['VALIDATION', 'a.list.1', 'invalid_type']);
    expect(err.message).toMatch(/^a\.list\.1: /);
    // A prefix names a bare value; without path or prefix there is no field.
    const bare = thrown(() => parseInput(z.number(), 'x', 'limit'));
    expect([bare.field, bare.message.startsWith('limit: ')]).toEqual(['limit', true]);
    const none = thrown(() => parseInput(z.number(), 'x'));
    expect(none.field).toBeNull();
    expect(none.message).not.toMatch(/^: /);
  });

  it('the first issue wins', () => {
    const err = toValidationError(z.object({ a: z.string(), b: z.string() }).safeParse({}).error!, 'body');
    expect(err.field).toBe('body.a');
    // Without a prefix (the route facade's call) the path alone names the field.
    expect(toValidationError(z.object({ a: z.string() }).safeParse({}).error!).field).toBe('a');
    expect(toValidationError(z.string().safeParse(1).error!).field).toBeNull();
  });

  it('requiredString says "is required" only for a missing value', () => {
    const schema = z.object({ text: requiredString('text').max(3) });
    expect(thrown(() => parseInput(schema, {})).message).toBe('text: text is required');
    expect(thrown(() => parseInput(schema, { text: 'long' })).message).not.toContain('is required');
    expect(thrown(() => parseInput(schema, { text: 5 })).message).not.toContain('is required');
  });
});

describe('shared fields', () => {
  it('ids are positive integers up to the largest PostgreSQL integer', () => {
    expect(idField().safeParse(1).success).toBe(true);
    expect(idField().safeParse(MAX_INT).success).toBe(true);
    expect(MAX_INT).toBe(2 ** 31 - 1);
    for (const bad of [0, -1, 1.5, MAX_INT + 1, '1']) expect(idField().safeParse(bad).success).toBe(false);
  });

  it('statuses are Normal, Archive and Deleted; limits print with separators', () => {
    expect(['Normal', 'Archive', 'Deleted'].map((s) => statusField().safeParse(s).success)).toEqual([true, true, true]);
    expect(statusField().safeParse('normal').success).toBe(false);
    expect(printedLimit(10000)).toBe('10,000');
  });

  it('ticket numbers: PREFIX-n both ways; anything else is not one', () => {
    expect(ticketNumberOf('ABC', 12)).toBe('ABC-12');
    expect(parseTicketNumber(' abc1-12 ')).toEqual({ prefix: 'ABC1', uniqueIndex: 12 });
    expect(parseTicketNumber('A-123456789')).toEqual({ prefix: 'A', uniqueIndex: 123456789 });
    for (const bad of ['ABC', 'ABC-', '-12', '1AB-2', 'AB-1234567890', 'AB-1x', 'xAB-1 2', 'A_B-1']) expect(parseTicketNumber(bad)).toBeNull();
  });
});

describe('shared name limits', () => {
  it('are the spec’s (characters)', () => {
    expect(NAME_LIMITS).toEqual({
      sectionTitleMax: 200,
      labelNameMax: 100,
      viewTitleMax: 200,
      urlMax: 2048,
      emailMax: 320,
      displayNameMax: 200,
      labelColorMax: 50,
    });
    expect(STATUSES).toEqual(['Normal', 'Archive', 'Deleted']);
  });
});
