import { describe, expect, it } from 'vitest';
import { parseRoute } from '../../web/src/router';
import {
  moveSectionBy,
  moveSectionOnto,
  moveSectionTo,
  receivingSection,
} from '../../web/src/screens/settings/section-order';

describe('settings routes', () => {
  it('parses the account, team, webhook and board settings paths', () => {
    expect(parseRoute('/settings')).toEqual({ name: 'account' });
    expect(parseRoute('/settings/account')).toEqual({ name: 'account' });
    expect(parseRoute('/settings/teams')).toEqual({ name: 'team-settings', teamNumber: null });
    expect(parseRoute('/settings/teams/7')).toEqual({ name: 'team-settings', teamNumber: 7 });
    expect(parseRoute('/settings/teams/x')).toEqual({ name: 'not-found' });
    expect(parseRoute('/settings/webhooks')).toEqual({ name: 'webhooks' });
    expect(parseRoute('/settings/other')).toEqual({ name: 'not-found' });
    expect(parseRoute('/boards/12/settings')).toEqual({ name: 'board-settings', projectId: 12 });
    expect(parseRoute('/boards/12/settings/more')).toEqual({ name: 'not-found' });
  });
});

describe('section order', () => {
  const order = [1, 2, 3, 4];

  it('a keyboard move goes one place and names the section it follows (null: first)', () => {
    expect(moveSectionBy(order, 3, -1)).toEqual({ order: [1, 3, 2, 4], sectionId: 3, moveAfterSectionId: 1, position: 2 });
    expect(moveSectionBy(order, 2, -1)).toEqual({ order: [2, 1, 3, 4], sectionId: 2, moveAfterSectionId: null, position: 1 });
    expect(moveSectionBy(order, 3, 1)).toEqual({ order: [1, 2, 4, 3], sectionId: 3, moveAfterSectionId: 4, position: 4 });
    expect(moveSectionBy(order, 1, -1)).toBeNull();
    expect(moveSectionBy(order, 4, 1)).toBeNull();
    expect(moveSectionBy(order, 9, 1)).toBeNull();
  });

  it('a drop lands before or after the row it is dropped on', () => {
    expect(moveSectionOnto(order, 4, 1, true)?.order).toEqual([4, 1, 2, 3]);
    expect(moveSectionOnto(order, 1, 3, false)).toMatchObject({ order: [2, 3, 1, 4], moveAfterSectionId: 3 });
    expect(moveSectionOnto(order, 1, 2, true)).toBeNull();
    expect(moveSectionOnto(order, 2, 2, true)).toBeNull();
    expect(moveSectionTo(order, 2, 99)).toMatchObject({ order: [1, 3, 4, 2], moveAfterSectionId: 4 });
  });

  it("a deleted section's tasks go to the first remaining visible section, else the first", () => {
    const s = (id: number, visible = true) => ({ id, visible });
    expect(receivingSection([s(1), s(2)], 1)?.id).toBe(2);
    expect(receivingSection([s(1), s(2, false), s(3)], 1)?.id).toBe(3);
    expect(receivingSection([s(1), s(2, false)], 1)?.id).toBe(2);
    expect(receivingSection([s(1)], 1)).toBeNull();
  });
});

describe('session browsers', () => {
  it('names common browsers and systems; shows anything else as sent, shortened', async () => {
    const { describeUserAgent } = await import('../../web/src/screens/settings/user-agent');
    const chromeLinux = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    expect(describeUserAgent(chromeLinux)).toBe('Chrome on Linux');
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 Version/17.1 Safari/605.1.15')).toBe('Safari on macOS');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Windows');
    expect(describeUserAgent(`${chromeLinux} Edg/131.0`)).toBe('Edge on Linux');
    expect(describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1')).toBe('Safari on iOS');
    expect(describeUserAgent('deploy-script/1.0')).toBe('deploy-script/1.0');
    expect(describeUserAgent('x'.repeat(80))).toBe(`${'x'.repeat(57)}…`);
    expect(describeUserAgent(null)).toBe('Unknown browser');
  });
});
