// The web app's typed GraphQL documents: GraphQL Code Generator's client
// preset reads schema.graphql and every graphql(`…`) call under web/src and
// writes web/src/gql/ (committed; `npm run generate` runs this, CI fails when
// it is stale). Documents become DocumentNode objects without source
// locations, the smallest form urql takes.
import { generate } from '@graphql-codegen/cli';

await generate(
  {
    schema: 'schema.graphql',
    documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**'],
    ignoreNoDocuments: true,
    silent: true,
    generates: {
      'web/src/gql/': {
        preset: 'client',
        presetConfig: { fragmentMasking: false },
        config: {
          documentMode: 'documentNode',
          useTypeImports: true,
          enumsAsTypes: true,
          skipTypename: true,
          scalars: { DateTime: 'string', JSON: 'unknown' },
        },
      },
    },
  },
  true,
);
console.log('wrote web/src/gql/');
