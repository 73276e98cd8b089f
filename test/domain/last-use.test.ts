import { describe, expect, it } from 'vitest';
import { lastUseThrottle } from '../../src/domain/last-use.ts';

describe('lastUseThrottle: a "last used" write at most once per interval, per row of each database', () => {
  it('writes the first use, then again only after the interval', () => {
    const due = lastUseThrottle(60_000);
    const db = {};
    expect(due(db, 1, 1_000_000)).toBe(true);
    expect(due(db, 1, 1_000_000)).toBe(false);
    expect(due(db, 1, 1_060_000)).toBe(false);
    expect(due(db, 1, 1_060_001)).toBe(true);
    expect(due(db, 2, 1_060_001)).toBe(true);
  });

  it('keeps each database apart: the same id in another database is written too', () => {
    const due = lastUseThrottle(60_000);
    const [a, b] = [{}, {}];
    expect(due(a, 7, 5_000_000)).toBe(true);
    expect(due(b, 7, 5_000_000)).toBe(true);
    expect(due(a, 7, 5_000_001)).toBe(false);
  });
});
