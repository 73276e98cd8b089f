import { describe, expect, it } from 'vitest';
import { createTeamBoard, createToolBoard } from '../../src/domain/board.ts';
import type { TeamBoardInput } from '../../src/domain/board-manifest.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeBoard, makeTeam, makeUser } from '../support/factories.ts';
import { rejection } from '../support/errors.ts';

let statements = 0;
const db = useTestDb({ onQuery: () => statements++ });
useBystander(db);


async function userInTeam(extra: number[] = []) {
  const user = await makeUser(db, 'Owner');
  const team = await makeTeam(db, [user.id, ...extra]);
  return { user, team };
}

const uniqueTitle = (base = 'Board') => `${base} ${Math.random().toString(36).slice(2, 8)}`;

describe('createToolBoard (spec 4.1 manifest)', () => {
  it('creates project, sections, labels, tasks with ticket numbers, members, watchers, events', async () => {
    const mate = await makeUser(db, 'Mate');
    const { user, team } = await userInTeam([mate.id]);
    const title = uniqueTitle('Website Redesign');
    const board = await createToolBoard(db, user.id, {
      teamId: team.id,
      title,
      sections: [{ title: 'Todo' }, { title: 'Doing' }, { title: 'Done' }],
      labels: [{ name: 'bug' }, { name: 'feature' }],
      tasks: [
        { title: 'First', section: 'todo', labels: ['bug', 'BUG', 'feature'], priority: 'High', assigneeIds: [mate.id] },
        { title: 'Second', section: 'Done', description: '<p>hi<script>x()</script></p>' },
      ],
    });
    const project = await db.project.findUniqueOrThrow({ where: { id: board.project.id }, include: { members: true } });
    expect(project.ticketPrefix).toMatch(/^[A-Z]{2,5}$/);
    expect(project.taskCounter).toBe(2);
    expect(project.teamId).toBe(team.id);
    expect(project.createdById).toBe(user.id);
    expect(project.members.map((m) => m.userId).sort()).toEqual([user.id, mate.id].sort());
    expect(board.sections.map((s) => s.title)).toEqual(['Todo', 'Doing', 'Done']);
    expect(board.labels.map((l) => l.name)).toEqual(['bug', 'feature']);
    expect(board.tasks.map((x) => [x.uniqueIndex, x.ticketNumber, x.title])).toEqual([
      [1, `${project.ticketPrefix}-1`, 'First'],
      [2, `${project.ticketPrefix}-2`, 'Second'],
    ]);

    const tasks = await db.task.findMany({
      where: { projectId: project.id },
      orderBy: { uniqueIndex: 'asc' },
      include: { labels: true, assignees: true, watchers: true },
    });
    expect(tasks[0].sectionId).toBe(board.sections[0].id);
    expect(tasks[0].priority).toBe('high');
    expect(tasks[0].labels.map((l) => l.labelId).sort()).toEqual(board.labels.map((l) => l.id).sort());
    expect(tasks[0].assignees.map((a) => a.userId)).toEqual([mate.id]);
    expect(tasks[0].watchers.map((w) => w.userId).sort()).toEqual([user.id, mate.id].sort());
    expect(tasks[1].sectionId).toBe(board.sections[2].id);
    expect(tasks[1].priority).toBeNull();
    expect(tasks[1].description).toContain('<p>hi');
    expect(tasks[1].description).not.toContain('<script');
    expect(tasks[1].watchers.map((w) => w.userId)).toEqual([user.id]);

    const events = await db.outboxEvent.findMany({ where: { projectId: project.id }, orderBy: { id: 'asc' } });
    expect(events.map((e) => [e.type, e.ticketNumber])).toEqual([
      ['task.created', `${project.ticketPrefix}-1`],
      ['task.created', `${project.ticketPrefix}-2`],
      ['task.assigned', `${project.ticketPrefix}-1`],
    ]);
    expect(events[0].actorId).toBe(user.id);
    const inbox = await db.notification.findMany({ where: { userId: mate.id } });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ type: 'assignment', taskId: tasks[0].id });
    expect(await db.notification.count({ where: { userId: user.id } })).toBe(0);
  });

  it('accepts the team UUID as team id', async () => {
    const { user, team } = await userInTeam();
    const board = await createToolBoard(db, user.id, { teamId: team.uuid, title: uniqueTitle(), sections: [{ title: 'A' }] });
    expect(board.team.id).toBe(team.id);
  });

  it('refuses unknown sections and labels, non-member assignees, teams of others', async () => {
    const stranger = await makeUser(db, 'Stranger');
    const { user, team } = await userInTeam();
    const base = { teamId: team.id, title: uniqueTitle(), sections: [{ title: 'Todo' }], labels: [{ name: 'bug' }] };
    let err = await rejection(createToolBoard(db, user.id, { ...base, tasks: [{ title: 'x', section: 'Nope' }] }));
    expect([err.code, err.field, err.detail]).toEqual(['VALIDATION', 'tasks.0.section', 'unknown_section']);
    err = await rejection(createToolBoard(db, user.id, { ...base, tasks: [{ title: 'x', section: 'Todo', labels: ['nope'] }] }));
    expect([err.field, err.detail]).toEqual(['tasks.0.labels', 'unknown_label']);
    err = await rejection(createToolBoard(db, user.id, { ...base, tasks: [{ title: 'x', section: 'Todo', assigneeIds: [stranger.id] }] }));
    expect([err.field, err.detail]).toEqual(['tasks.0.assigneeIds.0', 'not_a_member']);
    err = await rejection(createToolBoard(db, user.id, { ...base, tasks: [{ title: 'x', section: 'Todo', priority: 'asap' }] }));
    expect(err.field).toBe('tasks.0.priority');
    err = await rejection(createToolBoard(db, stranger.id, base));
    expect([err.code, err.field]).toEqual(['NOT_FOUND', 'teamId']);
    expect(await db.project.count({ where: { title: base.title } })).toBe(0);
  });

  it('a section title used twice is ambiguous when a task refers to it', async () => {
    const { user, team } = await userInTeam();
    const err = await rejection(
      createToolBoard(db, user.id, {
        teamId: team.id,
        title: uniqueTitle(),
        sections: [{ title: 'Misc' }, { title: 'misc' }],
        tasks: [{ title: 'x', section: 'MISC' }],
      }),
    );
    expect([err.field, err.detail]).toEqual(['tasks.0.section', 'ambiguous_section']);
  });
});

