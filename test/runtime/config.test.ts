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
