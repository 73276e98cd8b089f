import { createReadStream } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { toggleAssignee } from '../../src/domain/assignee.ts';
import { BOARD_LIMITS } from '../../src/domain/board-manifest.ts';
import { addComment } from '../../src/domain/comment.ts';
import { teamExport } from '../../src/domain/export/team-export.ts';
import { type TeamExportDocument, teamExportDocument } from '../../src/domain/export/team-format.ts';
import { type ImportOptions, runImport } from '../../src/domain/import/apply.ts';
import type { ImportFormat } from '../../src/domain/import/records.ts';
import { recordsOf } from '../../src/domain/import/sources/index.ts';
import { chunksOf } from '../../src/domain/import/sources/tasksvc.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { isPostgres, openTestDatabase } from '../support/database.ts';
import { type FreshDatabase, freshDatabase } from '../support/fresh-database.ts';
import { joinTeamOnly, makeBoard, makeTeam, makeUser, makeUserWithKey } from '../support/factories.ts';

// Imports into a team: from our own team export (round trip), Trello, GitHub
// issues, Linear's CSV and a plain CSV (fixtures in test/fixtures/import,
// built from each tool's documented format), with a dry run, a retry by
// import id, and refusals that name the field and write nothing.

const FIXTURES = new URL('../fixtures/import/', import.meta.url).pathname;
const opened: (Database | FreshDatabase)[] = [];
afterAll(async () => {
  for (const d of opened) await ('dispose' in d ? d.dispose() : d.close());
});

async function exportText(db: Database, teamId: number) {
  const team = await db.prisma.team.findUniqueOrThrow({ where: { id: teamId } });
  let text = '';
  for await (const chunk of teamExport(db.prisma, team)) text += chunk;
  return text;
}

const run = (db: Database, format: ImportFormat, input: string | NodeJS.ReadableStream, options: Partial<ImportOptions> = {}) =>
  runImport(db, recordsOf(format, typeof input === 'string' ? chunksOf(input) : (input as AsyncIterable<Buffer>), { boardTitle: options.newTeamTitle ?? undefined }), {
    format,
    importId: `test-${Math.random()}`,
    ...options,
  });

const fixture = (name: string) => createReadStream(FIXTURES + name);

/**
 * A database of this test's own: the fixtures name fixed emails, so on the
 * shared PostgreSQL a second run would match the users the first one made.
 * On PGlite every test database is private already.
 */
async function ownDatabase(prefix: string): Promise<Database> {
  if (!isPostgres) {
    const db = await openTestDatabase();
    opened.push(db);
    return db;
  }
  const fresh = await freshDatabase(prefix, { migrate: true });
  opened.push(fresh);
  return fresh.database;
}

/** A document with what differs by deployment replaced by what it stands for (tickets, emails, titles). */
function comparable(doc: TeamExportDocument) {
  const tickets = new Map(doc.tasks.map((t) => [t.id, t.ticket]));
  const sections = new Map(doc.boards.flatMap((b) => b.sections.map((s) => [s.id, s.title])));
  const boards = new Map(doc.boards.map((b) => [b.id, b.title]));
  return {
    format: doc.format,
    version: doc.version,
    team: doc.team.title,
    people: [...doc.people].sort((a, b) => a.email.localeCompare(b.email)),
    boards: doc.boards.map(({ id: _id, createdAt: _c, sections: s, members, ...b }) => ({
      ...b,
      sections: s.map((x) => [x.title, x.visible]),
      members: [...members].sort((a, b) => a.email.localeCompare(b.email)),
    })),
    tasks: doc.tasks
      .map(({ id: _id, board, section, parent, ...t }) => ({ ...t, board: boards.get(board), section: sections.get(section), parent: parent && tickets.get(parent) }))
      .sort((a, b) => a.ticket.localeCompare(b.ticket)),
    comments: doc.comments.map(({ id: _id, task, ...c }) => ({ ...c, task: tickets.get(task) })),
  };
}