describe('createTeamBoard (spec 4.3 manifest)', () => {
  const manifest = (over: Partial<TeamBoardInput> = {}): TeamBoardInput => ({
    title: uniqueTitle(),
    sections: [{ title: 'Todo' }, { title: 'Done' }],
    ...over,
  });

  it('maps numeric priority and estimate codes, due dates, section_index and section_title', async () => {
    const { user, team } = await userInTeam();
    const board = await createTeamBoard(db, user.id, team.uuid, manifest({
      labels: [{ name: 'ui', color: '#f00' }],
      tasks: [0, 1, 2, 3, 4].map((p, i) => ({
        title: `P${p}`,
        priority: p,
        estimate: [0, 2, 3, 4, 6][i],
        sectionIndex: i % 2 === 0 ? 1 : undefined,
        sectionTitle: i % 2 === 1 ? 'todo' : undefined,
        labelNames: i === 0 ? ['UI'] : undefined,
        dueDate: ['2026-03-01', '2026-03-01T10:30:00Z', '2026-03-01T10:30:00+02:00', '2026-03-01T10:30', undefined][i],
      })),
    }));
    const tasks = await db.task.findMany({ where: { projectId: board.project.id }, orderBy: { uniqueIndex: 'asc' }, include: { labels: true } });
    expect(tasks.map((x) => x.priority)).toEqual([null, 'urgent', 'high', 'medium', 'low']);
    expect(tasks.map((x) => x.estimateSize)).toEqual([0, 2, 3, 4, 6]);
    expect(tasks.map((x) => x.estimateMinutes)).toEqual([null, null, null, null, null]);
    expect(tasks.map((x) => x.dueDate?.toISOString() ?? null)).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-03-01T10:30:00.000Z',
      '2026-03-01T08:30:00.000Z',
      '2026-03-01T10:30:00.000Z',
      null,
    ]);
    expect(tasks.map((x) => x.sectionId)).toEqual([1, 0, 1, 0, 1].map((i) => board.sections[i].id));
    expect(tasks[0].labels).toHaveLength(1);
    // Label colour is accepted and not stored (spec 2.3a).
    expect((await db.label.findFirstOrThrow({ where: { projectId: board.project.id } })).color).toBeNull();
  });

  type Case = [string, Partial<TeamBoardInput>, string | null];
  const task = (o: Record<string, unknown> = {}) => ({ title: 'T', sectionIndex: 0, ...o });
  const sections = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `S${i}` }));
  const labels = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `L${i}` }));
  const tasks = (n: number) => Array.from({ length: n }, (_, i) => task({ title: `T${i}` }));
  // [name, manifest change, field of the error or null for success]
  const cases: Case[] = [
    ['title 0 chars', { title: '' }, 'title'],
    ['title blank', { title: '   ' }, 'title'],
    ['title 1 char', { title: 'X' }, null],
    ['title 200 chars', { title: 'x'.repeat(200) }, null],
    ['title 201 chars', { title: 'x'.repeat(201) }, 'title'],
    ['0 sections', { sections: [] }, 'sections'],
    ['1 section', { sections: sections(1) }, null],
    ['50 sections', { sections: sections(50) }, null],
    ['51 sections', { sections: sections(51) }, 'sections'],
    ['section title 200', { sections: [{ title: 's'.repeat(200) }] }, null],
    ['section title 201', { sections: [{ title: 's'.repeat(201) }] }, 'sections.0.title'],
    ['section title empty', { sections: [{ title: '' }] }, 'sections.0.title'],
    ['99 labels', { labels: labels(99) }, null],
    ['100 labels', { labels: labels(100) }, null],
    ['101 labels', { labels: labels(101) }, 'labels'],
    ['duplicate label (any case)', { labels: [{ name: 'Bug' }, { name: 'bug' }] }, 'labels.1.name'],
    ['label name 101 chars', { labels: [{ name: 'l'.repeat(101) }] }, 'labels.0.name'],
    ['499 tasks', { tasks: tasks(499) }, null],
    ['500 tasks', { tasks: tasks(500) }, null],
    ['501 tasks', { tasks: tasks(501) }, 'tasks'],
    ['task title 0', { tasks: [task({ title: '' })] }, 'tasks.0.title'],
    ['task title 500', { tasks: [task({ title: 't'.repeat(500) })] }, null],
    ['task title 501', { tasks: [task({ title: 't'.repeat(501) })] }, 'tasks.0.title'],
    ['both section refs', { tasks: [task({ sectionTitle: 'Todo' })] }, 'tasks.0.sectionIndex'],
    ['no section ref', { tasks: [{ title: 'T' }] }, 'tasks.0.sectionIndex'],
    ['section_index last', { tasks: [task({ sectionIndex: 1 })] }, null],
    ['section_index out of range', { tasks: [task({ sectionIndex: 2 })] }, 'tasks.0.sectionIndex'],
    ['section_index negative', { tasks: [task({ sectionIndex: -1 })] }, 'tasks.0.sectionIndex'],
    ['section_index 1.5', { tasks: [task({ sectionIndex: 1.5 })] }, 'tasks.0.sectionIndex'],
    ['unknown section_title', { tasks: [{ title: 'T', sectionTitle: 'Nope' }] }, 'tasks.0.sectionTitle'],
    ['undefined label name', { tasks: [task({ labelNames: ['ghost'] })] }, 'tasks.0.labelNames'],
    ['priority 4', { tasks: [task({ priority: 4 })] }, null],
    ['priority 5', { tasks: [task({ priority: 5 })] }, 'tasks.0.priority'],
    ['priority -1', { tasks: [task({ priority: -1 })] }, 'tasks.0.priority'],
    ['estimate 1', { tasks: [task({ estimate: 1 })] }, 'tasks.0.estimate'],
    ['estimate 6', { tasks: [task({ estimate: 6 })] }, null],
    ['estimate 7', { tasks: [task({ estimate: 7 })] }, 'tasks.0.estimate'],
    ['due date Feb 30', { tasks: [task({ dueDate: '2026-02-30' })] }, 'tasks.0.dueDate'],
    ['due date not a date', { tasks: [task({ dueDate: 'tomorrow' })] }, 'tasks.0.dueDate'],
    ['bad task late in the list', { tasks: [...tasks(10), task({ title: '' })] }, 'tasks.10.title'],
  ];

  it.each(cases)('%s', async (_name, change, field) => {
    const { user, team } = await userInTeam();
    const m = manifest(change);
    const run = createTeamBoard(db, user.id, team.uuid, m);
    if (field === null) {
      const board = await run;
      expect(board.tasks).toHaveLength(m.tasks?.length ?? 0);
      return;
    }
    const err = await rejection(run);
    expect([err.code, err.field]).toEqual(['VALIDATION', field]);
    expect(await db.project.count({ where: { createdById: user.id } })).toBe(0);
  });

  // Bulk, not one round trip per task: the statement count, not a time
  // (speed is measured in bench/), shows it.
  it('500 tasks are written in bulk (a few statements), numbered 1..500 with the counter at 500', async () => {
    const { user, team } = await userInTeam();
    const labelsList = labels(20);
    const m = manifest({
      labels: labelsList,
      tasks: Array.from({ length: 500 }, (_, i) => task({ title: `Task ${i + 1}`, sectionIndex: i % 2, labelNames: ['L1', 'L2'], priority: i % 5 })),
    });
    statements = 0;
    const board = await createTeamBoard(db, user.id, team.uuid, m);
    expect(statements).toBeLessThan(30);
    const project = await db.project.findUniqueOrThrow({ where: { id: board.project.id } });
    expect(project.taskCounter).toBe(500);
    expect(board.tasks.map((x) => x.uniqueIndex)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(board.tasks[499].ticketNumber).toBe(`${project.ticketPrefix}-500`);
    expect(board.tasks[499].title).toBe('Task 500');
    expect(await db.taskLabel.count({ where: { task: { projectId: project.id } } })).toBe(1000);
    expect(await db.outboxEvent.count({ where: { projectId: project.id } })).toBe(500);
  });

  it('a failure inside the transaction leaves nothing behind', async () => {
    const { user, team } = await userInTeam();
    const title = uniqueTitle('Doomed');
    // Make the very last write of the transaction fail: the outbox insert.
    const failing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== '$transaction') return Reflect.get(target, prop, receiver);
        return (fn: (tx: unknown) => Promise<unknown>, opts: unknown) =>
          target.$transaction(
            (tx) =>
              fn(
                new Proxy(tx, {
                  get(txTarget, p, r) {
                    const real = Reflect.get(txTarget, p, r);
                    if (p !== '$executeRaw') return real;
                    return (query: { sql: string }) =>
                      query.sql.includes('INSERT INTO "OutboxEvent"') ? Promise.reject(new Error('disk full')) : real.call(txTarget, query);
                  },
                }),
              ),
            opts as never,
          );
      },
    });
    await expect(
      createTeamBoard(failing, user.id, team.uuid, manifest({ title, labels: [{ name: 'x' }], tasks: [task({ labelNames: ['x'] })] })),
    ).rejects.toThrow('disk full');
    expect(await db.project.count({ where: { title } })).toBe(0);
    expect(await db.section.count({ where: { project: { title } } })).toBe(0);
    expect(await db.task.count({ where: { project: { title } } })).toBe(0);
  });

  it('the creator and all team members become board members; the ticket prefix avoids ones in use', async () => {
    const a = await makeUser(db, 'A');
    const b = await makeUser(db, 'B');
    const first = await makeBoard(db, a.id, { title: 'Mobile App' }, [b.id]);
    expect((await db.projectMember.findMany({ where: { projectId: first.project.id } })).map((m) => m.userId).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    const second = await makeBoard(db, a.id, { title: 'Mobile App' });
    expect(first.project.ticketPrefix).toBe('MA');
    expect(second.project.ticketPrefix).not.toBe('MA');
    expect(second.project.ticketPrefix).toMatch(/^[A-Z]{2,5}$/);
  });
});
