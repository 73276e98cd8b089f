// Typed GraphQL documents: GraphQL Code Generator's client preset reads
// schema.graphql and every graphql(`…`) call of its sources and writes, for
// each document, a DocumentNode typed with its result and variables
// (committed; `npm run generate` runs this, CI fails when it is stale):
// - web/src/gql/: the web app's queries (urql);
// - src/http/gql/: the route documents and presenter fragments of the REST
//   and tool routes (src/http/routes, src/http/presenters), which the facade
//   runs in-process; the routes' result types come from here, never by hand.
// Documents become DocumentNode objects without source locations.
//
// The web app's documents are also its trusted documents: the client preset's
// `persistedDocuments` writes web/src/gql/persisted-documents.json (document
// id → the exact text the service runs) and embeds each document's id in it
// (`__meta__.documentId`), so the app sends `{"documentId": "sha256:…"}`
// instead of the text (src/graphql/trusted-documents.ts). Ids are
// `sha256:<hex>` of the printed document, the GraphQL-over-HTTP convention.
// The stored text has `__typename` in every selection below the root, as
// urql's cache adds it to what it sends (it reads typenames from results to
// know what a mutation changed): the service runs what urql would have sent.
// The app's types stay without it (`skipTypename`).
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { Kind, parse, print, visit } from 'graphql';

/** Trusted documents of the web app: id → the text the service runs. */
const trusted = new Map();

/** `text` with `__typename` in every selection set but the operation's root (a subscription's root takes one field). */
function withTypenames(text) {
  const typename = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };
  const document = visit(parse(text, { noLocation: true }), {
    SelectionSet(node, _key, parent) {
      if (parent && !Array.isArray(parent) && parent.kind === Kind.OPERATION_DEFINITION) return undefined;
      const has = node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename' && !s.alias);
      return has ? undefined : { ...node, selections: [typename, ...node.selections] };
    },
  });
  return print(document);
}

/** The id of a web document (the client preset's hash function): `sha256:` and the hash of its stored text. */
function documentId(printed) {
  const text = withTypenames(printed);
  const id = `sha256:${createHash('sha256').update(text).digest('hex')}`;
  trusted.set(id, text);
  return id;
}

const config = {
  preset: 'client',
  presetConfig: { fragmentMasking: false },
  config: {
    documentMode: 'documentNode',
    useTypeImports: true,
    enumsAsTypes: true,
    skipTypename: true,
    scalars: { DateTime: 'string', JSON: 'unknown' },
  },
};

await generate(
  {
    schema: 'schema.graphql',
    ignoreNoDocuments: true,
    silent: true,
    generates: {
      'web/src/gql/': {
        ...config,
        // The client preset's persisted documents are made in its default document mode only.
        config: { ...config.config, documentMode: undefined },
        presetConfig: {
          ...config.presetConfig,
          persistedDocuments: {
            mode: 'embedHashInDocument',
            hashPropertyName: 'documentId',
            hashAlgorithm: documentId,
          },
        },
        documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**'],
      },
      'src/http/gql/': { ...config, documents: ['src/http/routes/**/*.ts', 'src/http/presenters/**/*.ts'] },
    },
  },
  true,
);
// The preset's own manifest holds the text it hashed; the service runs the text with typenames.
const sorted = [...trusted].sort(([a], [b]) => (a < b ? -1 : 1));
writeFileSync('web/src/gql/persisted-documents.json', `${JSON.stringify(Object.fromEntries(sorted), null, 2)}\n`);
console.log(`wrote web/src/gql/ (${trusted.size} trusted documents) and src/http/gql/`);
