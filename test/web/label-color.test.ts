import { describe, expect, it } from 'vitest';
import { labelColor } from '../../web/src/components/label-color';

const label = (color: string | null | undefined) => ({ id: 1, name: 'bug', color });

describe('labelColor', () => {
  it('draws #rrggbb colours', () => {
    expect(labelColor(label('#0075ca'))).toBe('#0075ca');
    expect(labelColor(label('#D73A4A'))).toBe('#D73A4A');
  });

  it('draws nothing for no colour or one stored before the #rrggbb rule (never into a style)', () => {
    for (const color of [
      null,
      undefined,
      '',
      'red',
      '#f00',
      'url(https://example.com/x.png)',
      '#0075ca; background: red',
    ]) {
      expect(labelColor(label(color))).toBeUndefined();
    }
  });
});
