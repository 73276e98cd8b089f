// Writes the committed, generated API descriptions. CI regenerates them and fails on a diff.
import { writeFileSync } from 'node:fs';
import { allRoutes } from '../src/http/app.ts';
import { buildOpenApi } from '../src/http/openapi.ts';
import { printSchemaSDL } from '../src/graphql/schema.ts';
import { SERVICE_VERSION } from '../src/version.ts';

writeFileSync(new URL('../schema.graphql', import.meta.url), printSchemaSDL());
writeFileSync(new URL('../openapi.json', import.meta.url), `${JSON.stringify(buildOpenApi(allRoutes(), SERVICE_VERSION), null, 2)}\n`);
console.log('wrote schema.graphql and openapi.json');
