// Trusted documents: the web app's documents run by id over HTTP (POST and
// GET) and graphql-ws; under GRAPHQL_SESSION_DOCUMENTS=trusted a cookie
// session runs nothing else while an API key keeps the full language; unknown
// and malformed ids are 4xx naming `documentId`.
import { readFileSync } from 'node:fs';
import { type DocumentNode, parse, print, validate } from 'graphql';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/graphql/schema.ts';
import { TRUSTED_DOCUMENTS_FILE, documentIdOf } from '../../src/graphql/trusted-documents.ts';
import * as webDocuments from '../../web/src/gql/graphql.ts';
import { MeDocument, UnreadCountDocument } from '../../web/src/gql/graphql.ts';
import { useTestApp, useTestServer } from '../support/app.ts';
import { makeUserWithKey } from '../support/factories.ts';
import { signInWithPassword } from '../security/session-helpers.ts';

const t = useTestServer({ env: { GRAPHQL_SESSION_DOCUMENTS: 'trusted', RATE_LIMIT_PER_MINUTE: '0' } });
const open = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '0' } });

const manifest = JSON.parse(readFileSync(TRUSTED_DOCUMENTS_FILE, 'utf8')) as Record<string, string>;
const idOf = (document: DocumentNode) =>
  (document as { __meta__?: { documentId?: string } }).__meta__?.documentId as string;
const ME = idOf(MeDocument);
const FREE_FORM = '{ me { id } }';

async function post(body: unknown, headers: Record<string, string>, base = t.url) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    json: (await res.json()) as { data?: any; errors?: { extensions: Record<string, unknown> }[] },
  };
}

describe('the manifest', () => {
  it('holds every document of the web app under the id the document carries, hashing to it and valid', () => {
    const operations = Object.values(webDocuments).filter(
      (value): value is DocumentNode =>
        typeof value === 'object' &&
        value !== null &&
        'definitions' in value &&
        value.definitions.some((d) => d.kind === 'OperationDefinition'),
    );
    const carried = operations.map(idOf);
    expect(carried.every(Boolean)).toBe(true);
    expect(carried.length).toBeGreaterThan(20);
    expect(new Set(carried)).toEqual(new Set(Object.keys(manifest)));
    for (const [id, text] of Object.entries(manifest)) {
      expect(documentIdOf(text), id).toBe(id);
      expect(validate(schema, parse(text)), id).toEqual([]);
    }
  });

  it('stores what urql would send: __typename in every selection below the root', () => {
    expect(manifest[ME]).toBe(print(parse('query Me { me { __typename displayName email id } }')));
  });
});

describe('documentId over HTTP', () => {
  it('runs a trusted document by id for an API key (POST and GET), as its text would run', async () => {
    const { user, key } = await makeUserWithKey(t.db, 'Dora');
    const auth = { authorization: `Bearer ${key}` };
    const byId = await post({ documentId: ME }, auth);
    expect(byId).toEqual({
      status: 200,
      json: { data: { me: { __typename: 'User', id: user.id, email: user.email, displayName: user.displayName } } },
    });
    expect((await post({ query: manifest[ME] }, auth)).json).toEqual(byId.json);
    const get = await fetch(`${t.url}/graphql?documentId=${encodeURIComponent(ME)}`, {
      headers: { ...auth, accept: 'application/json' },
    });
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual(byId.json);
    // Variables go with the id as with a text.
    const unread = await post({ documentId: idOf(UnreadCountDocument), variables: {} }, auth);
    expect(unread.json.errors).toBeUndefined();
  });

  it('an unknown id is NOT_FOUND, a malformed one, both query and id, or neither are VALIDATION: 4xx, never 500', async () => {
    const { key } = await makeUserWithKey(t.db);
    const auth = { authorization: `Bearer ${key}` };
    const cases: [unknown, string, string, string][] = [
      [{ documentId: `sha256:${'0'.repeat(64)}` }, 'NOT_FOUND', 'documentId', 'unknown_document'],
      [{ documentId: 'sha256:abc' }, 'VALIDATION', 'documentId', 'invalid_document_id'],
      [{ documentId: ME.toUpperCase() }, 'VALIDATION', 'documentId', 'invalid_document_id'],
      [{ documentId: 12 }, 'VALIDATION', 'documentId', 'invalid_document_id'],
      [{ documentId: ME, query: FREE_FORM }, 'VALIDATION', 'documentId', 'query_and_document_id'],
      [{}, 'VALIDATION', 'query', 'missing_query'],
    ];
    for (const [body, code, field, detail] of cases) {
      const res = await post(body, auth);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(res.json.errors?.[0].extensions, JSON.stringify(body)).toMatchObject({ code, field, detail });
    }
  });
});

