import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printSchemaSDL } from '../../src/graphql/schema.ts';

describe('schema.graphql', () => {
  it('is the schema printed from Pothos (run `npm run generate` when this fails)', () => {
    const committed = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(printSchemaSDL());
  });
});
