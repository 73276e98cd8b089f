import { type DocumentNode, type GraphQLError, type GraphQLSchema, validate } from 'graphql';
import { parseWithinBudget } from './document-budget.ts';

/**
 * Estimated memory of all cached documents together. A parsed document
 * costs about 450 bytes per token (its AST plus the token list its
 * locations keep): the web app's largest query ~30 KB, the list document of
 * the tool routes ~33 KB, a document at the 5,000-token budget ~2.2 MB. So
 * 16 MiB holds some 500 ordinary documents, and never more than 16 MiB of
 * them however many distinct documents callers send.
 */
export const DOCUMENT_CACHE_BYTES = 16 * 1024 * 1024;

/** Bytes per lexical token of a parsed document (measured with graphql 16: 410–450 for dense documents). */
const BYTES_PER_TOKEN = 450;

/** The estimated memory a parsed document holds: its tokens' AST and its source text (UTF-16). */
export function documentBytes(source: string, document: DocumentNode): number {
  let tokens = 0;
  for (let t = document.loc?.startToken ?? null; t; t = t.next) tokens++;
  return tokens * BYTES_PER_TOKEN + source.length * 2;
}

interface Entry {
  document: DocumentNode;
  bytes: number;
}

/**
 * Parsed GraphQL documents by source text, within {@link DOCUMENT_LIMITS}
 * (document-budget.ts), least recently used first out once their estimated
 * memory passes `maxBytes`. The same ad-hoc `/graphql` or graphql-ws
 * document is then parsed, budget-checked and validated once, not on every
 * request. Only documents within budget are kept, and nothing a request
 * fails on (budget refusals, syntax errors), so a hostile caller's distinct
 * documents can churn the cache but not grow it. Validation results are
 * keyed by the cached document object, so they go when it goes.
 */
export class DocumentCache {
  private readonly entries = new Map<string, Entry>();
  private readonly validations = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  private total = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    readonly maxBytes = DOCUMENT_CACHE_BYTES,
  ) {}

  /** Estimated memory held now. */
  get bytes(): number {
    return this.total;
  }

  /** Documents held now. */
  get size(): number {
    return this.entries.size;
  }

  /** The cached document of `source` (now the most recently used), or undefined. */
  get(source: string): DocumentNode | undefined {
    const entry = this.entries.get(source);
    if (!entry) return undefined;
    // A Map iterates in insertion order: re-inserting makes the entry the newest.
    this.entries.delete(source);
    this.entries.set(source, entry);
    return entry.document;
  }

  /** Keeps `document` as the parse of `source`, evicting the least recently used past `maxBytes`. */
  set(source: string, document: DocumentNode): void {
    const bytes = documentBytes(source, document);
    if (bytes > this.maxBytes) return;
    const old = this.entries.get(source);
    if (old) {
      this.entries.delete(source);
      this.total -= old.bytes;
    }
    this.entries.set(source, { document, bytes });
    this.total += bytes;
    for (const [key, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(key);
      this.total -= entry.bytes;
    }
  }

  /**
   * The document of `source`: from the cache, or parsed within the budget
   * and cached. Throws the budget's VALIDATION error or graphql-js's syntax
   * error (neither is cached).
   */
  parse(source: string): DocumentNode {
    const cached = this.get(source);
    if (cached) return cached;
    const document = parseWithinBudget(source);
    this.set(source, document);
    return document;
  }

  /** graphql-js validation of `document` against the schema, once per document object. */
  validate(document: DocumentNode): readonly GraphQLError[] {
    let errors = this.validations.get(document);
    if (!errors) {
      errors = validate(this.schema, document);
      this.validations.set(document, errors);
    }
    return errors;
  }
}
