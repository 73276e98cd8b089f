import { describe, expect, it } from 'vitest';
import { insertMention, mentionCandidates, mentionQueryAt, mentionsInText } from '../../web/src/screens/task/mentions';
import { parseRoute } from '../../web/src/router';

describe('mentions', () => {
  it('finds the mention being typed at the caret', () => {
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('hi @Ad', 6)).toEqual({ start: 3, query: 'Ad' });
    expect(mentionQueryAt('hi @Ada Lo', 10)).toEqual({ start: 3, query: 'Ada Lo' });
    expect(mentionQueryAt('mail@example', 12)).toBeNull(); // not after whitespace
    expect(mentionQueryAt('@Ada  x', 7)).toBeNull();
    expect(mentionQueryAt('@Ada\nx', 6)).toBeNull();
  });

  it('offers members whose name or a word of it starts with the query', () => {
    const members = [{ displayName: 'Ada Lovelace' }, { displayName: 'Grace Hopper' }, { displayName: 'Alan Turing' }];
    expect(mentionCandidates(members, 'a').map((m) => m.displayName)).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(mentionCandidates(members, 'hop').map((m) => m.displayName)).toEqual(['Grace Hopper']);
    expect(mentionCandidates(members, '')).toHaveLength(3);
  });

  it('inserts "@Name " and sends only mentions still in the text, once each', () => {
    expect(insertMention('hi @Gr there', 3, 6, 'Grace Hopper')).toEqual({ text: 'hi @Grace Hopper  there', caret: 17 });
    const recorded = [
      { userId: 1, displayName: 'Ada Lovelace' },
      { userId: 2, displayName: 'Grace Hopper' },
      { userId: 1, displayName: 'Ada Lovelace' },
    ];
    expect(mentionsInText('thanks @Ada Lovelace', recorded)).toEqual([{ userId: 1, displayName: 'Ada Lovelace' }]);
  });
});

describe('routes', () => {
  it('parses the app URLs', () => {
    expect(parseRoute('/')).toEqual({ name: 'boards' });
    expect(parseRoute('/boards/12')).toEqual({ name: 'board', projectId: 12, ticket: null });
    expect(parseRoute('/boards/12/tasks/ABC-3')).toEqual({ name: 'board', projectId: 12, ticket: 'ABC-3' });
    expect(parseRoute('/inbox')).toEqual({ name: 'inbox' });
    expect(parseRoute('/invite/tok')).toEqual({ name: 'invite', token: 'tok' });
    expect(parseRoute('/invite', '?token=tok2')).toEqual({ name: 'invite', token: 'tok2' });
    expect(parseRoute('/invite', '', '#token=tok3')).toEqual({ name: 'invite', token: 'tok3' });
    expect(parseRoute('/invite')).toEqual({ name: 'not-found' });
    expect(parseRoute('/set-password', '', '#token=pwl_1')).toEqual({ name: 'set-password', token: 'pwl_1' });
    expect(parseRoute('/set-password')).toEqual({ name: 'not-found' });
    expect(parseRoute('/setup', '', '#token=setup_1')).toEqual({ name: 'setup', token: 'setup_1' });
    expect(parseRoute('/setup')).toEqual({ name: 'not-found' });
    expect(parseRoute('/boards/x')).toEqual({ name: 'not-found' });
  });

  it('follows only same-site paths after signing in', () => {
    expect(parseRoute('/sign-in', '?next=%2Fboards%2F3')).toEqual({ name: 'sign-in', next: '/boards/3' });
    expect(parseRoute('/sign-in', '?next=https%3A%2F%2Fevil.example')).toEqual({ name: 'sign-in', next: null });
    expect(parseRoute('/sign-in', '?next=%2F%2Fevil.example')).toEqual({ name: 'sign-in', next: null });
  });

  it('refuses every path the browser would resolve to another origin', () => {
    const origin = 'http://tasks.test:8080';
    // Each as it arrives in the query string; the browser's URL parser treats
    // a backslash as a slash and drops tabs and newlines.
    for (const next of [
      '/\\evil.test/x',
      '/%5Cevil.test/x',
      '/%09/evil.test/x',
      '/%0A/evil.test/x',
      '/%5C%5Cevil.test/x',
      '%2F%2F%2Fevil.test',
      '/%0D%0A/evil.test',
      'javascript:alert(1)',
      '/\\/evil.test',
    ]) {
      expect(parseRoute('/sign-in', `?next=${next}`, '', origin), next).toEqual({ name: 'sign-in', next: null });
    }
    // Doubly encoded backslashes stay a path on this origin (and are followed as such).
    expect(parseRoute('/sign-in', '?next=/%255C%255Cevil.test/x', '', origin)).toEqual({
      name: 'sign-in',
      next: '/%5C%5Cevil.test/x',
    });
    expect(parseRoute('/sign-in', '?next=%2Fboards%2F3%3Fq%3D1%23t', '', origin)).toEqual({
      name: 'sign-in',
      next: '/boards/3?q=1#t',
    });
  });
});
