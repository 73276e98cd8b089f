import { describe, expect, it } from 'vitest';
import {
  countProjectList,
  inIdOrder,
  projectListPage,
  projectListWindow,
  type ProjectListInput,
  updateProjectStatus,
} from '../../src/domain/project.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';
import { beforeAllValue } from '../support/lifecycle.ts';

const db = useTestDb();
useBystander(db);

/**
 * A user's boards with titles, descriptions and times chosen so each sort
 * and search rule decides something; one Archive, one of another user.
 * Only read by the tests, so made once.
 */
const w = beforeAllValue(async () => {
  const me = await makeUser(db, 'Lister');
  const other = await makeUser(db, 'Other');
  const made: Record<string, number> = {};
  const rows: [string, string, string, string, 'Normal' | 'Archive'][] = [
    // key, title, description, created/updated day, status
    ['beta', 'Beta', 'all 100% done', '05', 'Normal'],
    ['alpha', 'alpha', 'first', '03', 'Normal'],
    ['gamma1', 'Gamma', 'under_score', '01', 'Normal'],
    ['gamma2', 'Gamma', 'back\\slash', '04', 'Normal'],
    ['delta', 'Delta', 'archived', '02', 'Archive'],
  ];
  for (const [key, title, description, day, status] of rows) {
    const p = await makeProject(db, { memberIds: [me.id], title });
    const at = new Date(`2026-01-${day}T00:00:00Z`);
    // updatedAt runs the other way round from createdAt, so the two sorts differ.
    const updated = new Date(`2026-02-${String(10 - Number(day)).padStart(2, '0')}T00:00:00Z`);
    await db.project.update({ where: { id: p.id }, data: { description, status, createdAt: at, updatedAt: updated } });
    made[key] = p.id;
  }
  const theirs = await makeProject(db, { memberIds: [other.id], title: 'alpha theirs' });
  return { me, other, ids: made, theirs };
}, () => undefined);

const page = async (input: ProjectListInput) => (await projectListPage(db, w.me.id, input)).ids;
const key = (ids: number[]) => ids.map((id) => Object.entries(w.ids).find(([, v]) => v === id)?.[0] ?? id);

describe('projectListPage', () => {
  it('sorts by title case-insensitively (ties by id), ascending by default; only the user’s Normal boards', async () => {
    const r = await projectListPage(db, w.me.id, {});
    expect(key(r.ids)).toEqual(['alpha', 'beta', 'gamma1', 'gamma2']);
    expect([r.total, r.limit, r.offset]).toEqual([4, 50, 0]);
    expect(key(await page({ sortOrder: 'desc' }))).toEqual(['gamma1', 'gamma2', 'beta', 'alpha']);
    expect(key(await page({ status: 'Archive' }))).toEqual(['delta']);
  });

  it('sorts by creation or change time, both ways; pages with limit and offset', async () => {
    expect(key(await page({ sortBy: 'createdAt' }))).toEqual(['gamma1', 'alpha', 'gamma2', 'beta']);
    expect(key(await page({ sortBy: 'createdAt', sortOrder: 'desc' }))).toEqual(['beta', 'gamma2', 'alpha', 'gamma1']);
    expect(key(await page({ sortBy: 'updatedAt' }))).toEqual(['beta', 'gamma2', 'alpha', 'gamma1']);
    const r = await projectListPage(db, w.me.id, { sortBy: 'updatedAt', sortOrder: 'desc', limit: 2, offset: 1 });
    expect([key(r.ids), r.total, r.limit, r.offset]).toEqual([['alpha', 'gamma2'], 4, 2, 1]);
  });

  it('searches title and description case-insensitively; %, _ and \\ match themselves', async () => {
    expect(key(await page({ search: 'ALPH' }))).toEqual(['alpha']);
    expect(key(await page({ search: 'FIRST' }))).toEqual(['alpha']);
    expect(key(await page({ search: '100%' }))).toEqual(['beta']);
    expect(key(await page({ search: '%' }))).toEqual(['beta']);
    expect(key(await page({ search: 'r_s' }))).toEqual(['gamma1']);
    expect(key(await page({ search: '_' }))).toEqual(['gamma1']);
    expect(key(await page({ search: '\\' }))).toEqual(['gamma2']);
    expect(key(await page({ search: 'k\\s' }))).toEqual(['gamma2']);
    expect(key(await page({ search: '' }))).toHaveLength(4);
    expect(await countProjectList(db, w.me.id, { search: 'a' })).toBe(4);
    expect(await countProjectList(db, w.me.id, { search: 'nothing like it' })).toBe(0);
    expect(await countProjectList(db, w.me.id, { status: 'Archive', search: 'arch' })).toBe(1);
  });

  it('limits: search up to 200 characters, limit 1 to 100', async () => {
    expect(await page({ search: 'x'.repeat(200) })).toEqual([]);
    await expectAppError(page({ search: 'x'.repeat(201) }), 'VALIDATION', 'search', 'too_big');
    await expectAppError(page({ sortBy: 'id' as never }), 'VALIDATION', 'sortBy');
    await expectAppError(page({ sortOrder: 'up' as never }), 'VALIDATION', 'sortOrder');
    await expectAppError(page({ status: 'Gone' as never }), 'VALIDATION', 'status');
    expect(await page({ limit: 1 })).toHaveLength(1);
  });
});

