// Browser tests of the states the real service rarely shows (nothing yet, a
// failed load, a board full of data): the page's GraphQL over HTTP
// (`/graphql`, GET and POST) is answered by `tasksvc mock` (src/mock/server.ts,
// started in-process on an ephemeral port) instead of the service, with a
// scenario chosen per operation. The operation is named by the trusted
// document id the app sends, through the app's own manifest. Everything else
// stays the real service's: the built app, the session cookie, and the
// graphql-ws socket (the mock serves no subscriptions; the live board
// subscribes to a real, quiet board of the signed-in person).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type OperationDefinitionNode, parse } from 'graphql';
import type { Page, Request } from 'playwright-core';
import { type MockServer, startMockServer } from '../../src/mock/server.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';

/** What the mock answers one operation with (the `x-mock-scenario` and `x-mock-error-code` headers). */
export interface MockAnswer {
  scenario: 'normal' | 'empty' | 'error';
  /** A code of src/errors.ts (with `error`; the mock's default is INTERNAL). */
  errorCode?: string;
}

/** The web app's trusted documents: id → operation name. */
function operationNames(): Map<string, string> {
  const manifest = JSON.parse(
    readFileSync(join(PROJECT_ROOT, 'web/src/gql/persisted-documents.json'), 'utf8'),
  ) as Record<string, string>;
  const names = new Map<string, string>();
  for (const [id, text] of Object.entries(manifest)) {
    const op = parse(text).definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
    if (op?.name) names.set(id, op.name.value);
  }
  return names;
}

/** The trusted document id of a GraphQL request (POST body or GET query string). */
function documentIdOf(request: Request): string | null {
  if (request.method() === 'GET') return new URL(request.url()).searchParams.get('documentId');
  try {
    return (JSON.parse(request.postData() ?? '{}') as { documentId?: string }).documentId ?? null;
  } catch {
    return null;
  }
}

/** A page whose GraphQL queries and mutations the mock answers. */
export interface MockedGraphql {
  mock: MockServer;
  /** The web app's trusted document id of an operation (to ask the mock directly). */
  documentId(operationName: string): string;
  /** Sets the answers from now on: by operation name; `others` for the rest (default normal). */
  answer(byOperation: Record<string, MockAnswer>, others?: MockAnswer): void;
  /** Operation names the mock answered, in order, with the scenario used. */
  readonly answered: readonly string[];
  close(): Promise<void>;
}

/**
 * Starts a mock with `seed` and routes `page`'s `/graphql` requests to it
 * (the socket's upgrade is not an HTTP request: it still reaches the
 * service). A request without a known document id fails the test's page
 * with the mock's own 404, as a client built for another schema would.
 */
export async function mockGraphql(page: Page, opts: { seed: number }): Promise<MockedGraphql> {
  const mock = await startMockServer({ port: 0, host: '127.0.0.1', seed: opts.seed });
  const names = operationNames();
  let byOperation: Record<string, MockAnswer> = {};
  let others: MockAnswer = { scenario: 'normal' };
  const answered: string[] = [];
  await page.route(
    (url) => url.pathname === '/graphql',
    async (route) => {
      const request = route.request();
      const id = documentIdOf(request);
      const name = (id && names.get(id)) ?? '(unknown document)';
      const answer = byOperation[name] ?? others;
      answered.push(`${name}:${answer.scenario}`);
      const url = new URL(request.url());
      const response = await route.fetch({
        url: `${mock.url}/graphql${url.search}`,
        headers: {
          ...request.headers(),
          'x-mock-scenario': answer.scenario,
          ...(answer.errorCode ? { 'x-mock-error-code': answer.errorCode } : {}),
        },
      });
      await route.fulfill({ response });
    },
  );
  return {
    mock,
    answered,
    documentId(operationName) {
      const id = [...names].find(([, name]) => name === operationName)?.[0];
      if (!id) throw new Error(`no trusted document for ${operationName}`);
      return id;
    },
    answer(next, rest = { scenario: 'normal' }) {
      byOperation = next;
      others = rest;
    },
    close: () => mock.close(),
  };
}
