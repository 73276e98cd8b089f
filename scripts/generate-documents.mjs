// Typed GraphQL documents: GraphQL Code Generator's client preset reads
// schema.graphql and every graphql(`…`) call of its sources and writes, for
// each document, a DocumentNode typed with its result and variables
// (committed; `npm run generate` runs this, CI fails when it is stale):
// - web/src/gql/: the web app's queries (urql);
// - src/http/gql/: the route documents and presenter fragments of the REST
//   and tool routes (src/http/routes, src/http/presenters), which the facade
//   runs in-process; the routes' result types come from here, never by hand.
// Documents become DocumentNode objects without source locations.
import { generate } from '@graphql-codegen/cli';

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
      'web/src/gql/': { ...config, documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**'] },
      'src/http/gql/': { ...config, documents: ['src/http/routes/**/*.ts', 'src/http/presenters/**/*.ts'] },
    },
  },
  true,
);
console.log('wrote web/src/gql/ and src/http/gql/');
