// Trusted documents: every document of the app is in the service's manifest
// (web/src/gql/persisted-documents.json, written by `npm run generate`) under
// the id the generated document carries (`__meta__.documentId`), so the app
// sends `{"documentId": "sha256:…"}` instead of the text. The service then
// skips parsing and validation, and can refuse any other document from a
// browser session (GRAPHQL_SESSION_DOCUMENTS=trusted).
import { type DocumentNode } from 'graphql';
import { type Exchange, makeOperation, mapExchange } from 'urql';

/** The trusted-document id the generator embedded in `document`, if any. */
export function documentIdOf(document: DocumentNode): string | null {
  const id = (document as { __meta__?: { documentId?: unknown } }).__meta__?.documentId;
  return typeof id === 'string' ? id : null;
}

/**
 * Sends operations whose document has an id as that id: urql's fetch and
 * subscription exchanges send `documentId` for a document without
 * definitions that carries one. Place it after the cache exchange (which
 * reads the full document) and before the exchanges that send.
 */
export const trustedDocumentsExchange: Exchange = mapExchange({
  onOperation: (operation) => {
    const documentId = operation.kind === 'teardown' ? null : documentIdOf(operation.query);
    if (!documentId) return operation;
    const query = { kind: 'Document', definitions: [], documentId } as unknown as DocumentNode;
    return makeOperation(operation.kind, { ...operation, query }, operation.context);
  },
});
