import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { COUNTED_TASKS_WHERE, countTasks, taskListQuery, type TaskListInput } from '../../src/domain/task/list.ts';
import { makeOwnedProject, makeProject, makeTeam, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';
import { beforeAllValue } from '../support/lifecycle.ts';

const db = useTestDb();
useBystander(db);

const at = (iso: string) => new Date(iso);

/**
 * The viewer's team board `LST` (sections Todo, Doing and a deleted Todo)
 * with tasks that each differ in one filtered field, their second board
 * `LSQ`, and a stranger's board: the filters only ever read, so the world
 * is made once.
 */
const w = beforeAllValue(async () => {
  const me = await makeUser(db, 'Viewer');
  const mate = await makeUser(db, 'Mate');
  const team = await makeTeam(db, [me.id, mate.id]);
  const board = await makeProject(db, { memberIds: [me.id, mate.id], teamId: team.id, prefix: 'LST', sections: ['Todo', 'Doing'] });
  const [todo, doing] = board.sections;
  const gone = await db.section.create({ data: { projectId: board.id, title: 'todo', ranking: 'a9', deletedAt: new Date() } });
  const other = await makeProject(db, { memberIds: [me.id], prefix: 'LSQ' });
  const stranger = await makeOwnedProject(db, { prefix: 'LSX' });
  const agent = await db.agent.create({ data: { teamId: team.id, displayName: 'Bot' } });
  const [bug, ui] = await Promise.all(['Bug', 'ui'].map((name) => db.label.create({ data: { projectId: board.id, name } })));
  const p = board.id;

  const alpha = await createTask(db, me.id, {
    projectId: p, sectionId: todo.id, title: 'Alpha bug', priority: 'high', labelIds: [bug.id], assigneeUserIds: [me.id],
    dueDate: '2026-03-01', attachments: ['https://files.example.com/a'],
  });
  const beta = await createTask(db, mate.id, {
    projectId: p, sectionId: doing.id, title: 'beta', priority: 'low', labelIds: [ui.id], assigneeUserIds: [mate.id], dueDate: '2026-03-10',
  });
  const archived = await createTask(db, me.id, { projectId: p, sectionId: todo.id, title: 'Gamma', status: 'Archive' });
  const deleted = await createTask(db, me.id, { projectId: p, sectionId: todo.id, title: 'Zeta', status: 'Deleted' });
  const botOnly = await createTask(db, me.id, { projectId: p, sectionId: doing.id, title: 'delta' });
  await db.taskAssignee.create({ data: { taskId: botOnly.id, agentId: agent.id } });
  const sub = await createTask(db, me.id, { projectId: p, sectionId: todo.id, title: 'Epsilon', parentId: alpha.id });
  const lost = await db.task.create({
    data: { projectId: p, sectionId: gone.id, uniqueIndex: 99, title: 'In a deleted column', createdById: me.id },
  });
  const elsewhere = await createTask(db, me.id, { projectId: other.id, title: 'Alpha elsewhere' });
  const secret = await createTask(db, stranger.user.id, { projectId: stranger.project.id, title: 'Alpha secret' });
  await db.comment.create({ data: { taskId: beta.id, authorId: mate.id, text: '<p>hi</p>' } });

  // Distinct creation and change times, newest change first: elsewhere and sub (a tie), botOnly, beta, alpha, lost.
  const times: [{ id: number }, string, string][] = [
    [alpha, '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'],
    [beta, '2026-01-02T00:00:00Z', '2026-02-02T00:00:00Z'],
    [botOnly, '2026-01-03T00:00:00Z', '2026-02-03T00:00:00Z'],
    [elsewhere, '2026-01-04T00:00:00Z', '2026-02-04T00:00:00Z'],
    [sub, '2026-01-05T00:00:00Z', '2026-02-04T00:00:00Z'],
    [lost, '2025-12-01T00:00:00Z', '2026-01-01T00:00:00Z'],
    [archived, '2026-01-06T00:00:00Z', '2026-02-06T00:00:00Z'],
    [deleted, '2026-01-07T00:00:00Z', '2026-02-07T00:00:00Z'],
  ];
  for (const [t, created, updated] of times) {
    await db.task.update({ where: { id: t.id }, data: { createdAt: at(created), updatedAt: at(updated) } });
  }
  return { me, mate, board, other, stranger, alpha, beta, archived, deleted, botOnly, sub, lost, elsewhere, secret };
}, () => undefined);

/** The ids the list answers for the viewer, in its order. */
async function list(input: TaskListInput, userId = w.me.id) {
  const q = await taskListQuery(db, userId, input);
  const rows = await db.task.findMany({ where: q.where, orderBy: q.orderBy, skip: q.skip, take: q.take, select: { id: true } });
  return rows.map((r) => r.id);
}

describe('taskListQuery', () => {
  it('lists the viewer’s Normal tasks of every board, newest change first (id breaks ties)', async () => {
    const { sub, elsewhere, botOnly, beta, alpha, lost } = w;
    expect(elsewhere.id).toBeGreaterThan(sub.id);
    expect(await list({})).toEqual([elsewhere.id, sub.id, botOnly.id, beta.id, alpha.id, lost.id]);
    expect(await list({ limit: 2, offset: 1 })).toEqual([sub.id, botOnly.id]);
  });

  it('filters by status, board (or its alias), section title (live sections only)', async () => {
    const { board, other, archived, deleted, elsewhere, alpha, sub, beta, botOnly } = w;
    expect(await list({ status: 'Archive' })).toEqual([archived.id]);
    expect(await list({ status: 'Deleted' })).toEqual([deleted.id]);
    expect(await list({ projectId: other.id })).toEqual([elsewhere.id]);
    expect(await list({ boardId: other.id })).toEqual([elsewhere.id]);
    expect(await list({ boardId: board.id, projectId: board.id, section: ' TODO ' })).toEqual([sub.id, alpha.id]);
    expect(await list({ section: 'doing' })).toEqual([botOnly.id, beta.id]);
  });

  it('filters by assignee: me, a user id, or unassigned (no user and no agent)', async () => {
    const { mate, alpha, beta, sub, elsewhere, lost } = w;
    expect(await list({ assignedTo: 'me' })).toEqual([alpha.id]);
    expect(await list({ assignedTo: 'ME' })).toEqual([alpha.id]);
    expect(await list({ assignedTo: String(mate.id) })).toEqual([beta.id]);
    expect(await list({ assignedTo: 'Unassigned' })).toEqual([elsewhere.id, sub.id, lost.id]);
  });

  it('filters by priority, labels (any of, any case), due date (strict bounds), creator', async () => {
    const { mate, alpha, beta } = w;
    expect(await list({ priority: 'high' })).toEqual([alpha.id]);
    expect(await list({ labels: ['BUG'] })).toEqual([alpha.id]);
    expect(await list({ labels: ['bug', 'UI'] })).toEqual([beta.id, alpha.id]);
    expect(await list({ labels: [] })).toHaveLength(6);
    expect(await list({ hasDueDate: true })).toEqual([beta.id, alpha.id]);
    expect(await list({ hasDueDate: false })).toHaveLength(4);
    expect(await list({ hasDueDate: false })).not.toContain(alpha.id);
    expect(await list({ dueDateBefore: '2026-03-10' })).toEqual([alpha.id]);
    expect(await list({ dueDateBefore: '2026-03-10T00:00:01Z' })).toEqual([beta.id, alpha.id]);
    expect(await list({ dueDateAfter: '2026-03-01' })).toEqual([beta.id]);
    expect(await list({ dueDateAfter: '2026-02-28T23:59:59Z' })).toEqual([beta.id, alpha.id]);
    expect(await list({ createdBy: mate.id })).toEqual([beta.id]);
  });

  it('filters by creation and change time (inclusive), comments, attachments, title text, parent', async () => {
    const { alpha, beta, sub, elsewhere, botOnly } = w;
    expect(await list({ createdSince: '2026-01-04T00:00:00Z' })).toEqual([elsewhere.id, sub.id]);
    expect(await list({ updatedSince: '2026-02-03T00:00:00Z' })).toEqual([elsewhere.id, sub.id, botOnly.id]);
    expect(await list({ hasComments: true })).toEqual([beta.id]);
    expect(await list({ hasComments: false })).not.toContain(beta.id);
    expect(await list({ hasComments: false })).toHaveLength(5);
    expect(await list({ hasAttachments: true })).toEqual([alpha.id]);
    expect(await list({ hasAttachments: false })).toHaveLength(5);
    expect(await list({ search: ' ALP ' })).toEqual([elsewhere.id, alpha.id]);
    // `%`, `_` and `\` are text, not LIKE wildcards: no title holds them.
    expect(await list({ search: '%' })).toEqual([]);
    expect(await list({ search: 'Alph_' })).toEqual([]);
    expect(await list({ search: 'Al%bug' })).toEqual([]);
    expect(await list({ search: '\\' })).toEqual([]);
    expect(await list({ parentId: alpha.id })).toEqual([sub.id]);
    expect(await list({ search: 'alpha', projectId: w.board.id, priority: 'high', assignedTo: 'me' })).toEqual([alpha.id]);
  });

  it('null filters are no filters', async () => {
    const nulls: TaskListInput = {
      taskId: null, ticketNumber: null, projectId: null, boardId: null, section: null, assignedTo: null, priority: null,
      status: null, labels: null, hasDueDate: null, dueDateBefore: null, dueDateAfter: null, createdBy: null,
      createdSince: null, updatedSince: null, hasComments: null, hasAttachments: null, search: null, parentId: null,
      limit: null, offset: null,
    };
    expect(await list(nulls)).toEqual(await list({}));
    expect(await list(nulls)).toHaveLength(6);
  });

  it('taskId or ticketNumber fetch that one task, whatever its status and the other filters', async () => {
    const { archived, alpha, board, other } = w;
    expect(await list({ taskId: archived.id, priority: 'low' })).toEqual([archived.id]);
    expect(await list({ ticketNumber: `LST-${alpha.uniqueIndex}`, status: 'Deleted' })).toEqual([alpha.id]);
    // Trimmed before its length is checked.
    expect(await list({ ticketNumber: ` LST-${alpha.uniqueIndex}${' '.repeat(60)}` })).toEqual([alpha.id]);
    expect(await list({ ticketNumber: `LST-${alpha.uniqueIndex}`, boardId: board.id })).toEqual([alpha.id]);
    await expectAppError(list({ taskId: alpha.id, boardId: other.id }), 'NOT_FOUND', 'taskId');
    await expectAppError(list({ taskId: w.secret.id }), 'NOT_FOUND', 'taskId');
  });

  it('another tenant’s board is NOT_FOUND on the field given; two different boards are refused', async () => {
    const { stranger, board, other } = w;
    await expectAppError(list({ projectId: stranger.project.id }), 'NOT_FOUND', 'projectId');
    await expectAppError(list({ boardId: stranger.project.id }), 'NOT_FOUND', 'boardId');
    await expectAppError(list({ projectId: board.id, boardId: other.id }), 'VALIDATION', 'boardId', 'conflicting_alias');
    expect(await list({}, stranger.user.id)).toEqual([w.secret.id]);
  });

  it('defers the board check to countTasks when asked: only an empty list runs it', async () => {
    const { me, stranger, board } = w;
    const foreign = await taskListQuery(db, me.id, { boardId: stranger.project.id }, { deferProjectCheck: true });
    expect(foreign.verifyProject).toBeTypeOf('function');
    await expectAppError(countTasks(db, foreign), 'NOT_FOUND', 'boardId');
    const mine = await taskListQuery(db, me.id, { projectId: board.id }, { deferProjectCheck: true });
    expect(await countTasks(db, mine)).toBe(5);
    let checked = 0;
    const empty = await taskListQuery(db, me.id, { projectId: board.id, search: 'nothing like this' }, { deferProjectCheck: true });
    expect(await countTasks(db, { where: empty.where, verifyProject: async () => void checked++ })).toBe(0);
    expect(checked).toBe(1);
    expect(await countTasks(db, { where: mine.where, verifyProject: async () => void checked++ })).toBe(5);
    expect(checked).toBe(1);
    expect((await taskListQuery(db, me.id, { projectId: board.id })).verifyProject).toBeUndefined();
    const unchecked = await taskListQuery(db, me.id, { search: 'nothing like this' }, { deferProjectCheck: true });
    expect(unchecked.verifyProject).toBeUndefined();
    expect(await countTasks(db, unchecked)).toBe(0);
  });

  it('limits the search text to 200 characters and label names to 1..100, at most 50 of them', async () => {
    expect(await list({ search: 'x'.repeat(200) })).toEqual([]);
    await expectAppError(list({ search: 'x'.repeat(201) }), 'VALIDATION', 'search', 'too_big');
    await expectAppError(list({ labels: [' '] }), 'VALIDATION', 'labels.0', 'too_small');
    expect(await list({ labels: ['l'.repeat(100)] })).toEqual([]);
    await expectAppError(list({ labels: ['l'.repeat(101)] }), 'VALIDATION', 'labels.0', 'too_big');
    expect(await list({ labels: Array.from({ length: 50 }, () => 'x') })).toEqual([]);
    await expectAppError(list({ labels: Array.from({ length: 51 }, () => 'x') }), 'VALIDATION', 'labels', 'too_big');
    await expectAppError(list({ ticketNumber: 'X'.repeat(61) }), 'VALIDATION', 'ticketNumber', 'too_big');
  });

  it('counts every task but Deleted ones in board totals', async () => {
    expect(COUNTED_TASKS_WHERE).toEqual({ status: { not: 'Deleted' } });
    expect(await db.task.count({ where: { projectId: w.board.id, ...COUNTED_TASKS_WHERE } })).toBe(6);
  });
});
