import { describe, expect, it } from 'vitest';
import { createTeamBoard, createToolBoard } from '../../src/domain/board.ts';
import { onWake } from '../../src/events/wakeup.ts';
import { makeProject, makeTeam, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';

const db = useTestDb();
useBystander(db);

const unique = () => Math.random().toString(36).slice(2, 8);

describe('writing a board', () => {
  it('answers the rows it made: the project with its team, and each task’s section', async () => {
    const user = await makeUser(db, 'Owner');
    const team = await makeTeam(db, [user.id]);
    const board = await createTeamBoard(db, user.id, team.uuid, {
      title: `Rows ${unique()}`,
      sections: [{ title: 'A' }, { title: 'B' }],
      tasks: [{ title: 'in B', sectionIndex: 1 }, { title: 'in A', sectionIndex: 0 }],
    });
    expect(board.project.teamId).toBe(team.id);
    expect(board.team).toEqual({ id: team.id, uuid: team.uuid, title: team.title });
    expect(board.tasks.map((t) => [t.title, t.sectionId])).toEqual([
      ['in B', board.sections[1].id],
      ['in A', board.sections[0].id],
    ]);
  });

  it('records task.created and task.assigned with the same data as a single create; never notifies the creator', async () => {
    const user = await makeUser(db, 'Owner');
    const mate = await makeUser(db, 'Mate');
    const team = await makeTeam(db, [user.id, mate.id]);
    const board = await createToolBoard(db, user.id, {
      teamId: team.id,
      title: `Events ${unique()}`,
      sections: [{ title: 'Todo' }],
      tasks: [
        { title: 'Both', section: 'Todo', priority: 'high', assigneeIds: [user.id, mate.id] },
        { title: 'Mine', section: 'Todo', assigneeIds: [user.id] },
        { title: 'Nobody', section: 'Todo' },
      ],
    });
    const [both, mine, nobody] = board.tasks;
    const events = await db.outboxEvent.findMany({ where: { projectId: board.project.id }, orderBy: { id: 'asc' } });
    const section = { id: board.sections[0].id, title: 'Todo' };
    expect(events.map((e) => [e.type, e.taskId, e.actorId, e.data])).toEqual([
      ['task.created', both.id, user.id, { title: 'Both', priority: 'high', status: 'Normal', section, dueDate: null, actor: { id: user.id } }],
      ['task.created', mine.id, user.id, { title: 'Mine', priority: null, status: 'Normal', section, dueDate: null, actor: { id: user.id } }],
      ['task.created', nobody.id, user.id, { title: 'Nobody', priority: null, status: 'Normal', section, dueDate: null, actor: { id: user.id } }],
      ['task.assigned', both.id, user.id, { assignees: [{ id: user.id, kind: 'user' }, { id: mate.id, kind: 'user' }], actor: { id: user.id } }],
      ['task.assigned', mine.id, user.id, { assignees: [{ id: user.id, kind: 'user' }], actor: { id: user.id } }],
    ]);
    const notes = await db.notification.findMany({ where: { taskId: { in: [both.id, mine.id, nobody.id] } } });
    expect(notes.map((n) => [n.userId, n.taskId, n.type, n.actorId])).toEqual([[mate.id, both.id, 'assignment', user.id]]);
    expect(notes[0].message).toBe(`${user.displayName} assigned you to ${both.ticketNumber}: Both`);
    const watchers = await db.taskWatcher.findMany({ where: { taskId: both.id }, orderBy: { userId: 'asc' } });
    expect(watchers.map((w) => w.userId)).toEqual([user.id, mate.id].sort((a, b) => a - b));
  });

  it('task.created carries the due date as an ISO string', async () => {
    const user = await makeUser(db, 'Owner');
    const team = await makeTeam(db, [user.id]);
    const board = await createTeamBoard(db, user.id, team.uuid, {
      title: `Due ${unique()}`,
      sections: [{ title: 'Todo' }],
      tasks: [{ title: 'Due', sectionIndex: 0, dueDate: '2026-03-01T10:30:00Z' }],
    });
    const event = await db.outboxEvent.findFirstOrThrow({ where: { taskId: board.tasks[0].id } });
    expect((event.data as { dueDate: unknown }).dueDate).toBe('2026-03-01T10:30:00.000Z');
  });

  it('wakes this instance’s event dispatcher when tasks were made', async () => {
    const user = await makeUser(db, 'Owner');
    const team = await makeTeam(db, [user.id]);
    let wakes = 0;
    const stop = onWake('outbox', () => wakes++);
    try {
      await createTeamBoard(db, user.id, team.uuid, { title: `Full ${unique()}`, sections: [{ title: 'Todo' }], tasks: [{ title: 't', sectionIndex: 0 }] });
      // A wake-up fires on the next turn of the event loop (other writes of this process may wake it too).
      await new Promise((resolve) => setImmediate(resolve));
      expect(wakes).toBeGreaterThanOrEqual(1);
    } finally {
      stop();
    }
  });

  it('more label rows than one INSERT takes are written in several (1,500 task labels)', async () => {
    const user = await makeUser(db, 'Owner');
    const team = await makeTeam(db, [user.id]);
    const board = await createTeamBoard(db, user.id, team.uuid, {
      title: `Chunks ${unique()}`,
      sections: [{ title: 'Todo' }],
      labels: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
      tasks: Array.from({ length: 500 }, (_, i) => ({ title: `T${i}`, sectionIndex: 0, labelNames: ['a', 'b', 'c'] })),
    });
    expect(await db.taskLabel.count({ where: { task: { projectId: board.project.id } } })).toBe(1500);
  });
});

describe('the ticket prefix of a new board', () => {
  it('avoids prefixes of the user’s boards and of the team’s boards, not those of other tenants', async () => {
    const user = await makeUser(db, 'Owner');
    const stranger = await makeUser(db, 'Stranger');
    const team = await makeTeam(db, [user.id]);
    const title = 'Zebra Quest';
    // Another tenant's board with the preferred prefix: not in the way.
    await makeProject(db, { memberIds: [stranger.id], prefix: 'ZQ' });
    const first = await createTeamBoard(db, user.id, team.uuid, { title, sections: [{ title: 'Todo' }] });
    expect(first.project.ticketPrefix).toBe('ZQ');
    // A board of the team the user is not on still takes its prefix out of the running.
    const other = await makeTeam(db, [user.id, stranger.id]);
    await makeProject(db, { memberIds: [stranger.id], teamId: other.id, prefix: 'YQ' });
    const second = await createTeamBoard(db, user.id, other.uuid, { title: 'Yak Quest', sections: [{ title: 'Todo' }] });
    expect(second.project.ticketPrefix).not.toBe('YQ');
  });
});