describe('GRAPHQL_SESSION_DOCUMENTS', () => {
  it('trusted: a cookie session runs trusted documents only; an API key keeps the full language', async () => {
    const { user, key } = await makeUserWithKey(t.db, 'Eve');
    const cookie = await signInWithPassword(t, user.id);
    const session = { cookie, origin: t.url };
    const refused = await post({ query: FREE_FORM }, session);
    expect(refused.status).toBe(403);
    expect(refused.json.errors?.[0].extensions).toMatchObject({
      code: 'FORBIDDEN',
      field: 'query',
      detail: 'trusted_documents_only',
    });
    // Refused before it is parsed: a syntax error is refused the same way.
    expect((await post({ query: '{ me {' }, session)).json.errors?.[0].extensions.detail).toBe(
      'trusted_documents_only',
    );
    expect((await post({ documentId: ME }, session)).json.data.me.id).toBe(user.id);
    expect((await post({ query: FREE_FORM }, { authorization: `Bearer ${key}` })).json).toEqual({
      data: { me: { id: user.id } },
    });
  });

  it('any (the default): a cookie session sends any document, and ids too', async () => {
    const { user } = await makeUserWithKey(open.db, 'Finn');
    const cookie = await signInWithPassword(open, user.id);
    const headers = { cookie, origin: 'http://localhost' };
    const free = await open.fetch('/graphql', { method: 'POST', headers, json: { query: FREE_FORM } });
    expect(await free.json()).toEqual({ data: { me: { id: user.id } } });
    const byId = await open.fetch('/graphql', { method: 'POST', headers, json: { documentId: ME } });
    expect((await byId.json()).data.me.id).toBe(user.id);
  });
});

describe('documentId over graphql-ws', () => {
  /** One operation over a socket opened with `headers` (a browser sends its cookies on the upgrade). */
  async function overSocket(headers: Record<string, string>, payload: Record<string, unknown>) {
    const client = createClient({
      url: t.url.replace(/^http/, 'ws') + '/graphql',
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols: string | string[]) {
          super(url, protocols, { headers });
        }
      },
      retryAttempts: 0,
    });
    try {
      return await new Promise<any>((resolve) => {
        let result: unknown;
        client.subscribe(payload as never, {
          next: (r) => (result = r),
          error: (errors) => resolve({ errors }),
          complete: () => resolve(result),
        });
      });
    } finally {
      await client.dispose();
    }
  }

  it('a cookie session runs a trusted document by id and nothing else; unknown ids are refused', async () => {
    const { user, key } = await makeUserWithKey(t.db, 'Gus');
    const cookie = await signInWithPassword(t, user.id);
    const session = { cookie, origin: t.url };
    const byId = await overSocket(session, { query: '', documentId: ME });
    expect(byId.data.me.id).toBe(user.id);
    const free = await overSocket(session, { query: FREE_FORM });
    expect(free.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', detail: 'trusted_documents_only' });
    const unknown = await overSocket(session, { query: '', documentId: `sha256:${'1'.repeat(64)}` });
    expect(unknown.errors[0].extensions).toMatchObject({ code: 'NOT_FOUND', field: 'documentId' });
    const both = await overSocket(session, { query: FREE_FORM, documentId: ME });
    expect(both.errors[0].extensions).toMatchObject({ code: 'VALIDATION', detail: 'query_and_document_id' });
    // An API key keeps the full language over the socket too.
    const keyed = await overSocket({ authorization: `Bearer ${key}` }, { query: FREE_FORM });
    expect(keyed).toEqual({ data: { me: { id: user.id } } });
  });
});
