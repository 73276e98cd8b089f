import { type DocumentNode, GraphQLError, parse, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from '../errors.ts';
import type { DocumentCache } from './document-cache.ts';

/**
 * What one GraphQL document may cost before it is validated or executed.
 * The web app's largest document has 20 fields, 64 tokens and 403 bytes;
 * these leave two orders of magnitude for hand-written queries while keeping
 * parse and validation (whose field-merging check is quadratic in fields
 * sharing a response name) to milliseconds. Long texts belong in variables;
 * a literal may still carry a full task description (100,000 characters).
 */
export const DOCUMENT_LIMITS = {
  /** Source text, in UTF-8 bytes. */
  bytes: 256 * 1024,
  /** Lexical tokens (graphql-js `parse` stops counting past it). */
  tokens: 5000,
  /** Nesting of `{`, `[` and `(`: selection sets, arguments, input objects and lists together. */
  nesting: 40,
  /** Field selections, `__typename` and aliases of the same field included, plus fragment spreads. */
  fields: 500,
  /** Lists nested in a list literal. */
  listDepth: 8,
};

/** A refusal of the document: VALIDATION on `query`, HTTP 400. */
function budgetError(message: string, detail: string): AppError {
  return new AppError('VALIDATION', message, 'query', detail, { http: { status: 400 } });
}

/**
 * The deepest nesting of `{`, `[` and `(` in GraphQL source, skipping
 * strings, block strings and comments; stops once past `max`. Linear and in
 * constant stack, so it can run before the recursive-descent parser (which
 * overflows its stack on a few thousand levels, whatever the token limit).
 */
export function sourceNesting(source: string, max: number): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source.charCodeAt(i);
    if (ch === 0x23 /* # */) {
      while (i < source.length && source.charCodeAt(i) !== 0x0a && source.charCodeAt(i) !== 0x0d) i++;
    } else if (ch === 0x22 /* " */) {
      if (source.startsWith('"""', i)) {
        // A block string ends at the first `"""` not escaped as `\"""` (its only escape).
        let end = source.indexOf('"""', i + 3);
        while (end > 0 && source.charCodeAt(end - 1) === 0x5c) end = source.indexOf('"""', end + 3);
        i = end < 0 ? source.length : end + 2;
      } else {
        for (i++; i < source.length; i++) {
          const c = source.charCodeAt(i);
          if (c === 0x5c) i++;
          else if (c === 0x22 || c === 0x0a) break;
        }
      }
    } else if (ch === 0x7b || ch === 0x5b || ch === 0x28 /* { [ ( */) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > max) return deepest;
    } else if (ch === 0x7d || ch === 0x5d || ch === 0x29 /* } ] ) */) {
      depth--;
    }
  }
  return deepest;
}

/** The first budget a source text breaks before parsing (size, nesting), or null. */
function sourceError(source: string): AppError | null {
  // Byte length only matters past the character count's worst case.
  if (source.length * 3 > DOCUMENT_LIMITS.bytes && Buffer.byteLength(source) > DOCUMENT_LIMITS.bytes) {
    return budgetError(`The query document is larger than ${DOCUMENT_LIMITS.bytes} bytes.`, 'too_large');
  }
  if (sourceNesting(source, DOCUMENT_LIMITS.nesting) > DOCUMENT_LIMITS.nesting) {
    return budgetError(`The query document nests deeper than ${DOCUMENT_LIMITS.nesting} levels.`, 'too_deep');
  }
  return null;
}

/** The first budget a parsed document breaks (field count, list-literal depth), or null. */
export function documentError(document: DocumentNode): AppError | null {
  let fields = 0;
  let lists = 0;
  let deepestList = 0;
  // graphql-js `visit` walks with its own stack, not recursion.
  visit(document, {
    Field: () => void fields++,
    FragmentSpread: () => void fields++,
    ListValue: {
      enter: () => {
        lists++;
        deepestList = Math.max(deepestList, lists);
      },
      leave: () => void lists--,
    },
  });
  if (fields > DOCUMENT_LIMITS.fields) {
    return budgetError(`The query selects more than ${DOCUMENT_LIMITS.fields} fields (aliases and __typename count).`, 'too_many_fields');
  }
  if (deepestList > DOCUMENT_LIMITS.listDepth) {
    return budgetError(`A list value nests deeper than ${DOCUMENT_LIMITS.listDepth} levels.`, 'list_too_deep');
  }
  return null;
}

/**
 * Parses a caller's GraphQL source within {@link DOCUMENT_LIMITS}: size and
 * nesting are checked on the text, tokens while parsing, fields and list
 * depth on the tree, all before validation. Throws the VALIDATION error of
 * the first budget broken, or graphql-js's syntax error.
 */
export function parseWithinBudget(source: string): DocumentNode {
  const early = sourceError(source);
  if (early) throw early;
  let document: DocumentNode;
  try {
    document = parse(source, { maxTokens: DOCUMENT_LIMITS.tokens });
  } catch (err) {
    if (err instanceof GraphQLError && err.message.includes('tokens')) {
      throw budgetError(`The query document has more than ${DOCUMENT_LIMITS.tokens} tokens.`, 'too_many_tokens');
    }
    throw err;
  }
  const late = documentError(document);
  if (late) throw late;
  return document;
}

/** The budget error for a caller's query source, or null (syntax errors are left to the GraphQL server to answer). */
export function documentBudgetError(source: unknown): AppError | null {
  if (typeof source !== 'string') return null;
  try {
    parseWithinBudget(source);
    return null;
  } catch (err) {
    return err instanceof AppError ? err : null;
  }
}

/**
 * A yoga plugin that holds every operation's document to
 * {@link DOCUMENT_LIMITS} before yoga parses it. It parses through
 * `documents` (the cache yoga's own parse then reads), so a document seen
 * before is neither checked nor parsed again, and only documents within
 * budget are cached. It answers from `onParams`: a refusal raised while
 * parsing would be answered 200 to `Accept: application/json`, like a
 * syntax error, and a budget refusal is the request's fault (400). Syntax
 * errors are left to yoga to answer.
 */
export function documentBudgetPlugin(documents: Pick<DocumentCache, 'parse'>): Plugin {
  return {
    onParams: ({ params, setResult }) => {
      if (typeof params.query !== 'string') return;
      try {
        documents.parse(params.query);
      } catch (err) {
        if (err instanceof AppError) setResult({ errors: [err] });
      }
    },
  };
}
