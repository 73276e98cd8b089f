import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../src/http/app.ts';
import { openApiPath } from '../../src/http/openapi.ts';
import { useTestApp } from '../support/app.ts';

const t = useTestApp();

describe('OpenAPI document', () => {
  it('is served at /api/openapi.json, valid for a real OpenAPI 3.1 validator', async () => {
    const res = await t.fetch('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('lists every route of the router, and nothing else', async () => {
    const doc = await (await t.fetch('/api/openapi.json')).json();
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const routed = allRoutes()
      .map((r) => `${r.def.method} ${openApiPath(r.fullPath)}`)
      .sort();
    expect(documented).toEqual(routed);
    const ids = allRoutes().map((r) => r.def.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the committed openapi.json is current (run `npm run generate` when this fails)', async () => {
    const served = await (await t.fetch('/api/openapi.json')).json();
    const committed = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(served);
  });

  it('the reference page at /docs names every operation', async () => {
    const html = await (await t.fetch('/docs')).text();
    for (const r of allRoutes()) expect(html).toContain(r.def.operationId);
  });
});
