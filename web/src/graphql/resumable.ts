// The service's event subscriptions (boardEvents, taskEvents, …) resume after
// a cursor: subscribe with `after` set to the last cursor received and the
// server replays exactly what was committed since, then goes live.
import type { Client as WsClient } from 'graphql-ws';
import { type TypedDocumentNode, stringifyDocument } from 'urql';
import { documentIdOf } from './trusted-documents';

/** A running resumable subscription. */
export interface ResumableSubscription {
  /** The cursor of the last event received; null before the first. */
  cursor(): string | null;
  unsubscribe(): void;
}

/** The GraphQL error code of a subscription's error (the server's `extensions.code`), if any. */
export function subscriptionErrorCode(error: unknown): string | null {
  const first = Array.isArray(error) ? (error[0] as { extensions?: { code?: unknown } } | undefined) : undefined;
  return typeof first?.extensions?.code === 'string' ? first.extensions.code : null;
}

/**
 * Subscribes over the app's one graphql-ws socket and keeps `after` at the
 * last cursor received (`extensions.cursor` of each result). graphql-ws sends
 * the very same payload object again each time it reconnects (network drop,
 * server restart), so the renewed subscription resumes where this one stopped:
 * nothing missed, nothing reloaded. `error` gets what the server refused
 * (GONE for a cursor past the retention, NOT_FOUND for a board no longer
 * visible); the caller decides whether to start over.
 */
export function subscribeResumable<Data, Variables extends { after?: string | null }>(
  ws: WsClient,
  document: TypedDocumentNode<Data, Variables>,
  variables: Variables,
  sink: { next: (data: Data) => void; error: (error: unknown) => void },
): ResumableSubscription {
  // A trusted document goes by its id (graphql-ws's protocol wants `query`: an empty one).
  const documentId = documentIdOf(document);
  const payload = documentId
    ? { query: '', documentId, variables: { ...variables } }
    : { query: stringifyDocument(document), variables: { ...variables } };
  let cursor: string | null = variables.after ?? null;
  const unsubscribe = ws.subscribe<Data>(payload, {
    next: (result) => {
      const next = (result.extensions as { cursor?: unknown } | undefined)?.cursor;
      if (typeof next === 'string') {
        cursor = next;
        payload.variables.after = next;
      }
      if (result.data) sink.next(result.data);
      else if (result.errors) sink.error(result.errors);
    },
    error: sink.error,
    complete: () => undefined,
  });
  return { cursor: () => cursor, unsubscribe };
}
