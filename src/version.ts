import { createRequire } from 'node:module';

/** The package version, reported in the OpenAPI document and start-up output. */
export const SERVICE_VERSION: string = createRequire(import.meta.url)('../package.json').version;
