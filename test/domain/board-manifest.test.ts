// The board manifest rules (validation and planning) on their own: they read
// and write no database, so this file needs neither a test database nor a
// bystander tenant (board.test.ts covers writing the plan).
import { describe, expect, it } from 'vitest';
import {
  BOARD_LIMITS,
  BOARD_LIMITS_TEXT,
  parseDueDate,
  planTeamBoard,
  planToolBoard,
  type TeamBoardInput,
  type ToolBoardInput,
} from '../../src/domain/board-manifest.ts';
import { rejection, thrown } from '../support/errors.ts';

const tool = (over: Partial<ToolBoardInput> = {}): ToolBoardInput => ({
  teamId: 1,
  title: 'Board',
  sections: [{ title: 'Todo' }, { title: 'Done' }],
  ...over,
});
const team = (over: Partial<TeamBoardInput> = {}): TeamBoardInput => ({
  title: 'Board',
  sections: [{ title: 'Todo' }, { title: 'Done' }],
  ...over,
});
const n = (count: number, make: (i: number) => unknown) => Array.from({ length: count }, (_, i) => make(i));
const str = (length: number) => 'x'.repeat(length);

/** Asserts the VALIDATION error's field and detail code. */
async function refused(p: Promise<unknown>, field: string, detail?: string) {
  const err = await rejection(p);
  expect([err.code, err.field, ...(detail ? [err.detail] : [])]).toEqual(['VALIDATION', field, ...(detail ? [detail] : [])]);
}

describe('BOARD_LIMITS', () => {
  it('states the limits in words as the API descriptions print them', () => {
    expect(BOARD_LIMITS_TEXT).toBe('title 1-200, 1-50 sections, up to 100 labels, up to 500 tasks, task titles 1-500');
    expect(BOARD_LIMITS).toEqual({
      titleMax: 200,
      descriptionMax: 10_000,
      sectionsMin: 1,
      sectionsMax: 50,
      labelsMax: 100,
      tasksMax: 500,
      taskTitleMax: 500,
      taskDescriptionMax: 100_000,
      assigneesMax: 50,
    });
  });
});

