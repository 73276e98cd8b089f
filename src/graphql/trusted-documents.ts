import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DocumentNode, type GraphQLSchema, parse, validate } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { Viewer } from '../auth/viewer.ts';
import type { Config } from '../config.ts';
import { AppError, type ErrorCode, HTTP_STATUS } from '../errors.ts';
import { PROJECT_ROOT } from '../project-root.ts';

// Trusted documents (persisted operations): the web app's documents are
// extracted at build time (scripts/generate-documents.mjs) into a manifest,
// id → text, and the app sends `{"documentId": "sha256:<hex>"}` (the
// GraphQL-over-HTTP convention for persisted documents) instead of the text.
// The service runs the manifest's text, parsed and validated once per
// process, so such a request skips parsing, the document budget and
// validation, and with GRAPHQL_SESSION_DOCUMENTS=trusted a cookie session
// cannot run any other document.

/** Where `npm run generate` writes the web app's trusted documents (committed). */
export const TRUSTED_DOCUMENTS_FILE = join(PROJECT_ROOT, 'web/src/gql/persisted-documents.json');

/** The form of a document id: `sha256:` and the hex SHA-256 of the document's text. */
export const DOCUMENT_ID = /^sha256:[0-9a-f]{64}$/;

/** The id of a document text: `sha256:<hex>`. */
export function documentIdOf(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

/**
 * The manifest of trusted documents. A document is parsed, checked against
 * its id and validated against the schema on its first use, then kept for
 * the life of the process (the manifest is small and fixed: no eviction).
 */
export class TrustedDocuments {
  private readonly documents = new Map<string, DocumentNode>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly texts: ReadonlyMap<string, string>,
  ) {}

  /**
   * The web app's manifest (written by `npm run generate`; none when the
   * file is missing) and the manifests of `extraFiles`, which must exist.
   * A manifest's ids may be bare hex (the client preset's default hash):
   * they are read as `sha256:<hex>`. Every text must hash to its id, checked
   * when it is first used.
   */
  static load(
    schema: GraphQLSchema,
    extraFiles: readonly string[] = [],
    webFile = TRUSTED_DOCUMENTS_FILE,
  ): TrustedDocuments {
    const texts = new Map<string, string>();
    const read = (file: string, optional: boolean) => {
      let entries: Record<string, unknown>;
      try {
        entries = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      } catch (err) {
        if (optional && (err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw new Error(`GRAPHQL_TRUSTED_DOCUMENTS_FILES: ${file}: ${(err as Error).message}`, { cause: err });
      }
      for (const [key, text] of Object.entries(entries)) {
        const id = /^[0-9a-f]{64}$/.test(key) ? `sha256:${key}` : key;
        if (!DOCUMENT_ID.test(id) || typeof text !== 'string') {
          throw new Error(`GRAPHQL_TRUSTED_DOCUMENTS_FILES: ${file}: ${key} is not a sha256 id with a document text`);
        }
        texts.set(id, text);
      }
    };
    read(webFile, true);
    for (const file of extraFiles) read(file, false);
    return new TrustedDocuments(schema, texts);
  }

  /** Number of documents in the manifest. */
  get size(): number {
    return this.texts.size;
  }

  /** The ids of the manifest. */
  ids(): string[] {
    return [...this.texts.keys()];
  }

  /**
   * The parsed document of `id`, or null when the manifest has no such id.
   * Throws (a build mistake, answered INTERNAL) when the manifest's text does
   * not hash to its id or does not validate: regenerate with `npm run generate`.
   */
  document(id: string): DocumentNode | null {
    const cached = this.documents.get(id);
    if (cached) return cached;
    const text = this.texts.get(id);
    if (text === undefined) return null;
    if (documentIdOf(text) !== id) throw new Error(`trusted document ${id}: its text does not hash to its id`);
    const document = parse(text, { noLocation: true });
    const errors = validate(this.schema, document);
    if (errors.length) throw new Error(`trusted document ${id} does not validate: ${errors[0].message}`);
    this.documents.set(id, document);
    return document;
  }
}

/** Whether `viewer` may run a document that is not trusted: API keys always, cookie sessions unless the setting says trusted only. */
export function mayRunAnyDocument(viewer: Viewer | null, setting: Config['GRAPHQL_SESSION_DOCUMENTS']): boolean {
  return setting === 'any' || viewer?.via !== 'session';
}

/**
 * A refusal of the request itself (nothing ran). On HTTP it carries its
 * status for yoga (`extensions.http`, which yoga leaves out of the body).
 */
function requestError(code: ErrorCode, message: string, field: string, detail: string, http: boolean): AppError {
  return new AppError(code, message, field, detail, http ? { http: { status: HTTP_STATUS[code] } } : {});
}

/** The refusal of a free-form document from a cookie session under `GRAPHQL_SESSION_DOCUMENTS=trusted`. */
export function freeFormRefused(http = false): AppError {
  return requestError(
    'FORBIDDEN',
    'This service runs only trusted documents for browser sessions: send `documentId`, or use an API key (Authorization: Bearer) for other documents.',
    'query',
    'trusted_documents_only',
    http,
  );
}

/** An id not in the manifest (a client built for another version of the service, or a made-up id). */
export function unknownDocument(id: string, http = false): AppError {
  return DOCUMENT_ID.test(id)
    ? requestError('NOT_FOUND', `No trusted document has the id ${id}.`, 'documentId', 'unknown_document', http)
    : requestError(
        'VALIDATION',
        '`documentId` must be `sha256:` and 64 lower-case hex digits.',
        'documentId',
        'invalid_document_id',
        http,
      );
}

/** Both a document and a document id. */
export function documentAndId(http = false): AppError {
  return requestError(
    'VALIDATION',
    'Send `query` or `documentId`, not both.',
    'documentId',
    'query_and_document_id',
    http,
  );
}

/** The document id a `/graphql` request names: `documentId` of a JSON body, or of a GET query string. */
function requestedDocumentId(params: { documentId?: unknown }, request: Request): string | null {
  if (params.documentId != null) return typeof params.documentId === 'string' ? params.documentId : '';
  if (request.method !== 'GET') return null;
  return new URL(request.url).searchParams.get('documentId');
}

/**
 * The yoga plugins of trusted documents: `sessionRule`, to run before the
 * document budget (a free-form document from a cookie session is refused
 * before it is parsed), and `persisted`, yoga's persisted-operations plugin
 * answering `documentId` from the manifest with the parsed, already
 * validated document (after the budget, which has no text to check then).
 */
export function trustedDocumentPlugins(
  trusted: TrustedDocuments,
  setting: Config['GRAPHQL_SESSION_DOCUMENTS'],
): { sessionRule: Plugin<{ viewer: Viewer | null }>; persisted: Plugin<{ viewer: Viewer | null }> } {
  const sessionRule: Plugin<{ viewer: Viewer | null }> = {
    onParams: ({ params, context, setResult }) => {
      const sent = params as typeof params & { documentId?: unknown };
      if (typeof params.query === 'string' && params.query !== '' && sent.documentId != null) {
        setResult({ errors: [documentAndId(true)] });
      } else if (params.query && !mayRunAnyDocument((context as { viewer?: Viewer | null }).viewer ?? null, setting)) {
        setResult({ errors: [freeFormRefused(true)] });
      }
    },
  };
  const persisted = usePersistedOperations<{ viewer: Viewer | null }>({
    // Free-form documents are the rule above's business.
    allowArbitraryOperations: true,
    extractPersistedOperationId: (params, request) => requestedDocumentId(params as { documentId?: unknown }, request),
    getPersistedOperation: (id) => (DOCUMENT_ID.test(id) ? trusted.document(id) : null),
    // Validated once when first loaded (TrustedDocuments.document).
    skipDocumentValidation: true,
    customErrors: {
      notFound: ({ params, request }) =>
        unknownDocument(requestedDocumentId(params as { documentId?: unknown }, request) ?? '', true),
      keyNotFound: () =>
        requestError(
          'VALIDATION',
          'Send a GraphQL document as `query`, or a trusted document id as `documentId`.',
          'query',
          'missing_query',
          true,
        ),
    },
  });
  return { sessionRule, persisted: persisted as Plugin<{ viewer: Viewer | null }> };
}
