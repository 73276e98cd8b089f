// A mutation answers from the row it holds only when Pothos's query asks for
// nothing the row lacks; otherwise the resolver reads the row again.
import { describe, expect, it } from 'vitest';
import { rowInHand } from '../../src/graphql/row-in-hand.ts';

const row = { id: 1, title: 'T', section: { id: 2, title: 'Backlog', ranking: 'a' }, project: { ticketPrefix: 'ABC' } };

describe('rowInHand', () => {
  it('answers a query without relations, and one whose relations the row carries', () => {
    expect(rowInHand({}, row, [])).toBe(row);
    expect(rowInHand({ include: {} }, row, [])).toBe(row);
    expect(rowInHand({ include: { section: true, project: { select: { ticketPrefix: true } } } }, row, ['section'])).toBe(row);
  });

  it('reads again for a relation asked whole that the row carries only in part', () => {
    expect(rowInHand({ include: { section: true } }, row, [])).toBeNull();
    expect(rowInHand({ include: { project: true } }, row, ['section'])).toBeNull();
  });

  it('reads again for a relation or a field the row does not carry', () => {
    expect(rowInHand({ include: { assignees: true } }, row, ['section'])).toBeNull();
    expect(rowInHand({ include: { project: { select: { ticketPrefix: true, name: true } } } }, row, [])).toBeNull();
  });

  it('reads again for anything but plain includes: select mode, nested relations, filters, counts', () => {
    expect(rowInHand({ select: { id: true } }, row, ['section'])).toBeNull();
    expect(rowInHand({ include: { project: { select: { ticketPrefix: true, team: { select: { id: true } } } } } }, row, [])).toBeNull();
    expect(rowInHand({ include: { section: { where: { deletedAt: null } } } }, row, ['section'])).toBeNull();
    expect(rowInHand({ include: { _count: { select: { comments: true } } } }, row, [])).toBeNull();
  });
});
