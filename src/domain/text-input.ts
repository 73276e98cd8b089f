import { ValidationError } from '../errors.ts';

/**
 * Deepest nesting of arrays and objects accepted in any caller's JSON (REST
 * and tool bodies, GraphQL variables, graphql-ws payloads, MCP calls). Real
 * inputs nest a handful of levels; 64 leaves room for any of them while a
 * value stays cheap for every recursive consumer (zod, JSON.stringify,
 * GraphQL coercion).
 */
export const MAX_INPUT_DEPTH = 64;

/** The VALIDATION error for a NUL character in `field` (null: the input as a whole). */
export function nulCharacterError(field: string | null): ValidationError {
  const message = 'must not contain the NUL character (U+0000)';
  return new ValidationError(field, field ? `${field}: ${message}` : message, 'invalid_characters');
}

/** The VALIDATION error for input nested deeper than {@link MAX_INPUT_DEPTH} under `field`. */
export function inputDepthError(field: string): ValidationError {
  return new ValidationError(
    field,
    `${field}: nests arrays or objects deeper than ${MAX_INPUT_DEPTH} levels.`,
    'too_deep',
  );
}

/** What is wrong with a caller's JSON-like value, and where (path of keys and indexes). */
export interface InputProblem {
  kind: 'nul' | 'too_deep';
  path: string[];
}

/** A node of the walk: the path is a chain of parents, joined only when reported. */
interface Step {
  value: unknown;
  depth: number;
  key: string | null;
  parent: Step | null;
}

function pathOf(step: Step | null): string[] {
  const path: string[] = [];
  for (let s = step; s && s.key !== null; s = s.parent) path.push(s.key);
  return path.reverse();
}

/**
 * The first problem of a JSON-like value in document order: a string or
 * object key holding U+0000 (PostgreSQL text cannot store it), or arrays and
 * objects nested deeper than `maxDepth`. Iterative with an explicit stack,
 * so any depth costs constant call stack, and the walk stops at the first
 * level past the limit.
 */
export function findInputProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH): InputProblem | null {
  const stack: Step[] = [{ value, depth: 0, key: null, parent: null }];
  while (stack.length) {
    const step = stack.pop()!;
    const v = step.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { kind: 'nul', path: pathOf(step) };
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (step.depth >= maxDepth) return { kind: 'too_deep', path: pathOf(step) };
    const children: Step[] = [];
    const depth = step.depth + 1;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) children.push({ value: v[i], depth, key: String(i), parent: step });
    } else {
      for (const [key, item] of Object.entries(v)) {
        const child = { value: item, depth, key, parent: step };
        if (key.includes('\u0000')) return { kind: 'nul', path: pathOf(child) };
        children.push(child);
      }
    }
    // Reversed onto the stack: the first child is walked first (document order).
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return null;
}

/** The path of the first string (or object key) holding U+0000 in a JSON-like value, or null. */
export function findNulCharacter(value: unknown): string[] | null {
  const problem = findInputProblem(value, Number.POSITIVE_INFINITY);
  return problem?.kind === 'nul' ? problem.path : null;
}

/**
 * The VALIDATION error for a caller's value, or null: too deep (named by
 * its top-level key, or `root` when the value itself is too deep) or
 * holding a NUL character (named by its path). `root` names the value as a
 * whole (`body`, `variables`); null leaves a NUL error without a field.
 */
export function inputError(value: unknown, root: string | null = null): ValidationError | null {
  const problem = findInputProblem(value);
  if (!problem) return null;
  if (problem.kind === 'too_deep') return inputDepthError(problem.path[0] ?? root ?? 'body');
  return nulCharacterError(problem.path.join('.') || root);
}

/**
 * Rejects a caller's JSON-like value with a 400 naming its field when it
 * nests too deep or holds a NUL character, before any recursive or
 * database work sees it.
 */
export function assertSafeInput(value: unknown, root: string | null = null): void {
  const error = inputError(value, root);
  if (error) throw error;
}

/**
 * How deep the JSON text `text` nests, scanned without parsing: when some
 * array or object is deeper than `maxDepth`, the top-level key it lies under
 * ('' when the root is an array or the key cannot be told); otherwise null.
 * Linear in the text, constant stack: run before `JSON.parse` so that a deep
 * body costs neither the parse (hundreds of ms for 1 MiB of `[`) nor any
 * recursive walk. Malformed text is left for the parser to refuse.
 */
export function jsonTextTooDeep(text: string, maxDepth = MAX_INPUT_DEPTH): string | null {
  let depth = 0;
  let rootIsObject = false;
  let topKey = '';
  let lastString = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      const start = i + 1;
      for (i = start; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x5c /* \ */) i++;
        else if (c === 0x22) break;
      }
      // Only a string at depth 1 of an object can be a top-level key; keep it short.
      if (depth === 1 && rootIsObject) lastString = text.slice(start, Math.min(i, start + 100));
    } else if (ch === 0x3a /* : */) {
      if (depth === 1 && rootIsObject) topKey = lastString;
    } else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (depth === 0) rootIsObject = ch === 0x7b;
      depth++;
      if (depth > maxDepth) return rootIsObject ? topKey : '';
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) {
      depth--;
    }
  }
  return null;
}