describe('import', { timeout: 240_000 }, () => {
  it('export → import into an empty deployment → export gives the same team, apart from ids, the team’s and boards’ times and history', async () => {
    const source = await openTestDatabase();
    opened.push(source);
    const owner = await makeUserWithKey(source.prisma, 'Owner');
    const member = await makeUser(source.prisma, 'Member');
    const board = await makeBoard(source.prisma, owner.user.id, { labels: [{ name: 'bug', color: '#f00' }, { name: 'ui' }] });
    await joinTeamOnly(source.prisma, board.team.id, [member.id]);
    await source.prisma.projectMember.create({ data: { projectId: board.project.id, userId: member.id } });
    const labels = await source.prisma.label.findMany({ where: { projectId: board.project.id } });
    const sections = await source.prisma.section.findMany({ where: { projectId: board.project.id }, orderBy: { ranking: 'asc' } });
    const parent = await createTask(source.prisma, owner.user.id, {
      projectId: board.project.id,
      sectionId: sections[1].id,
      title: 'Parent',
      description: '<p>With <em>markup</em> &amp; a <a href="https://example.com">link</a></p>',
      labelIds: labels.map((l) => l.id),
      dueDate: '2026-06-30',
      priority: 'high',
      estimateMinutes: 90,
    });
    await createTask(source.prisma, owner.user.id, { projectId: board.project.id, title: 'Child', parentId: parent.id });
    await addComment(source.prisma, member.id, { taskId: parent.id }, { text: 'On it' });
    await toggleAssignee(source.prisma, owner.user.id, { taskId: parent.id }, { userId: member.id });
    const first = await exportText(source, board.team.id);

    const target = await freshDatabase('import_rt', { migrate: true });
    opened.push(target);
    const dry = await run(target.database, 'tasksvc', first, { importId: 'round-trip', dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, counts: { boards: 1, tasks: 2, comments: 1, labels: 2, sections: 4, usersCreated: 2, usersMatched: 0 } });
    expect(await target.database.prisma.task.count()).toBe(0);
    expect(await target.database.prisma.user.count()).toBe(0);

    const imported = await run(target.database, 'tasksvc', first, { importId: 'round-trip' });
    expect(imported).toMatchObject({ dryRun: false, replayed: false, team: { title: board.team.title, created: true }, counts: dry.counts });
    // The same import id again: the first run's summary, nothing written twice.
    const again = await run(target.database, 'tasksvc', first, { importId: 'round-trip' });
    expect(again).toMatchObject({ replayed: true, counts: dry.counts });
    expect(await target.database.prisma.task.count()).toBe(2);
    // People made by an import have no password: they sign in once invited or given a set-password link.
    expect(await target.database.prisma.user.findMany({ select: { passwordHash: true } })).toEqual([{ passwordHash: null }, { passwordHash: null }]);

    const second = await exportText(target.database, imported.team.number);
    const a = teamExportDocument.parse(JSON.parse(first));
    const b = teamExportDocument.parse(JSON.parse(second));
    expect(comparable(b)).toEqual(comparable(a));
    expect(b.history!.length).toBe(0);
  });

  it('imports the Trello, GitHub, Linear and plain CSV fixtures with their sections, labels, people and comments', async () => {
    const db = await ownDatabase('import_fx');
    const ada = await db.prisma.user.create({ data: { email: 'ada@example.com', displayName: 'Ada' } });
    const team = await makeTeam(db.prisma, [ada.id]);
    const into = { team: team.uuid };
    const boardOf = (id: number) =>
      db.prisma.project.findUniqueOrThrow({
        where: { id },
        include: {
          sections: { orderBy: { ranking: 'asc' } },
          labels: { orderBy: { name: 'asc' } },
          tasks: { orderBy: { uniqueIndex: 'asc' }, include: { section: true, labels: { include: { label: true } }, assignees: { include: { user: true } }, comments: { orderBy: { createdAt: 'asc' } }, parent: true, createdBy: true } },
        },
      });

    const trello = await run(db, 'trello', fixture('trello-board.json'), into);
    expect(trello.counts).toMatchObject({ boards: 1, sections: 4, labels: 2, tasks: 4, comments: 2, usersCreated: 2 });
    const tb = await boardOf(trello.boards[0].id);
    expect(tb.title).toBe('Website Launch');
    expect(tb.sections.map((s) => s.title)).toEqual(['To Do', 'Doing', 'Done', 'Old ideas']);
    expect(tb.labels.map((l) => l.name)).toEqual(['Bug', 'green']);
    const signup = tb.tasks.find((t) => t.uniqueIndex === 2)!;
    expect(signup).toMatchObject({ title: 'Fix the signup form', section: { title: 'Doing' }, dueDate: new Date('2026-03-01T12:00:00.000Z'), status: 'Normal' });
    expect(signup.description).toBe('<p>It <em>breaks</em> on Safari.</p>');
    expect(signup.labels.map((l) => l.label.name)).toEqual(['Bug']);
    expect(signup.assignees.map((a) => a.user!.email).sort()).toEqual(['adalovelace@trello.invalid', 'aturing@trello.invalid']);
    expect(signup.comments.map((c) => c.text)).toEqual(['<p>Looking into it.</p>', '<p>Reproduced on iOS too.</p>']);
    expect(tb.tasks.filter((t) => t.status === 'Archive').map((t) => t.title).sort()).toEqual(['Animated logo', 'Old landing page']);

    const github = await run(db, 'github', fixture('github-issues.json'), into);
    expect(github.counts).toMatchObject({ boards: 1, sections: 2, labels: 2, tasks: 2, comments: 1, usersCreated: 2 });
    const gb = await boardOf(github.boards[0].id);
    expect(gb.title).toBe('GitHub issues');
    expect(gb.labels.map((l) => [l.name, l.color])).toEqual([['bug', '#d73a4a'], ['docs', '#0075ca']]);
    const crash = gb.tasks.find((t) => t.uniqueIndex === 42)!;
    expect(crash).toMatchObject({ section: { title: 'Open' }, createdBy: { email: 'hubot@github.invalid', displayName: 'Hubot' }, createdAt: new Date('2026-01-10T08:00:00Z') });
    expect(crash.description).toContain('<strong>Expected</strong>');
    expect(crash.assignees.map((a) => a.user!.email)).toEqual(['octocat@github.invalid']);
    expect(gb.tasks.find((t) => t.uniqueIndex === 7)).toMatchObject({ section: { title: 'Closed' } });
    expect(await db.prisma.project.findUniqueOrThrow({ where: { id: gb.id } })).toMatchObject({ taskCounter: 42 });

    const linear = await run(db, 'linear', fixture('linear-export.csv'), into);
    expect(linear.counts).toMatchObject({ boards: 2, tasks: 4, usersMatched: 1, usersCreated: 1 });
    const eng = await boardOf(linear.boards.find((b) => b.title === 'Engineering')!.id);
    expect(eng.ticketPrefix).toBe('ENG');
    expect(eng.sections.map((s) => s.title)).toEqual(['Todo', 'In Progress', 'Canceled']);
    const rate = eng.tasks.find((t) => t.uniqueIndex === 3)!;
    expect(rate).toMatchObject({ priority: 'high', estimateSize: 3, dueDate: new Date('2026-02-01'), createdBy: { email: 'grace-hopper@linear.invalid' }, createdAt: new Date('2026-01-05T10:00:00Z') });
    expect(rate.assignees.map((a) => a.user!.id)).toEqual([ada.id]);
    expect(rate.labels.map((l) => l.label.name).sort()).toEqual(['Backend', 'Security']);
    expect(eng.tasks.find((t) => t.uniqueIndex === 4)).toMatchObject({ priority: null, parent: { uniqueIndex: 3 } });
    expect(eng.tasks.find((t) => t.uniqueIndex === 1)).toMatchObject({ status: 'Archive' });

    const csv = await run(db, 'csv', fixture('plain.csv'), { ...into, newTeamTitle: 'Launch plan' });
    expect(csv.counts).toMatchObject({ boards: 1, sections: 2, tasks: 3, usersMatched: 1, usersCreated: 0 });
    const cb = await boardOf(csv.boards[0].id);
    expect(cb.title).toBe('Launch plan');
    expect(cb.tasks.map((t) => [t.title, t.section.title, t.labels.map((l) => l.label.name).sort(), t.priority])).toEqual([
      ['Buy domain', 'Todo', ['ops', 'urgent'], 'high'],
      ['Set up DNS', 'Doing', ['ops'], 'low'],
      ['Plan the "launch" party', 'Todo', [], null],
    ]);
    // Everyone the files name is on the team now (as members).
    expect(await db.prisma.teamMember.count({ where: { teamId: team.id } })).toBe(1 + 2 + 2 + 1);
  });

  it('refuses a malformed or oversized import with the field named, and writes nothing', async () => {
    const db = await ownDatabase('import_bad');
    const owner = await makeUser(db.prisma, 'Owner');
    const team = await makeTeam(db.prisma, [owner.id]);
    const into = { team: team.uuid };
    const written = async () => ({
      boards: await db.prisma.project.count({ where: { teamId: team.id } }),
      users: await db.prisma.user.count(),
    });
    const before = await written();
    const doc = (over: Record<string, unknown>) =>
      JSON.stringify({
        format: 'tasksvc-team-export',
        version: 1,
        team: { title: 'T' },
        people: [],
        agents: [],
        boards: [{ id: 1, title: 'B', description: '', status: 'Normal', ticketPrefix: 'B', sections: [{ id: 1, title: 'Todo' }], labels: [], members: [] }],
        tasks: [{ id: 1, board: 1, number: 1, title: 'ok', section: 1, labels: [], assignees: [{ email: 'new@import.test' }] }],
        comments: [],
        ...over,
      });
    const sections = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, title: `S${i}` }));
    const cases: [ImportFormat, string, string, string][] = [
      ['tasksvc', doc({ tasks: [{ id: 1, board: 1, section: 1, labels: [], assignees: [] }] }), 'tasks[0].title', 'invalid'],
      ['tasksvc', doc({ format: 'something-else' }), 'format', 'not_an_export'],
      ['tasksvc', doc({ version: 2 }), 'version', 'unsupported_version'],
      ['tasksvc', doc({ comments: [{ task: 99, text: 'x' }] }), 'comments[0].task', 'unknown_reference'],
      ['tasksvc', doc({ tasks: [{ id: 1, board: 1, number: 1, title: 'a', section: 1, parent: 1, labels: [], assignees: [] }] }), 'tasks[0].parent', 'cycle'],
      ['tasksvc', `${doc({}).slice(0, -1)},"history":[${'['.repeat(40)}${']'.repeat(40)}]}`, 'file', 'too_deep'],
      ['tasksvc', doc({ tasks: [{ id: 1, board: 1, title: 'x'.repeat(500_000) }] }), 'file', 'too_long'],
      ['tasksvc', '{"format":"tasksvc-team-export","version":1,"people":[', 'file', 'invalid_json'],
      [
        'tasksvc',
        doc({ boards: [{ id: 1, title: 'B', sections: sections(BOARD_LIMITS.sectionsMax + 1), labels: [] }] }),
        'boards[0].sections',
        'invalid',
      ],
      ['github', '{"not":"an array"}', 'file', 'invalid'],
      ['csv', 'name,section\nx,Todo\n', 'title', 'required'],
    ];
    for (const [format, text, field, detail] of cases) {
      await expect(run(db, format, text, into), `${format} ${field}`).rejects.toMatchObject({ field, detail });
      expect(await written()).toEqual(before);
    }
    // At the section budget it imports (one under the refusal above).
    const atLimit = await run(db, 'tasksvc', doc({ boards: [{ id: 1, title: 'B', sections: sections(BOARD_LIMITS.sectionsMax), labels: [] }] }), into);
    expect(atLimit.counts).toMatchObject({ sections: BOARD_LIMITS.sectionsMax, tasks: 1, usersCreated: 1 });
    // A foreign file past its size budget is refused before it is parsed.
    const { IMPORT_LIMITS } = await import('../../src/domain/import/records.ts');
    const huge = (async function* () {
      const block = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i <= IMPORT_LIMITS.parsedFileBytes / block.length; i++) yield block;
    })();
    await expect(runImport(db, recordsOf('trello', huge), { format: 'trello', importId: 'huge', team: team.uuid })).rejects.toMatchObject({ field: 'file', detail: 'too_large' });
  });
});
