import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { productionRefusal } from '../../src/config-production.ts';

// docker-compose.yml and the Dockerfile, read as data (Docker itself need not
// run here): companions have healthchecks and the app waits for them, every
// service restarts, no database port is published, and the app image is
// built once (npm ci + npm run build) and runs as a non-root user.

const root = new URL('../../', import.meta.url);
const compose = parse(readFileSync(new URL('docker-compose.yml', root), 'utf8')) as {
  services: Record<string, Record<string, any>>;
};
const dockerfile = readFileSync(new URL('Dockerfile', root), 'utf8');
const COMPANIONS = ['postgres', 'redis', 'meilisearch'];

describe('docker-compose.yml', () => {
  const { app, ...others } = compose.services;

  it('has the app and its three companions', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', ...COMPANIONS].sort());
  });

  it.each(Object.keys(compose.services))('%s has a healthcheck and a restart policy', (name) => {
    const service = compose.services[name];
    expect(service.healthcheck?.test, name).toEqual(expect.any(Array));
    expect(service.healthcheck.test[0]).toMatch(/^CMD(-SHELL)?$/);
    expect(['always', 'unless-stopped', 'on-failure']).toContain(service.restart);
  });

  it('the app starts once every companion is healthy', () => {
    expect(app.depends_on).toEqual(Object.fromEntries(COMPANIONS.map((c) => [c, { condition: 'service_healthy' }])));
  });

  it('publishes only the app port', () => {
    for (const [name, service] of Object.entries(others)) expect(service.ports, name).toBeUndefined();
    expect(app.ports).toEqual(['3000:3000']);
  });

  it('builds the app image from the Dockerfile, never installing at start', () => {
    expect(app.build === '.' || app.build?.context === '.').toBe(true);
    expect(app.image).not.toMatch(/^node:/);
    expect(app.volumes).toBeUndefined();
    expect(JSON.stringify(app.command ?? '')).not.toMatch(/npm (ci|install)/);
  });

  it('points the app at the companions by service name', () => {
    expect(app.environment.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
    expect(app.environment.REDIS_URL).toBe('redis://redis:6379');
    expect(app.environment.MEILI_HOST).toBe('http://meilisearch:7700');
  });

  it('ships no secret: each comes from the environment, and compose stops without it', () => {
    expect(app.environment.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?.+\}$/);
    expect(app.environment.MEILI_API_KEY).toMatch(/^\$\{MEILI_MASTER_KEY:\?.+\}$/);
    expect(compose.services.meilisearch.environment.MEILI_MASTER_KEY).toBe(app.environment.MEILI_API_KEY);
    // The values it shipped before are what production now refuses.
    expect(productionRefusal({ SESSION_SECRET: 'change-me-to-32-random-bytes-please', TASKSVC_DATA_DIR: './data' })).toMatch(/^SESSION_SECRET /);
    expect(productionRefusal({ MEILI_HOST: app.environment.MEILI_HOST, MEILI_API_KEY: 'dev-master-key-change-me', TASKSVC_DATA_DIR: './data' })).toMatch(/^MEILI_API_KEY /);
  });
});

describe('Dockerfile', () => {
  const lines = dockerfile.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#'));
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('installs exactly the locked dependencies and builds the bundle', () => {
    expect(dockerfile).toMatch(/RUN npm ci\b/);
    expect(dockerfile).toMatch(/npm run build/);
    expect(lines.findIndex((l) => /npm ci/.test(l))).toBeLessThan(lines.findIndex((l) => /npm run build/.test(l)));
  });

  it('runs the built bundle as a non-root user', () => {
    const user = /^USER\s+(\S+)/m.exec(finalStage)?.[1];
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)$/);
    expect(finalStage).toMatch(/CMD \["node", "dist\/main\.js", "serve"\]/);
  });
});
