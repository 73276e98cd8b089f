import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import type { Database } from '../../db/client.ts';
import { renderContents } from '../../content/render.ts';
import { ValidationError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { chooseTicketPrefix } from '../ticket-prefix.ts';
import { type ImportedTaskRow, insertComments, insertTaskLinks, insertTasks } from './bulk-rows.ts';
import { findTeam } from '../team-member.ts';
import { IMPORT_LIMITS, type ImportFormat, type ImportRecord, type TaskRecord, importRecord } from './records.ts';

type Tx = Prisma.TransactionClient;

/** How long an import's transaction may run (Prisma's interactive transaction timeout). */
const IMPORT_TIMEOUT_MS = 6 * 60 * 60 * 1000;

/** What an import does. */
export interface ImportOptions {
  format: ImportFormat;
  /** The import's id: a second import with it answers the first one's summary and writes nothing. */
  importId: string;
  /** The team the boards go to (number or UUID); absent: a new team named `newTeamTitle`. */
  team?: string | number | null;
  newTeamTitle?: string | null;
  /** Do everything, report it, then roll it all back. */
  dryRun?: boolean;
  onProgress?: (counts: ImportCounts) => void;
}

/** What an import created (or, in a dry run, would create). */
export interface ImportCounts {
  usersMatched: number;
  usersCreated: number;
  boards: number;
  sections: number;
  labels: number;
  tasks: number;
  comments: number;
}

/** The answer of an import. */
export interface ImportSummary {
  importId: string;
  format: ImportFormat;
  dryRun: boolean;
  /** True when an import with this id had already run: nothing was written now. */
  replayed: boolean;
  team: { id: string; number: number; title: string; created: boolean };
  boards: { key: string; id: number; title: string; ticketPrefix: string; tasks: number }[];
  counts: ImportCounts;
}

/** Thrown inside a dry run's transaction to roll it back with its summary. */
class DryRunDone extends Error {
  constructor(readonly summary: ImportSummary) {
    super('dry run');
  }
}

/**
 * Runs an import: reads the records (./records.ts) one by one, checks each
 * against its schema and the budgets (IMPORT_LIMITS) before writing it, and
 * writes everything in one transaction, so a refused or failed import leaves
 * nothing behind and a retry starts clean. Users are matched by email, or
 * created without a password (they sign in once an owner invites them or an
 * operator gives them a set-password link); everyone the data names joins
 * the team as a member (the new team's people keep their `teamRole`), and
 * each board's people join that board. Labels and sections are mapped by the
 * board's own lists; a task in no known section goes to the board's first.
 * Writes no outbox events: a 100,000-task import would otherwise be 100,000
 * webhook deliveries for boards nobody can be watching yet; the ImportRun row
 * is the record of it (README: Backup, export, import).
 */
export async function runImport(db: Database, records: AsyncIterable<ImportRecord>, options: ImportOptions): Promise<ImportSummary> {
  const earlier = await db.prisma.importRun.findUnique({ where: { id: options.importId } });
  if (earlier) return { ...(earlier.summary as unknown as ImportSummary), replayed: true, dryRun: !!options.dryRun };
  try {
    return await db.prisma.$transaction(
      async (tx) => {
        const summary = await new ImportWriter(tx, options).run(records);
        if (options.dryRun) throw new DryRunDone(summary);
        await tx.importRun.create({
          data: { id: options.importId, source: options.format, teamId: summary.team.number, summary: summary as unknown as Prisma.InputJsonValue },
        });
        return summary;
      },
      { maxWait: 60_000, timeout: IMPORT_TIMEOUT_MS },
    );
  } catch (err) {
    if (err instanceof DryRunDone) return err.summary;
    throw err;
  }
}

interface BoardState {
  key: string;
  id: number;
  title: string;
  ticketPrefix: string;
  sections: Map<string, number>;
  firstSection: number;
  labels: Map<string, number>;
  members: Set<number>;
  numbers: Set<number>;
  nextNumber: number;
  tasks: number;
}

class ImportWriter {
  private readonly counts: ImportCounts = { usersMatched: 0, usersCreated: 0, boards: 0, sections: 0, labels: 0, tasks: 0, comments: 0 };
  private readonly people = new Map<string, number>();
  private readonly names = new Map<string, string>();
  private readonly boards = new Map<string, BoardState>();
  private readonly tasks = new Map<string, { id: number; board: string }>();
  private readonly parents = new Map<number, number>();
  private readonly pendingParents: { child: number; parentKey: string; board: string; field: string }[] = [];
  private readonly seen = { person: 0, board: 0, task: 0, comment: 0 };
  private taskBatch: { record: TaskRecord; field: string }[] = [];
  private commentBatch: { taskId: number; authorId: number | null; text: string; contentType: string; createdAt?: Date; editedAt?: Date | null; field: string }[] = [];
  private team: { id: number; uuid: string; title: string; created: boolean } | null = null;
  private readonly teamMembers = new Set<number>();
  /** What rows without their own times get as createdAt/updatedAt: the import's start. */
  private readonly now = new Date();
  private takenPrefixes = new Set<string>();

  constructor(
    private readonly tx: Tx,
    private readonly options: ImportOptions,
  ) {}

  async run(records: AsyncIterable<ImportRecord>): Promise<ImportSummary> {
    const roles: { email: string; role: 'owner' | 'member' }[] = [];
    for await (const raw of records) {
      const kind = (raw as { kind?: string }).kind ?? 'record';
      const index = kind in this.seen ? this.seen[kind as keyof typeof this.seen]++ : 0;
      const field = `${kind === 'person' ? 'people' : `${kind}s`}[${index}]`;
      this.checkCount(kind, index, field);
      const parsed = importRecord.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ValidationError([field, ...issue.path].join('.'), `${[field, ...issue.path].join('.')}: ${issue.message}`, 'invalid');
      }
      const record = parsed.data;
      if (record.kind === 'team') {
        if (this.team) throw new ValidationError(`${field}`, `${field}: the team comes first, once`, 'invalid');
        await this.openTeam(record.title);
        continue;
      }
      if (!this.team) await this.openTeam(null);
      switch (record.kind) {
        case 'person':
          this.names.set(record.email, record.displayName);
          if (record.teamRole) roles.push({ email: record.email, role: record.teamRole });
          break;
        case 'board':
          await this.flushTasks();
          await this.addBoard(record, field);
          break;
        case 'task':
          this.taskBatch.push({ record, field });
          if (this.taskBatch.length >= IMPORT_LIMITS.batchRows) await this.flushTasks();
          break;
        case 'comment': {
          await this.flushTasks();
          const task = this.tasks.get(record.task);
          if (!task) throw new ValidationError(`${field}.task`, `${field}.task: no task ${record.task} before it in the file`, 'unknown_reference');
          const authorId = record.author ? await this.person(record.author, task.board) : null;
          this.commentBatch.push({
            taskId: task.id,
            authorId,
            text: record.text,
            contentType: record.contentType,
            createdAt: record.createdAt ? new Date(record.createdAt) : undefined,
            editedAt: record.editedAt ? new Date(record.editedAt) : null,
            field,
          });
          if (this.commentBatch.length >= IMPORT_LIMITS.batchRows) await this.flushComments();
          break;
        }
      }
    }
    if (!this.team) await this.openTeam(null);
    await this.flushTasks();
    await this.flushComments();
    await this.linkParents();
    for (const { email, role } of roles) {
      if (!this.team!.created || role !== 'owner') continue;
      const userId = await this.person(email, null);
      await this.tx.teamMember.update({ where: { teamId_userId: { teamId: this.team!.id, userId } }, data: { role } });
    }
    for (const b of this.boards.values()) {
      await this.tx.project.update({ where: { id: b.id }, data: { taskCounter: b.nextNumber - 1 } });
    }
    return this.summary();
  }

  private summary(): ImportSummary {
    return {
      importId: this.options.importId,
      format: this.options.format,
      dryRun: !!this.options.dryRun,
      replayed: false,
      team: { id: this.team!.uuid, number: this.team!.id, title: this.team!.title, created: this.team!.created },
      boards: [...this.boards.values()].map((b) => ({ key: b.key, id: b.id, title: b.title, ticketPrefix: b.ticketPrefix, tasks: b.tasks })),
      counts: { ...this.counts },
    };
  }

  private checkCount(kind: string, index: number, field: string) {
    const max = { person: IMPORT_LIMITS.people, board: IMPORT_LIMITS.boards, task: IMPORT_LIMITS.tasks, comment: IMPORT_LIMITS.comments }[kind];
    if (max !== undefined && index >= max) {
      throw new ValidationError(field, `${field}: an import holds at most ${max} records of this kind`, 'too_many');
    }
  }

  /** The team given, else a new one named by the file's team record (a tasksvc export). */
  private async openTeam(fileTeamTitle: string | null) {
    if (this.options.team !== undefined && this.options.team !== null) {
      const team = await findTeam(this.tx, this.options.team, 'team');
      this.team = { ...team, created: false };
      for (const m of await this.tx.teamMember.findMany({ where: { teamId: team.id }, select: { userId: true } })) this.teamMembers.add(m.userId);
    } else {
      const title = fileTeamTitle ?? this.options.newTeamTitle?.trim();
      if (!title) throw new ValidationError('team', 'team: give the team to import into (--team), or import a tasksvc team export', 'required');
      const team = await this.tx.team.create({ data: { title: title.slice(0, 200) } });
      this.team = { ...team, created: true };
    }
    const boards = await this.tx.project.findMany({ where: { teamId: this.team!.id }, select: { ticketPrefix: true } });
    this.takenPrefixes = new Set(boards.map((b) => b.ticketPrefix));
  }

  /** The user with `email` (created without a password when none has it), on the team and, given one, on the board. */
  private async person(email: string, boardKey: string | null): Promise<number> {
    let id = this.people.get(email);
    if (id === undefined) {
      const existing = await this.tx.user.findUnique({ where: { email }, select: { id: true } });
      if (existing) {
        id = existing.id;
        this.counts.usersMatched++;
      } else {
        if (this.people.size >= IMPORT_LIMITS.people) {
          throw new ValidationError('people', `an import names at most ${IMPORT_LIMITS.people} people`, 'too_many');
        }
        const displayName = this.names.get(email) ?? email.split('@')[0];
        id = (await this.tx.user.create({ data: { email, displayName }, select: { id: true } })).id;
        this.counts.usersCreated++;
      }
      this.people.set(email, id);
    }
    if (!this.teamMembers.has(id)) {
      await this.tx.teamMember.createMany({ data: [{ teamId: this.team!.id, userId: id }], skipDuplicates: true });
      this.teamMembers.add(id);
    }
    const board = boardKey === null ? undefined : this.boards.get(boardKey);
    if (board && !board.members.has(id)) {
      await this.tx.projectMember.createMany({ data: [{ projectId: board.id, userId: id }], skipDuplicates: true });
      board.members.add(id);
    }
    return id;
  }

  private async addBoard(record: Extract<ReturnType<typeof importRecord.parse>, { kind: 'board' }>, field: string) {
    if (this.boards.has(record.key)) throw new ValidationError(`${field}.key`, `${field}.key: board ${record.key} appears twice`, 'duplicate');
    const ticketPrefix = record.ticketPrefix ?? chooseTicketPrefix(record.title, this.takenPrefixes);
    this.takenPrefixes.add(ticketPrefix);
    const project = await this.tx.project.create({
      data: { title: record.title, description: record.description, status: record.status, ticketPrefix, teamId: this.team!.id },
      select: { id: true },
    });
    const rankings = generateNKeysBetween(null, null, record.sections.length);
    const sections = await this.tx.section.createManyAndReturn({
      data: record.sections.map((s, i) => ({ projectId: project.id, title: s.title, ranking: rankings[i] })),
      select: { id: true },
    });
    const sectionMap = new Map<string, number>();
    record.sections.forEach((s, i) => {
      if (!sectionMap.has(s.key)) sectionMap.set(s.key, sections[i].id);
    });
    const labelNames = [...new Map(record.labels.map((l) => [l.name, l])).values()];
    const labels = labelNames.length
      ? await this.tx.label.createManyAndReturn({
          data: labelNames.map((l) => ({ projectId: project.id, name: l.name, color: l.color ?? null })),
          select: { id: true, name: true },
        })
      : [];
    const state: BoardState = {
      key: record.key,
      id: project.id,
      title: record.title,
      ticketPrefix,
      sections: sectionMap,
      firstSection: sections[0].id,
      labels: new Map(labels.map((l) => [l.name, l.id])),
      members: new Set(),
      numbers: new Set(),
      nextNumber: 1,
      tasks: 0,
    };
    this.boards.set(record.key, state);
    this.counts.boards++;
    this.counts.sections += sections.length;
    this.counts.labels += labels.length;
    for (const m of record.members) {
      const userId = await this.person(m.email, record.key);
      if (m.role !== 'member') await this.tx.projectMember.update({ where: { projectId_userId: { projectId: project.id, userId } }, data: { role: m.role } });
    }
    this.options.onProgress?.({ ...this.counts });
  }

  private async flushTasks() {
    const batch = this.taskBatch;
    if (batch.length === 0) return;
    this.taskBatch = [];
    // Descriptions are input like any other: sanitised (or rendered from markdown) by the render pool, off the event loop.
    const html = await renderInChunks(
      batch.map(({ record, field }) => ({ text: record.description, contentType: record.contentType, field: `${field}.description` })),
    );
    const rows: ImportedTaskRow[] = [];
    for (const [i, { record, field }] of batch.entries()) {
      const board = this.boards.get(record.board);
      if (!board) throw new ValidationError(`${field}.board`, `${field}.board: no board ${record.board} before it in the file`, 'unknown_reference');
      if (this.tasks.has(record.key)) throw new ValidationError(`${field}.key`, `${field}.key: task ${record.key} appears twice`, 'duplicate');
      const sectionId = record.section == null ? board.firstSection : (board.sections.get(record.section) ?? board.firstSection);
      let number = record.number ?? null;
      if (number === null || board.numbers.has(number)) {
        while (board.numbers.has(board.nextNumber)) board.nextNumber++;
        number = board.nextNumber;
      }
      board.numbers.add(number);
      board.nextNumber = Math.max(board.nextNumber, number + 1);
      const createdById = record.createdBy ? await this.person(record.createdBy, record.board) : null;
      rows.push({
        projectId: board.id,
        sectionId,
        uniqueIndex: number,
        title: record.title,
        description: html[i],
        status: record.status,
        priority: record.priority ?? null,
        estimateMinutes: record.estimateMinutes ?? null,
        estimateSize: record.estimateSize ?? null,
        dueDate: record.dueDate ? new Date(record.dueDate) : null,
        position: validPosition(record.position),
        createdById,
        createdAt: record.createdAt ? new Date(record.createdAt) : this.now,
        updatedAt: record.updatedAt ? new Date(record.updatedAt) : this.now,
      });
    }
    const created = await insertTasks(this.tx, rows);
    const labelRows: [number, number][] = [];
    const assigneeRows: [number, number][] = [];
    for (const [i, { record, field }] of batch.entries()) {
      const id = created[i].id;
      const board = this.boards.get(record.board)!;
      this.tasks.set(record.key, { id, board: record.board });
      board.tasks++;
      for (const name of new Set(record.labels)) {
        let labelId = board.labels.get(name);
        if (labelId === undefined) {
          if (board.labels.size >= IMPORT_LIMITS.batchRows) throw new ValidationError(`${field}.labels`, `${field}.labels: too many labels on board ${record.board}`, 'too_many');
          labelId = (await this.tx.label.create({ data: { projectId: board.id, name }, select: { id: true } })).id;
          board.labels.set(name, labelId);
          this.counts.labels++;
        }
        labelRows.push([id, labelId]);
      }
      for (const email of new Set(record.assignees)) assigneeRows.push([id, await this.person(email, record.board)]);
      if (record.parent != null) this.pendingParents.push({ child: id, parentKey: record.parent, board: record.board, field: `${field}.parent` });
    }
    await insertTaskLinks(this.tx, 'TaskLabel', 'labelId', labelRows);
    await insertTaskLinks(this.tx, 'TaskAssignee', 'userId', assigneeRows);
    this.counts.tasks += created.length;
    this.options.onProgress?.({ ...this.counts });
  }

  private async flushComments() {
    const batch = this.commentBatch;
    if (batch.length === 0) return;
    this.commentBatch = [];
    const html = await renderInChunks(batch.map((c) => ({ text: c.text, contentType: c.contentType, field: `${c.field}.text` })));
    await insertComments(
      this.tx,
      batch.map((c, i) => ({
        taskId: c.taskId,
        authorId: c.authorId,
        text: html[i],
        editedAt: c.editedAt ?? null,
        createdAt: c.createdAt ?? this.now,
        updatedAt: this.now,
      })),
    );
    this.counts.comments += batch.length;
    this.options.onProgress?.({ ...this.counts });
  }

  /** Sets each subtask's parent (a task of the same board, named anywhere in the file); a cycle is refused. */
  private async linkParents() {
    for (const p of this.pendingParents) {
      const parent = this.tasks.get(p.parentKey);
      if (!parent || parent.board !== p.board) {
        throw new ValidationError(p.field, `${p.field}: no task ${p.parentKey} on the same board`, 'unknown_reference');
      }
      if (parent.id === p.child) throw new ValidationError(p.field, `${p.field}: a task cannot be its own parent`, 'cycle');
      this.parents.set(p.child, parent.id);
    }
    // Each chain is walked once: a walk stops at a task already known to lead to a root, or fails on one of its own path.
    const rooted = new Set<number>();
    for (const start of this.parents.keys()) {
      const path = new Set<number>();
      for (let at: number | undefined = start; at !== undefined && !rooted.has(at); at = this.parents.get(at)) {
        if (path.has(at)) {
          const p = this.pendingParents.find((x) => x.child === start)!;
          throw new ValidationError(p.field, `${p.field}: the parents of this task form a cycle`, 'cycle');
        }
        path.add(at);
      }
      for (const id of path) rooted.add(id);
    }
    const links = [...this.parents.entries()];
    for (let i = 0; i < links.length; i += IMPORT_LIMITS.batchRows) {
      const part = links.slice(i, i + IMPORT_LIMITS.batchRows);
      await this.tx.$executeRawUnsafe(
        `UPDATE "Task" t SET "parentId" = v.p FROM (SELECT * FROM json_to_recordset($1::json) AS x(c int, p int)) v(c, p) WHERE t.id = v.c`,
        JSON.stringify(part.map(([c, p]) => ({ c, p }))),
      );
    }
  }
}

/** A position the service can order and place between (a fractional-indexing key), else none (the task goes last). */
function validPosition(position: string | null | undefined): string | null {
  if (!position) return null;
  try {
    generateKeyBetween(position, null);
    return position;
  } catch {
    return null;
  }
}

/** Texts rendered per render-pool job (each job has one CPU-time budget). */
const RENDER_CHUNK = 50;

/**
 * Renders an import's texts in jobs of RENDER_CHUNK, on one share of the
 * pool (the operator's, user 0): a refused text names its record's field.
 */
async function renderInChunks(fields: Parameters<typeof renderContents>[0]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < fields.length; i += RENDER_CHUNK) out.push(...(await renderContents(fields.slice(i, i + RENDER_CHUNK), 0)));
  return out;
}