describe('projectListWindow (keyset)', () => {
  const window = (input: Omit<ProjectListInput, 'limit' | 'offset'>, after: { value: string | Date; id: number } | null, backward = false, take = 10) =>
    projectListWindow(db, w.me.id, input, { after, backward, take }).then(key);

  it('walks the title order forward and backward from a position, ties by id', async () => {
    const { ids } = w;
    expect(await window({}, null)).toEqual(['alpha', 'beta', 'gamma1', 'gamma2']);
    expect(await window({}, null, false, 2)).toEqual(['alpha', 'beta']);
    expect(await window({}, { value: 'Beta', id: ids.beta })).toEqual(['gamma1', 'gamma2']);
    expect(await window({}, { value: 'Gamma', id: ids.gamma1 })).toEqual(['gamma2']);
    expect(await window({}, null, true)).toEqual(['gamma2', 'gamma1', 'beta', 'alpha']);
    expect(await window({}, { value: 'Gamma', id: ids.gamma2 }, true)).toEqual(['gamma1', 'beta', 'alpha']);
    expect(await window({}, { value: 'Gamma', id: ids.gamma1 }, true, 1)).toEqual(['beta']);
    expect(await window({ sortOrder: 'desc' }, { value: 'Beta', id: ids.beta })).toEqual(['alpha']);
    expect(await window({ sortOrder: 'desc' }, { value: 'Beta', id: ids.beta }, true)).toEqual(['gamma2', 'gamma1']);
  });

  it('walks a time order from a position given as a date; filters as the page does', async () => {
    const { ids } = w;
    const created = async (id: number) => (await db.project.findUniqueOrThrow({ where: { id } })).createdAt;
    expect(await window({ sortBy: 'createdAt' }, { value: await created(ids.alpha), id: ids.alpha })).toEqual(['gamma2', 'beta']);
    expect(await window({ sortBy: 'createdAt' }, { value: await created(ids.alpha), id: ids.alpha }, true)).toEqual(['gamma1']);
    const updated = (await db.project.findUniqueOrThrow({ where: { id: ids.gamma2 } })).updatedAt;
    expect(await window({ sortBy: 'updatedAt', sortOrder: 'desc' }, { value: updated.toISOString(), id: ids.gamma2 })).toEqual(['beta']);
    expect(await window({ search: 'gamma' }, null)).toEqual(['gamma1', 'gamma2']);
    expect(await window({ status: 'Archive' }, null)).toEqual(['delta']);
    expect(await projectListWindow(db, w.other.id, {}, { after: null, backward: false, take: 10 })).toEqual([w.theirs.id]);
  });
});

describe('inIdOrder', () => {
  it('orders rows like the ids', () => {
    expect(inIdOrder([{ id: 1 }, { id: 2 }, { id: 3 }], [3, 1, 2])).toEqual([{ id: 3 }, { id: 1 }, { id: 2 }]);
  });
});

describe('updateProjectStatus', () => {
  it('another user’s board is NOT_FOUND naming projectId, unchanged', async () => {
    const { theirs } = w;
    await expectAppError(updateProjectStatus(db, w.me.id, { projectId: theirs.id, status: 'Deleted' }), 'NOT_FOUND', 'projectId');
    expect((await db.project.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe('Normal');
  });
});
