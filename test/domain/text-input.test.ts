// The input guards of every caller's JSON (src/domain/text-input.ts) as plain
// functions: where the first NUL character or the first too-deep level is,
// in document order, and what error names it.
import { describe, expect, it } from 'vitest';
import {
  assertSafeInput,
  findInputProblem,
  findNulCharacter,
  inputError,
  jsonTextTooDeep,
  MAX_INPUT_DEPTH,
} from '../../src/domain/text-input.ts';
import { thrown } from '../support/errors.ts';

/** `levels` arrays nested in each other around `inner`. */
const nest = (levels: number, inner: unknown = 1): unknown => {
  let v = inner;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};

describe('findInputProblem', () => {
  it('finds the first NUL in document order, in values or keys, with its path', () => {
    expect(findInputProblem({ a: 'ok', b: ['x', { c: 'bad\u0000' }], d: 'also\u0000' })).toEqual({ kind: 'nul', path: ['b', '1', 'c'] });
    expect(findInputProblem(['\u0000'])).toEqual({ kind: 'nul', path: ['0'] });
    expect(findInputProblem({ ok: 1, ['k\u0000']: 'v' })).toEqual({ kind: 'nul', path: ['k\u0000'] });
    expect(findInputProblem('\u0000')).toEqual({ kind: 'nul', path: [] });
    expect(findInputProblem({ a: null, b: 0, c: false, d: 'fine', e: [[], {}] })).toBeNull();
  });

  it(`accepts ${MAX_INPUT_DEPTH} levels of nesting and refuses ${MAX_INPUT_DEPTH + 1}, naming where`, () => {
    expect(findInputProblem(nest(MAX_INPUT_DEPTH))).toBeNull();
    expect(findInputProblem(nest(MAX_INPUT_DEPTH + 1))).toEqual({ kind: 'too_deep', path: Array(MAX_INPUT_DEPTH).fill('0') });
    expect(findInputProblem({ a: 1, deep: nest(2) }, 2)).toEqual({ kind: 'too_deep', path: ['deep', '0'] });
    expect(findInputProblem({ a: nest(1) }, 2)).toBeNull();
    // Document order: a NUL before the deep part is the problem, and the other way round.
    expect(findInputProblem(['\u0000', nest(5)], 2)).toEqual({ kind: 'nul', path: ['0'] });
    expect(findInputProblem([nest(5), '\u0000'], 2)?.kind).toBe('too_deep');
  });

  it('findNulCharacter looks at any depth and ignores depth', () => {
    expect(findNulCharacter(nest(MAX_INPUT_DEPTH + 10, 'x\u0000'))).toHaveLength(MAX_INPUT_DEPTH + 10);
    expect(findNulCharacter(nest(MAX_INPUT_DEPTH + 10))).toBeNull();
  });
});

describe('inputError and assertSafeInput', () => {
  it('name a too-deep value by its top-level key, or the root, or body', () => {
    const deep = nest(MAX_INPUT_DEPTH + 1);
    for (const [err, field] of [
      [inputError({ filter: deep }), 'filter'],
      // The root array's first index is the top-level key.
      [inputError(deep, 'variables'), '0'],
      [inputError({ filter: deep }, 'variables'), 'filter'],
    ] as const) {
      expect([err?.code, err?.field, err?.detail]).toEqual(['VALIDATION', field, 'too_deep']);
    }
    let v: unknown = 1;
    for (let i = 0; i <= MAX_INPUT_DEPTH; i++) v = { x: v };
    expect(inputError(v)?.field).toBe('x');
  });

  it('name a NUL by its dotted path, the root, or nothing', () => {
    expect([inputError({ a: [{ b: '\u0000' }] })?.field, inputError({ a: [{ b: '\u0000' }] })?.detail]).toEqual(['a.0.b', 'invalid_characters']);
    expect(inputError('\u0000', 'body')?.field).toBe('body');
    expect(inputError('\u0000')?.field).toBeNull();
    expect(inputError({ a: 'fine' })).toBeNull();
  });

  it('say what is wrong, and where', () => {
    expect(inputError({ a: '\u0000' })?.message).toBe('a: must not contain the NUL character (U+0000)');
    expect(inputError('\u0000')?.message).toBe('must not contain the NUL character (U+0000)');
    expect(inputError({ f: nest(MAX_INPUT_DEPTH + 1) })?.message).toBe(`f: nests arrays or objects deeper than ${MAX_INPUT_DEPTH} levels.`);
  });

  it('assertSafeInput throws that error, and nothing for a safe value', () => {
    expect(thrown(() => assertSafeInput({ t: 'a\u0000' }, 'body')).field).toBe('t');
    expect(assertSafeInput({ t: 'a' })).toBeUndefined();
  });
});

describe('jsonTextTooDeep', () => {
  it(`tells the top-level key of the first level past ${MAX_INPUT_DEPTH}, without parsing`, () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(jsonTextTooDeep(deep(MAX_INPUT_DEPTH))).toBeNull();
    expect(jsonTextTooDeep(deep(MAX_INPUT_DEPTH + 1))).toBe('');
    expect(jsonTextTooDeep(`{"a":1,"filter":${deep(MAX_INPUT_DEPTH)}}`)).toBe('filter');
    expect(jsonTextTooDeep(`{"a":[1],"b":{"c":2}}`, 2)).toBeNull();
    expect(jsonTextTooDeep(`{"a":[1],"b":{"c":[2]}}`, 2)).toBe('b');
  });

  it('brackets and quotes inside strings do not count; escaped quotes do not end a string', () => {
    expect(jsonTextTooDeep(`{"k":"[[[[","x":"\\"[[[["}`, 2)).toBeNull();
    expect(jsonTextTooDeep(`{"a\\"b":[[1]]}`, 2)).toBe('a\\"b');
    // A string inside a nested object is not a top-level key.
    expect(jsonTextTooDeep(`{"top":{"inner":[[1]]}}`, 3)).toBe('top');
    // Closing brackets and braces bring the depth back down.
    expect(jsonTextTooDeep(`[[1],[2],[3]]`, 2)).toBeNull();
    expect(jsonTextTooDeep(`{"a":{"b":1},"c":{"d":1}}`, 2)).toBeNull();
    // Malformed text (no key before the deep part) names no key.
    expect(jsonTextTooDeep(`{${'['.repeat(3)}`, 2)).toBe('');
    expect(jsonTextTooDeep(`{:${'['.repeat(3)}`, 2)).toBe('');
    // A long key is told by its first 100 characters.
    expect(jsonTextTooDeep(`{"${'k'.repeat(150)}":[[1]]}`, 2)).toBe('k'.repeat(100));
  });
});