describe('parseDueDate', () => {
  const ok: [string, string][] = [
    ['2026-03-01', '2026-03-01T00:00:00.000Z'],
    [' 2026-03-01 ', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T10:30', '2026-03-01T10:30:00.000Z'],
    ['2026-03-01 10:30', '2026-03-01T10:30:00.000Z'],
    ['2026-03-01t10:30z', '2026-03-01T10:30:00.000Z'],
    ['2026-03-01T10:30:45', '2026-03-01T10:30:45.000Z'],
    ['2026-03-01T10:30:45.5', '2026-03-01T10:30:45.500Z'],
    ['2026-03-01T10:30:45.123456789Z', '2026-03-01T10:30:45.123Z'],
    ['2026-03-01T10:30:45Z', '2026-03-01T10:30:45.000Z'],
    ['2026-03-01T10:30:00+02:00', '2026-03-01T08:30:00.000Z'],
    ['2026-03-01T10:30:00-0130', '2026-03-01T12:00:00.000Z'],
    ['2026-03-01T10:30+02:00', '2026-03-01T08:30:00.000Z'],
    ['2024-02-29T23:59:59', '2024-02-29T23:59:59.000Z'],
    ['2026-12-31T00:00:00', '2026-12-31T00:00:00.000Z'],
    // Years 1-99 are those years (not 19xx, as Date.UTC would read them).
    ['0099-12-31', '0099-12-31T00:00:00.000Z'],
    ['0001-01-01', '0001-01-01T00:00:00.000Z'],
    ['9999-12-31T23:59:59', '9999-12-31T23:59:59.000Z'],
  ];
  it.each(ok)('reads %s', (text, iso) => {
    expect(parseDueDate(text, 'due').toISOString()).toBe(iso);
  });

  it('reads a datetime without zone as UTC whatever the server’s time zone', () => {
    const tz = process.env.TZ;
    process.env.TZ = 'Pacific/Auckland';
    try {
      expect(parseDueDate('2026-03-01T10:30', 'due').toISOString()).toBe('2026-03-01T10:30:00.000Z');
      expect(parseDueDate('2026-03-01', 'due').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  const bad = [
    'tomorrow',
    'x2026-03-01',
    '2026-03-01x',
    '2026-3-01',
    '2026-03-1',
    '026-03-01',
    '2026-03-01T1:30',
    '2026-03-01T10:3',
    '2026-03-01T10',
    '2026-03-01T10:30:4',
    '2026-03-01T10:30:45.',
    '2026-03-01T10:30:45.1234567890',
    '2026-03-01X10:30',
    '2026-03-01T10:30+2:00',
    '2026-03-01T10:30+02:0',
    '2026-03-01T10:30:00+99:99',
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-03-00',
    '2026-03-32',
    '2026-03-01T24:00',
    '2026-03-01T23:60',
    '2026-03-01T23:59:60',
    // Year 0 and five-digit years: outside 1-9999.
    '0000-12-31',
    '10000-01-01',
    '+010000-01-01',
  ];
  it.each(bad)('refuses %s (invalid_date on the field given)', (text) => {
    const err = thrown(() => parseDueDate(text, 'tasks.3.dueDate'));
    expect([err.code, err.field, err.detail]).toEqual(['VALIDATION', 'tasks.3.dueDate', 'invalid_date']);
  });
});

describe('planToolBoard', () => {
  it('plans sections, labels and tasks: references resolved to indexes, defaults filled in', async () => {
    const { teamId, plan } = await planToolBoard(1, 
      tool({
        teamId: ' 9f1c2a3b-team ',
        title: '  Website  ',
        sections: [{ title: ' Todo ' }, { title: 'Doing' }, { title: 'Done' }],
        labels: [{ name: 'bug' }, { name: 'Feature' }],
        tasks: [
          { title: ' First ', section: ' DOING ', labels: ['feature', 'BUG', 'Feature'], priority: ' High ', assigneeIds: [3, 2, 3] },
          { title: 'Second', section: 'todo', description: '<p>hi<script>x()</script></p>', priority: 'none' },
          { title: 'Third', section: 'Done', priority: null, labels: null, assigneeIds: null },
        ],
      }),
    );
    expect(teamId).toBe('9f1c2a3b-team');
    expect(plan).toEqual({
      title: 'Website',
      description: '',
      sections: ['Todo', 'Doing', 'Done'],
      labels: ['bug', 'Feature'],
      tasks: [
        {
          title: 'First',
          description: '',
          sectionIndex: 1,
          labelIndexes: [1, 0],
          priority: 'high',
          estimateSize: null,
          dueDate: null,
          assigneeIds: [3, 2],
        },
        {
          title: 'Second',
          description: '<p>hi</p>',
          sectionIndex: 0,
          labelIndexes: [],
          priority: null,
          estimateSize: null,
          dueDate: null,
          assigneeIds: [],
        },
        {
          title: 'Third',
          description: '',
          sectionIndex: 2,
          labelIndexes: [],
          priority: null,
          estimateSize: null,
          dueDate: null,
          assigneeIds: [],
        },
      ],
    });
  });

  it('keeps a numeric team id and the board description; no labels or tasks is fine', async () => {
    const { teamId, plan } = await planToolBoard(1, tool({ teamId: 42, description: 'About' }));
    expect(teamId).toBe(42);
    expect(plan).toEqual({ title: 'Board', description: 'About', sections: ['Todo', 'Done'], labels: [], tasks: [] });
  });

  it('refuses unknown and ambiguous sections, unknown and duplicate labels', async () => {
    await refused(planToolBoard(1, tool({ tasks: [{ title: 'a', section: 'Todo' }, { title: 'b', section: 'Nope' }] })), 'tasks.1.section', 'unknown_section');
    await refused(
      planToolBoard(1, tool({ sections: [{ title: 'Misc' }, { title: ' misc ' }], tasks: [{ title: 'x', section: 'MISC' }] })),
      'tasks.0.section',
      'ambiguous_section',
    );
    await refused(planToolBoard(1, tool({ labels: [{ name: 'a' }], tasks: [{ title: 'x', section: 'Todo', labels: ['a', 'b'] }] })), 'tasks.0.labels', 'unknown_label');
    await refused(planToolBoard(1, tool({ labels: [{ name: 'a' }, { name: 'b' }, { name: ' B ' }] })), 'labels.2.name', 'duplicate');
    await refused(planToolBoard(1, tool({ tasks: [{ title: 'x', section: 'Todo', priority: 'asap' }] })), 'tasks.0.priority');
  });

  it('reads every priority name, in any case', async () => {
    const names = ['urgent', 'HIGH', 'Medium', 'low', 'none'];
    const { plan } = await planToolBoard(1, tool({ tasks: names.map((priority) => ({ title: 'x', section: 'Todo', priority })) }));
    expect(plan.tasks.map((t) => t.priority)).toEqual(['urgent', 'high', 'medium', 'low', null]);
  });

  it('compares names by lower case: “straße” and “STRASSE” are two labels', async () => {
    const { plan } = await planToolBoard(1, tool({ labels: [{ name: 'straße' }, { name: 'STRASSE' }] }));
    expect(plan.labels).toEqual(['straße', 'STRASSE']);
  });

  type Case = [string, Partial<ToolBoardInput>, string | null, string?];
  const task = (o: Record<string, unknown> = {}) => ({ title: 'T', section: 'Todo', ...o });
  const cases: Case[] = [
    ['team id 0', { teamId: 0 }, 'teamId'],
    ['team id blank', { teamId: '  ' }, 'teamId'],
    ['team id 64 chars', { teamId: str(64) }, null],
    ['team id 65 chars', { teamId: str(65) }, 'teamId'],
    ['title blank', { title: '  ' }, 'title', 'too_small'],
    ['title 200', { title: str(200) }, null],
    ['title 201', { title: str(201) }, 'title', 'too_big'],
    ['description 10,000', { description: str(10_000) }, null],
    ['description 10,001', { description: str(10_001) }, 'description', 'too_big'],
    ['0 sections', { sections: [] }, 'sections', 'too_small'],
    ['50 sections', { sections: n(50, (i) => ({ title: `S${i}` })) as never }, null],
    ['51 sections', { sections: n(51, (i) => ({ title: `S${i}` })) as never }, 'sections', 'too_big'],
    ['100 labels', { labels: n(100, (i) => ({ name: `L${i}` })) as never }, null],
    ['101 labels', { labels: n(101, (i) => ({ name: `L${i}` })) as never }, 'labels', 'too_big'],
    ['500 tasks', { tasks: n(500, () => task()) as never }, null],
    ['501 tasks', { tasks: n(501, () => task()) as never }, 'tasks', 'too_big'],
    ['task title blank', { tasks: [task({ title: ' ' })] }, 'tasks.0.title', 'too_small'],
    ['task title 500', { tasks: [task({ title: str(500) })] }, null],
    ['task title 501', { tasks: [task({ title: str(501) })] }, 'tasks.0.title', 'too_big'],
    ['task description 100,000', { tasks: [task({ description: str(100_000) })] }, null],
    ['task description 100,001', { tasks: [task({ description: str(100_001) })] }, 'tasks.0.description', 'too_big'],
    ['100 task labels', { labels: [{ name: 'a' }], tasks: [task({ labels: n(100, () => 'a') })] }, null],
    ['101 task labels', { labels: [{ name: 'a' }], tasks: [task({ labels: n(101, () => 'a') })] }, 'tasks.0.labels', 'too_big'],
    ['50 assignees', { tasks: [task({ assigneeIds: n(50, (i) => i + 1) })] }, null],
    ['51 assignees', { tasks: [task({ assigneeIds: n(51, (i) => i + 1) })] }, 'tasks.0.assigneeIds', 'too_big'],
    ['assignee 0', { tasks: [task({ assigneeIds: [0] })] }, 'tasks.0.assigneeIds.0'],
  ];
  it.each(cases)('%s', async (_name, change, field, detail) => {
    const run = planToolBoard(1, tool(change));
    if (field === null) await expect(run).resolves.toBeDefined();
    else await refused(run, field, detail);
  });

  it('names the description that fails to render', async () => {
    const deepHtml = '<div>'.repeat(16_000);
    await refused(
      planToolBoard(1, tool({ tasks: [task({ description: '<p>fine</p>' }), task({ description: deepHtml })] })),
      'tasks.1.description',
      'too_complex',
    );
  });
});

describe('planTeamBoard', () => {
  it('plans codes, section references, labels and due dates; label colours are dropped', async () => {
    const plan = await planTeamBoard(1, 
      team({
        title: ' Mobile ',
        description: 'Phones',
        sections: [{ title: 'Todo' }, { title: 'Doing' }, { title: 'Done' }],
        labels: [{ name: 'ui', color: '#f00' }, { name: 'api' }],
        tasks: [
          { title: 'A', sectionIndex: 2, labelNames: ['API', 'ui', 'api'], priority: 1, estimate: 5, dueDate: '2026-03-01', description: '<b>b</b>' },
          { title: 'B', sectionTitle: ' doing ', priority: 4, estimate: 0 },
          { title: 'C', sectionIndex: 0, priority: 0, estimate: null, dueDate: null, labelNames: null },
          { title: 'D', sectionIndex: 0, priority: 2 },
          { title: 'E', sectionIndex: 0, priority: 3 },
        ],
      }),
    );
    expect(plan).toEqual({
      title: 'Mobile',
      description: 'Phones',
      sections: ['Todo', 'Doing', 'Done'],
      labels: ['ui', 'api'],
      tasks: [
        {
          title: 'A',
          description: '<b>b</b>',
          sectionIndex: 2,
          labelIndexes: [1, 0],
          priority: 'urgent',
          estimateSize: 5,
          dueDate: new Date('2026-03-01T00:00:00Z'),
          assigneeIds: [],
        },
        { title: 'B', description: '', sectionIndex: 1, labelIndexes: [], priority: 'low', estimateSize: 0, dueDate: null, assigneeIds: [] },
        { title: 'C', description: '', sectionIndex: 0, labelIndexes: [], priority: null, estimateSize: null, dueDate: null, assigneeIds: [] },
        { title: 'D', description: '', sectionIndex: 0, labelIndexes: [], priority: 'high', estimateSize: null, dueDate: null, assigneeIds: [] },
        { title: 'E', description: '', sectionIndex: 0, labelIndexes: [], priority: 'medium', estimateSize: null, dueDate: null, assigneeIds: [] },
      ],
    });
  });

  it('says which estimate codes exist', async () => {
    const err = await rejection(planTeamBoard(1, team({ tasks: [{ title: 'T', sectionIndex: 0, estimate: 1 }] })));
    expect(err.message).toBe('tasks.0.estimate: must be 0 (none), 2 (XS), 3 (S), 4 (M), 5 (L) or 6 (XL)');
  });

  it('no labels or tasks plans an empty board with an empty description', async () => {
    expect(await planTeamBoard(1, team())).toEqual({ title: 'Board', description: '', sections: ['Todo', 'Done'], labels: [], tasks: [] });
  });

  type Case = [string, Partial<TeamBoardInput>, string | null, string?];
  const task = (o: Record<string, unknown> = {}) => ({ title: 'T', sectionIndex: 0, ...o });
  const cases: Case[] = [
    ['title 200', { title: str(200) }, null],
    ['title 201', { title: str(201) }, 'title', 'too_big'],
    ['description 10,000', { description: str(10_000) }, null],
    ['description 10,001', { description: str(10_001) }, 'description', 'too_big'],
    ['label colour 50', { labels: [{ name: 'a', color: str(50) }] }, null],
    ['label colour 51', { labels: [{ name: 'a', color: str(51) }] }, 'labels.0.color', 'too_big'],
    ['duplicate label', { labels: [{ name: 'a' }, { name: 'A' }] }, 'labels.1.name', 'duplicate'],
    ['101 labels', { labels: n(101, (i) => ({ name: `L${i}` })) as never }, 'labels', 'too_big'],
    ['501 tasks', { tasks: n(501, () => task()) as never }, 'tasks', 'too_big'],
    ['task title 501', { tasks: [task({ title: str(501) })] }, 'tasks.0.title', 'too_big'],
    ['task description 100,001', { tasks: [task({ description: str(100_001) })] }, 'tasks.0.description', 'too_big'],
    ['both section refs', { tasks: [task({ sectionTitle: 'Todo' })] }, 'tasks.0.sectionIndex', 'section_ref_conflict'],
    ['no section ref', { tasks: [task(), { title: 'T' }] }, 'tasks.1.sectionIndex', 'required'],
    ['section_index 0', { tasks: [task({ sectionIndex: 0 })] }, null],
    ['section_index last', { tasks: [task({ sectionIndex: 1 })] }, null],
    ['section_index one past', { tasks: [task({ sectionIndex: 2 })] }, 'tasks.0.sectionIndex', 'out_of_range'],
    ['section_index -1', { tasks: [task({ sectionIndex: -1 })] }, 'tasks.0.sectionIndex', 'too_small'],
    ['section_index 0.5', { tasks: [task({ sectionIndex: 0.5 })] }, 'tasks.0.sectionIndex'],
    ['section_title blank', { tasks: [{ title: 'T', sectionTitle: ' ' }] }, 'tasks.0.sectionTitle', 'too_small'],
    ['section_title 201', { tasks: [{ title: 'T', sectionTitle: str(201) }] }, 'tasks.0.sectionTitle', 'too_big'],
    ['unknown section_title', { tasks: [{ title: 'T', sectionTitle: 'Nope' }] }, 'tasks.0.sectionTitle', 'unknown_section'],
    ['ambiguous section_title', { sections: [{ title: 'A' }, { title: 'a' }], tasks: [{ title: 'T', sectionTitle: 'A' }] }, 'tasks.0.sectionTitle', 'ambiguous_section'],
    ['unknown label name', { tasks: [task({ labelNames: ['ghost'] })] }, 'tasks.0.labelNames', 'unknown_label'],
    ['101 label names', { labels: [{ name: 'a' }], tasks: [task({ labelNames: n(101, () => 'a') })] }, 'tasks.0.labelNames', 'too_big'],
    ['priority 0', { tasks: [task({ priority: 0 })] }, null],
    ['priority 4', { tasks: [task({ priority: 4 })] }, null],
    ['priority 5', { tasks: [task({ priority: 5 })] }, 'tasks.0.priority', 'too_big'],
    ['priority -1', { tasks: [task({ priority: -1 })] }, 'tasks.0.priority', 'too_small'],
    ['priority 1.5', { tasks: [task({ priority: 1.5 })] }, 'tasks.0.priority'],
    ['estimate 1', { tasks: [task({ estimate: 1 })] }, 'tasks.0.estimate', 'custom'],
    ['estimate 3', { tasks: [task({ estimate: 3 })] }, null],
    ['estimate 2', { tasks: [task({ estimate: 2 })] }, null],
    ['estimate 7', { tasks: [task({ estimate: 7 })] }, 'tasks.0.estimate', 'custom'],
    ['estimate 2.5', { tasks: [task({ estimate: 2.5 })] }, 'tasks.0.estimate'],
    ['due date 40 chars', { tasks: [task({ dueDate: `2026-03-01T10:30:00.${'1'.repeat(9)}+02:00${' '.repeat(5)}` })] }, null],
    ['due date 41 chars', { tasks: [task({ dueDate: str(41) })] }, 'tasks.0.dueDate', 'too_big'],
    ['due date Feb 30', { tasks: [task(), task({ dueDate: '2026-02-30' })] }, 'tasks.1.dueDate', 'invalid_date'],
  ];
  it.each(cases)('%s', async (_name, change, field, detail) => {
    const run = planTeamBoard(1, team(change));
    if (field === null) await expect(run).resolves.toBeDefined();
    else await refused(run, field, detail);
  });
});
