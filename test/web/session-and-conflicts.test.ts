import { describe, expect, it } from 'vitest';
import { signInPath } from '../../web/src/auth/session-ended';
import { type CurrentTask, type SaveResult, saveText, staleVersionOf } from '../../web/src/screens/task/conflict';
import { isSignedOutClose, retryDelay } from '../../web/src/graphql/client';

const current = (over: Partial<CurrentTask>): CurrentTask => ({
  version: 2,
  title: 'T',
  description: '<p>d</p>',
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: { id: 1, displayName: 'Ada' },
  ...over,
});

describe('signing out', () => {
  it('the sign-in path says the session ended and where to go back to', () => {
    expect(signInPath('/boards/3/tasks/AB-1', true)).toBe('/sign-in?ended=1&next=%2Fboards%2F3%2Ftasks%2FAB-1');
    expect(signInPath('/', true)).toBe('/sign-in?ended=1');
    expect(signInPath('/inbox', false)).toBe('/sign-in?next=%2Finbox');
    expect(signInPath('/sign-in?next=%2Fx', false)).toBe('/sign-in');
  });

  it('socket closes for credentials end the session; others are retried within 2 s', () => {
    expect([4401, 4403].map((code) => isSignedOutClose({ code }))).toEqual([true, true]);
    expect([1006, 4429, 4400, 1000].map((code) => isSignedOutClose({ code }))).toEqual([false, false, false, false]);
    expect(isSignedOutClose(new Error('x'))).toBe(false);
    for (let retries = 0; retries < 20; retries++) expect(retryDelay(retries)).toBeLessThanOrEqual(2000);
  });
});

describe('saving a text field with its version', () => {
  it('saves again onto the new version when nobody changed this field; answers the conflict when someone did', async () => {
    const calls: number[] = [];
    const save = (answers: SaveResult[]) => async (v: number) => {
      calls.push(v);
      return answers.shift()!;
    };
    // The status changed meanwhile (version 2), the description did not: saved onto version 2.
    expect(await saveText(save([{ ok: false, current: current({}) }, { ok: true }]), 'description', '<p>d</p>', 1)).toEqual({ ok: true });
    expect(calls).toEqual([1, 2]);
    // The description changed: the conflict is the person's to resolve.
    calls.length = 0;
    const theirs = current({ description: '<p>theirs</p>' });
    expect(await saveText(save([{ ok: false, current: theirs }]), 'description', '<p>d</p>', 1)).toEqual({ ok: false, current: theirs });
    expect(calls).toEqual([1]);
    // The server already holds what is being saved: done.
    expect(await saveText(save([{ ok: false, current: current({ title: 'Mine' }) }]), 'title', 'T0', 1, (c) => c.title === 'Mine')).toEqual({ ok: true });
  });

  it('reads the current task of a stale_version refusal only', () => {
    const now = current({});
    const error = (extensions: Record<string, unknown>) => ({ graphQLErrors: [{ extensions }] }) as never;
    expect(staleVersionOf(error({ code: 'CONFLICT', detail: 'stale_version', current: now }))).toEqual(now);
    expect(staleVersionOf(error({ code: 'CONFLICT', detail: 'duplicate' }))).toBeNull();
    expect(staleVersionOf(undefined)).toBeNull();
  });
});
