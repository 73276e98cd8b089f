import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.ts';
import { MeilisearchSearchIndex } from '../../src/search/meilisearch-engine.ts';
import { createSearchIndex } from '../../src/search/create-search-index.ts';
import type { SearchIndex } from '../../src/search/search-index.ts';
import { type SearchTasksInput, searchTasks } from '../../src/search/search-tasks.ts';
import { useTestApp } from '../support/app.ts';
import { makeUser } from '../support/factories.ts';
import { searchProject, seedTask } from './seed.ts';

// One contract, every engine: the PostgreSQL engine always; Meilisearch
// when MEILI_HOST points at a server (none can be installed on the build
// machines, so there it is skipped, saying so).

const t = useTestApp();

interface Engine {
  name: string;
  skip?: string;
  make: () => Promise<SearchIndex>;
  drop?: (index: SearchIndex) => Promise<void>;
}

const engines: Engine[] = [
  { name: 'postgres', make: async () => createSearchIndex({}, t.services.database) },
  {
    name: 'meilisearch',
    skip: process.env.MEILI_HOST
      ? undefined
      : 'MEILI_HOST is not set (no Meilisearch server on this machine); set MEILI_HOST (and MEILI_API_KEY) to run it',
    make: async () => {
      const index = new MeilisearchSearchIndex(t.db, {
        host: process.env.MEILI_HOST!,
        apiKey: process.env.MEILI_API_KEY,
        indexUid: `tasks_contract_${randomUUID().slice(0, 8)}`,
      });
      await index.init();
      return index;
    },
    drop: async (index) => {
      const meili = index as MeilisearchSearchIndex;
      await meili.client.deleteIndex(meili.indexUid).waitTask();
    },
  },
];

