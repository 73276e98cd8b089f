import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../src/domain/user.ts';
import { USER_SEARCH_MAX, userSearchArgs, usersByEmailsArgs } from '../../src/domain/user-search.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeTeam } from '../support/factories.ts';
import { thrown } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

/** A viewer and a team mate per name (unique emails `<tag>-<n><first name>@…`), plus a stranger with a matching name. */
async function people(names: string[]) {
  const tag = randomUUID().slice(0, 8);
  const make = (name: string, i: number) =>
    createUser(db, { email: `${tag}-${i}${name.split(' ')[0].toLowerCase().replace(/[^a-z]/g, '')}@test.local`, displayName: name });
  const viewer = await make('Viewer Person', 0);
  const mates = [];
  for (const [i, n] of names.entries()) mates.push(await make(n, i + 1));
  await makeTeam(db, [viewer.id, ...mates.map((m) => m.id)]);
  const stranger = await createUser(db, { email: `${tag}-stranger@test.local`, displayName: names[0] });
  return { tag, viewer, mates, stranger };
}

const search = async (viewerId: number, input: Parameters<typeof userSearchArgs>[1]) =>
  (await db.user.findMany(userSearchArgs(viewerId, input))).map((u) => u.displayName);

describe('user search', () => {
  it('matches an email prefix or the start of any word of the name, ignoring case, among known users only', async () => {
    const { tag, viewer } = await people(['Jane Smith', 'Smithy Jones', 'Bob Blacksmith']);
    expect(await search(viewer.id, { query: 'SMI' })).toEqual(['Jane Smith', 'Smithy Jones']);
    expect(await search(viewer.id, { query: `  ${tag}-1ja ` })).toEqual(['Jane Smith']);
    expect(await search(viewer.id, { query: 'jones' })).toEqual(['Smithy Jones']);
    expect(await search(viewer.id, { query: 'mith' })).toEqual([]);
    expect(await search(viewer.id, { query: 'viewer' })).toEqual(['Viewer Person']);
  });

  it('% and _ are literal characters, not patterns', async () => {
    const { viewer } = await people(['A_b Person', 'Axb Person', '100% Sure']);
    expect(await search(viewer.id, { query: 'a_b' })).toEqual(['A_b Person']);
    expect(await search(viewer.id, { query: '100%' })).toEqual(['100% Sure']);
    expect(await search(viewer.id, { query: '%' })).toEqual([]);
  });

  it(`answers at most limit users (1 to ${USER_SEARCH_MAX}, default ${USER_SEARCH_MAX}) by name`, async () => {
    const { viewer } = await people(Array.from({ length: 21 }, (_, i) => `Member ${String(i).padStart(2, '0')}`));
    const all = await search(viewer.id, { query: 'member' });
    expect(all).toEqual(Array.from({ length: 20 }, (_, i) => `Member ${String(i).padStart(2, '0')}`));
    expect(await search(viewer.id, { query: 'member', limit: 1 })).toEqual(['Member 00']);
    for (const bad of [{ query: 'm', limit: 0 }, { query: 'm', limit: 21 }, { query: ' ' }, { query: 'q'.repeat(101) }]) {
      expect(thrown(() => userSearchArgs(viewer.id, bad)).code).toBe('VALIDATION');
    }
  });

  it('looks users up by email (any case, each once, ordered by email); strangers and unknown emails are absent', async () => {
    const { tag, viewer, mates, stranger } = await people(['Zed Last', 'Amy First']);
    const args = usersByEmailsArgs(viewer.id, {
      emails: [` ${mates[1].email} `, mates[0].email.toUpperCase(), mates[0].email, stranger.email, `${tag}-nobody@test.local`, ''],
    });
    expect(args.take).toBe(100);
    expect((await db.user.findMany(args)).map((u) => u.email)).toEqual([mates[0].email, mates[1].email]);
    expect(args.where.AND[1]).toEqual({ email: { in: [mates[1].email, mates[0].email, stranger.email, `${tag}-nobody@test.local`] } });
    expect(thrown(() => usersByEmailsArgs(viewer.id, { emails: [] })).field).toBe('emails');
    expect(thrown(() => usersByEmailsArgs(viewer.id, { emails: Array.from({ length: 101 }, (_, i) => `${i}@x.test`) })).field).toBe('emails');
  });

  it('orders by display name then id, and lookups by email, whatever the order users were made in', async () => {
    const { tag, viewer, mates } = await people(['Zoe Orderly', 'Amy Orderly', 'Amy Orderly']);
    const byName = (await db.user.findMany(userSearchArgs(viewer.id, { query: 'orderly' }))).map((u) => u.id);
    expect(byName).toEqual([mates[1].id, mates[2].id, mates[0].id]);
    // Emails made in reverse order of the answer: `<tag>-1zoe…` first, `<tag>-0late…` last.
    const late = await createUser(db, { email: `${tag}-0late@test.local`, displayName: 'Late' });
    await makeTeam(db, [viewer.id, late.id]);
    const found = await db.user.findMany(usersByEmailsArgs(viewer.id, { emails: [mates[0].email, late.email] }));
    expect(found.map((u) => u.email)).toEqual([late.email, mates[0].email].sort());
    expect(found[0].email).toBe(late.email);
  });
});
