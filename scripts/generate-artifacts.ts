// Writes the committed, generated API descriptions. CI regenerates them and fails on a diff.
// `schema` writes schema.graphql; `openapi` writes openapi.json. They are two steps because
// the routes' typed documents are generated from schema.graphql in between (generate.mjs),
// and the routes (which openapi.json describes) import those documents.
import { writeFileSync } from 'node:fs';

const step = process.argv[2];
if (step === 'schema') {
  const { printSchemaSDL } = await import('../src/graphql/schema.ts');
  writeFileSync(new URL('../schema.graphql', import.meta.url), printSchemaSDL());
  console.log('wrote schema.graphql');
} else if (step === 'openapi') {
  const { allRoutes } = await import('../src/http/app.ts');
  const { buildOpenApi } = await import('../src/http/openapi.ts');
  const { SERVICE_VERSION } = await import('../src/version.ts');
  writeFileSync(new URL('../openapi.json', import.meta.url), `${JSON.stringify(buildOpenApi(allRoutes(), SERVICE_VERSION), null, 2)}\n`);
  console.log('wrote openapi.json');
} else {
  console.error('usage: generate-artifacts.ts schema|openapi');
  process.exit(2);
}