for (const engine of engines) {
  if (engine.skip) {
    describe.skip(`search contract: ${engine.name}`, () => {
      it(`skipped: ${engine.skip}`, () => undefined);
    });
    console.log(`[search contract] ${engine.name} engine skipped: ${engine.skip}`);
    continue;
  }

  describe(`search contract: ${engine.name}`, () => {
    let index: SearchIndex;
    beforeAll(async () => {
      index = await engine.make();
    });
    afterAll(async () => {
      if (index && engine.drop) await engine.drop(index);
    });

    /** Searches as `userId`, returning titles best first, scores and total. */
    async function find(userId: number, input: SearchTasksInput) {
      const r = await searchTasks(t.db, index, userId, input);
      return {
        titles: r.hits.map((h) => h.title),
        ids: r.hits.map((h) => h.taskId),
        scores: r.hits.map((h) => h.score),
        total: r.total,
      };
    }

    /** A user with one project holding the given titles. */
    async function world(titles: string[], sections?: string[]) {
      const user = await makeUser(t.db);
      const project = await searchProject(t.db, [user.id], sections);
      const tasks = [];
      for (const title of titles) tasks.push(await seedTask(t.db, index, project, { title }));
      return { user, project, tasks };
    }

    it('finds exact words, ranks the best title first, scores in [0, 1] best first', async () => {
      const { user } = await world([
        'Fix login redirect loop',
        'Login page is blank',
        'Dark mode for the dashboard',
        'Add logging to the worker',
      ]);
      const r = await find(user.id, { query: 'login redirect' });
      expect(r.titles[0]).toBe('Fix login redirect loop');
      for (const s of r.scores) expect(s >= 0 && s <= 1).toBe(true);
      expect([...r.scores].sort((a, b) => b - a)).toEqual(r.scores);
      expect((await find(user.id, { query: 'dashboard' })).titles).toEqual(['Dark mode for the dashboard']);
    });

    it('tolerates one typo from 4 letters, two from 8, none below 4', async () => {
      const { user } = await world([
        'Memory leak in the websocket gateway',
        'Upgrade the authentication flow',
        'Fix the bug in the map',
      ]);
      expect((await find(user.id, { query: 'memroy' })).titles).toEqual(['Memory leak in the websocket gateway']); // swap
      expect((await find(user.id, { query: 'memry' })).titles).toEqual(['Memory leak in the websocket gateway']); // deletion
      expect((await find(user.id, { query: 'websockeet' })).titles).toEqual(['Memory leak in the websocket gateway']); // insertion
      expect((await find(user.id, { query: 'autentikation' })).titles).toEqual(['Upgrade the authentication flow']); // two edits, 13 letters
      expect((await find(user.id, { query: 'gatewya' })).titles).toEqual(['Memory leak in the websocket gateway']);
      // Three letters: exact only (`bag` is not `bug`), and three edits are too many.
      expect((await find(user.id, { query: 'bag' })).total).toBe(0);
      expect((await find(user.id, { query: 'bug' })).titles).toEqual(['Fix the bug in the map']);
      expect((await find(user.id, { query: 'mmeoyr' })).total).toBe(0);
    });

    it('matches the last word as a prefix, and description text', async () => {
      const { user, project } = await world(['Authentication flow rewrite', 'Billing page']);
      expect((await find(user.id, { query: 'authent' })).titles).toEqual(['Authentication flow rewrite']);
      await seedTask(t.db, index, project, {
        title: 'Customer request',
        description: '<p>The <b>invoices</b> export crashes in Safari</p>',
      });
      expect((await find(user.id, { query: 'invoice crash' })).titles).toEqual(['Customer request']);
    });

    it('an exact ticket number comes first, in any case, with score 1', async () => {
      const { user, project, tasks } = await world(['Alpha task', 'Beta task', 'Gamma task mentions beta']);
      const beta = tasks[1];
      const r = await find(user.id, { query: beta.ticketNumber });
      expect(r.ids[0]).toBe(beta.id);
      expect(r.scores[0]).toBe(1);
      expect((await find(user.id, { query: beta.ticketNumber.toLowerCase() })).ids[0]).toBe(beta.id);
      expect((await find(user.id, { query: `gamma ${tasks[0].ticketNumber}` })).ids.slice(0, 2)).toEqual([
        tasks[0].id,
        tasks[2].id,
      ]);
      // Another user's ticket number finds nothing of theirs.
      const stranger = await makeUser(t.db);
      expect((await find(stranger.id, { query: beta.ticketNumber })).total).toBe(0);
      expect(project.ticketPrefix).toMatch(/^[A-Z][A-Z0-9]*$/);
    });

    it('limit and total: limit caps hits, total counts every match; default limit 10', async () => {
      const { user } = await world(Array.from({ length: 12 }, (_, i) => `Quarterly report number ${i + 1}`));
      const five = await find(user.id, { query: 'quarterly report', limit: 5 });
      expect(five.ids).toHaveLength(5);
      expect(five.total).toBe(12);
      const dflt = await find(user.id, { query: 'quarterly' });
      expect(dflt.ids).toHaveLength(10);
      expect(dflt.total).toBe(12);
      expect((await find(user.id, { query: 'quarterly', limit: 50 })).ids).toHaveLength(12);
      await expect(find(user.id, { query: 'quarterly', limit: 51 })).rejects.toMatchObject({
        code: 'VALIDATION',
        field: 'limit',
      });
      await expect(find(user.id, { query: 'quarterly', limit: 0 })).rejects.toMatchObject({
        code: 'VALIDATION',
        field: 'limit',
      });
    });

    it('query: 200 characters is fine, 201 and empty are VALIDATION on `query`', async () => {
      const { user } = await world(['Anything']);
      const at = `anything ${'x'.repeat(191)}`;
      expect(at).toHaveLength(200);
      await expect(find(user.id, { query: at })).resolves.toBeDefined();
      await expect(find(user.id, { query: `${at}x` })).rejects.toMatchObject({ code: 'VALIDATION', field: 'query' });
      await expect(find(user.id, { query: '' })).rejects.toMatchObject({ code: 'VALIDATION', field: 'query' });
      await expect(find(user.id, { query: '   ' })).rejects.toMatchObject({ code: 'VALIDATION', field: 'query' });
      expect((await find(user.id, { query: '!!!' })).total).toBe(0);
    });

    it('only tasks of projects the caller belongs to; another tenant project is NOT_FOUND', async () => {
      const a = await world(['Secret roadmap planning']);
      const b = await world(['Public roadmap planning']);
      expect((await find(a.user.id, { query: 'roadmap' })).titles).toEqual(['Secret roadmap planning']);
      expect((await find(b.user.id, { query: 'roadmap' })).titles).toEqual(['Public roadmap planning']);
      expect((await find(b.user.id, { query: 'secret' })).total).toBe(0);
      const err = await find(b.user.id, { query: 'roadmap', projectId: a.project.id }).catch((e) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'NOT_FOUND', field: 'projectId' });
      // Joining the project makes its tasks searchable at once; leaving hides them.
      await t.db.projectMember.create({ data: { projectId: a.project.id, userId: b.user.id } });
      expect((await find(b.user.id, { query: 'roadmap' })).titles.sort()).toEqual([
        'Public roadmap planning',
        'Secret roadmap planning',
      ]);
      await t.db.projectMember.delete({ where: { projectId_userId: { projectId: a.project.id, userId: b.user.id } } });
      expect((await find(b.user.id, { query: 'roadmap' })).titles).toEqual(['Public roadmap planning']);
      // The engine itself never crosses the visible projects it is given.
      const raw = await index.search('roadmap', { visibleProjectIds: [b.project.id], limit: 10 });
      expect(raw.hits.map((h) => h.taskId)).toEqual([b.tasks[0].id]);
      expect(await index.search('roadmap', { visibleProjectIds: [], limit: 10 })).toEqual({ hits: [], total: 0 });
    });

    it('filters: project/board, section, assignee, priority, due date (AND)', async () => {
      const user = await makeUser(t.db);
      const mate = await makeUser(t.db);
      const p1 = await searchProject(t.db, [user.id, mate.id], ['Todo', 'In Review']);
      const p2 = await searchProject(t.db, [user.id]);
      const mine = await seedTask(t.db, index, p1, {
        title: 'Invoice export one',
        assigneeIds: [user.id],
        priority: 'high',
      });
      const theirs = await seedTask(t.db, index, p1, {
        title: 'Invoice export two',
        assigneeIds: [mate.id],
        sectionId: p1.sections[1].id,
      });
      const nobody = await seedTask(t.db, index, p2, {
        title: 'Invoice export three',
        dueDate: new Date('2030-01-01'),
      });
      const ids = async (input: Omit<SearchTasksInput, 'query'>) =>
        (await find(user.id, { query: 'invoice export', ...input })).ids.sort();

      expect(await ids({})).toEqual([mine.id, theirs.id, nobody.id].sort());
      expect(await ids({ projectId: p1.id })).toEqual([mine.id, theirs.id].sort());
      expect(await ids({ boardId: p2.id })).toEqual([nobody.id]);
      await expect(ids({ projectId: p1.id, boardId: p2.id })).rejects.toMatchObject({
        code: 'VALIDATION',
        field: 'boardId',
      });
      expect(await ids({ section: 'in review' })).toEqual([theirs.id]);
      expect(await ids({ section: 'Nowhere' })).toEqual([]);
      expect(await ids({ assignedTo: 'me' })).toEqual([mine.id]);
      expect(await ids({ assignedTo: String(mate.id) })).toEqual([theirs.id]);
      expect(await ids({ assignedTo: 'unassigned' })).toEqual([nobody.id]);
      await expect(ids({ assignedTo: 'bob' })).rejects.toMatchObject({ code: 'VALIDATION', field: 'assignedTo' });
      expect(await ids({ priority: 'high' })).toEqual([mine.id]);
      expect(await ids({ priority: 'low' })).toEqual([]);
      expect(await ids({ hasDueDate: true })).toEqual([nobody.id]);
      expect(await ids({ hasDueDate: false })).toEqual([mine.id, theirs.id].sort());
      expect(await ids({ projectId: p1.id, assignedTo: 'me', priority: 'high' })).toEqual([mine.id]);
    });

    it('archived and deleted tasks: hidden by default, found with their status; removed tasks are gone', async () => {
      const { user, tasks } = await world([
        'Migrate payroll provider',
        'Migrate payroll archive',
        'Migrate payroll trash',
      ]);
      await t.db.task.update({ where: { id: tasks[1].id }, data: { status: 'Archive' } });
      await t.db.task.update({ where: { id: tasks[2].id }, data: { status: 'Deleted' } });
      await index.indexTask(tasks[1].id);
      await index.indexTask(tasks[2].id);
      expect((await find(user.id, { query: 'payroll' })).ids).toEqual([tasks[0].id]);
      expect((await find(user.id, { query: 'payroll', status: 'Archive' })).ids).toEqual([tasks[1].id]);
      expect((await find(user.id, { query: 'payroll', status: 'Deleted' })).ids).toEqual([tasks[2].id]);
      await t.db.task.delete({ where: { id: tasks[0].id } });
      await index.removeTask(tasks[0].id);
      expect((await find(user.id, { query: 'payroll' })).total).toBe(0);
    });

    it('updates are visible to the next search', async () => {
      const { user, project, tasks } = await world(['Prepare the offsite agenda']);
      await t.db.task.update({ where: { id: tasks[0].id }, data: { title: 'Book the conference venue' } });
      await index.indexTask(tasks[0].id);
      expect((await find(user.id, { query: 'offsite' })).total).toBe(0);
      expect((await find(user.id, { query: 'conference venue' })).ids).toEqual([tasks[0].id]);
      await t.db.task.update({
        where: { id: tasks[0].id },
        data: { priority: 'urgent', sectionId: project.sections[1].id },
      });
      await index.indexTask(tasks[0].id);
      expect((await find(user.id, { query: 'venue', priority: 'urgent', section: 'Doing' })).ids).toEqual([
        tasks[0].id,
      ]);
    });

    it('rebuild: reports progress and the same tasks are found afterwards', async () => {
      const { user, tasks } = await world(['Rotate the signing keys', 'Rotate the database credentials']);
      const progress: [number, number][] = [];
      await index.rebuild((done, total) => progress.push([done, total]));
      expect(progress.length).toBeGreaterThan(0);
      const [done, total] = progress[progress.length - 1];
      expect(done).toBe(total);
      expect((await find(user.id, { query: 'rotate' })).ids.sort()).toEqual(tasks.map((x) => x.id).sort());
    });

    it('several words: tasks with all of them first; with none having all, the best partial matches', async () => {
      const { user } = await world(['Export invoices to CSV', 'Export tasks to PDF', 'Import invoices from Stripe']);
      const all = await find(user.id, { query: 'export invoices' });
      expect(all.titles).toEqual(['Export invoices to CSV']);
      const partial = await find(user.id, { query: 'export invoices excel' });
      expect(partial.titles[0]).toBe('Export invoices to CSV');
      expect(partial.total).toBeGreaterThanOrEqual(1);
    });
  });
}
