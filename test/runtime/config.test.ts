import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';

describe('configuration', () => {
  it('DATABASE_URL must be PostgreSQL: other databases are refused at start-up, naming the variable', () => {
    for (const url of ['mysql://root@127.0.0.1:3306/tasksvc', 'sqlite:///tmp/x.db', 'mongodb://127.0.0.1/tasksvc']) {
      expect(() => parseConfig({ DATABASE_URL: url }), url).toThrow(
        /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
      );
    }
    for (const url of ['postgres://u@127.0.0.1:5432/db', 'postgresql://u@127.0.0.1/db', 'POSTGRES://u@h/db']) {
      expect(parseConfig({ DATABASE_URL: url }).DATABASE_URL, url).toBe(url);
    }
    expect(parseConfig({}).DATABASE_URL).toBeUndefined();
  });
});

describe('NODE_ENV=production refuses unsafe secrets with one line naming the variable', () => {
  const prod = (env: Record<string, string>) => () => parseConfig({ NODE_ENV: 'production', TASKSVC_DATA_DIR: './data', ...env });
  const refusal = (env: Record<string, string>) => {
    try {
      prod(env)();
    } catch (err) {
      const message = (err as Error).message;
      expect(message.split('\n')).toHaveLength(1);
      return message;
    }
    return null;
  };

  it('placeholder session secrets and admin passwords; the same values pass outside production', () => {
    for (const value of ['change-me-to-32-random-bytes-please', 'CHANGEME_CHANGEME_CHANGEME_CHANGEME', 'replace-me-with-a-long-random-string!', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'your-secret-here-your-secret-here-0']) {
      expect(refusal({ SESSION_SECRET: value }), value).toMatch(/^SESSION_SECRET is a placeholder value: NODE_ENV=production refuses it\./);
      expect(parseConfig({ SESSION_SECRET: value }).SESSION_SECRET).toBe(value);
    }
    expect(refusal({ ADMIN_PASSWORD: 'changeme-admin-password' })).toMatch(/^ADMIN_PASSWORD is a placeholder value/);
    expect(refusal({ ADMIN_PASSWORD: 'password' })).toMatch(/^ADMIN_PASSWORD is a placeholder value/);
  });

  it('lengths: one under the minimum is refused, at it accepted', () => {
    const secret = 'k3J9x!Qp2mZ7vR4tW8yB1nC6dF0gH5jL';
    expect(secret).toHaveLength(32);
    expect(refusal({ SESSION_SECRET: secret.slice(0, 31) })).toBe(
      'SESSION_SECRET is 31 characters: NODE_ENV=production refuses it under 32. Set 32+ random characters (openssl rand -base64 32).',
    );
    expect(prod({ SESSION_SECRET: secret })().SESSION_SECRET).toBe(secret);
    expect(refusal({ ADMIN_PASSWORD: secret.slice(0, 15) })).toMatch(/^ADMIN_PASSWORD is 15 characters/);
    expect(prod({ ADMIN_PASSWORD: secret.slice(0, 16) })().ADMIN_PASSWORD).toHaveLength(16);
  });

  it('a missing SESSION_SECRET is the data directory’s secret file on disk, refused only in memory', () => {
    expect(prod({})().SESSION_SECRET).toBeUndefined();
    expect(refusal({ TASKSVC_DATA_DIR: 'memory://' })).toMatch(/^SESSION_SECRET is not set and TASKSVC_DATA_DIR is in memory/);
    expect(parseConfig({ TASKSVC_DATA_DIR: 'memory://' }).TASKSVC_DATA_DIR).toBe('memory://');
  });

  it('Meilisearch needs a real key in production', () => {
    expect(refusal({ MEILI_HOST: 'http://meili:7700' })).toMatch(/^MEILI_API_KEY is not set while MEILI_HOST is/);
    expect(refusal({ MEILI_HOST: 'http://meili:7700', MEILI_API_KEY: 'dev-master-key-change-me' })).toMatch(/^MEILI_API_KEY is a placeholder value/);
    expect(prod({ MEILI_HOST: 'http://meili:7700', MEILI_API_KEY: 'Zq8w3Lr0Kp5sV2xN9yT4' })().MEILI_API_KEY).toBe('Zq8w3Lr0Kp5sV2xN9yT4');
  });
});
