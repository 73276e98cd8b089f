import type { Db } from '../../db/client.ts';
import { SERVICE_VERSION } from '../../version.ts';
import { type TeamActor, requireTeamOwner } from '../team-member.ts';
import {
  type ExportAgent,
  type ExportBoard,
  type ExportComment,
  type ExportEvent,
  type ExportPerson,
  type ExportTask,
  TEAM_EXPORT_FORMAT,
  TEAM_EXPORT_VERSION,
} from './team-format.ts';

/** Rows read per page: what an export holds in memory at once (plus one page's labels, assignees…). */
export const EXPORT_PAGE_ROWS = 500;

/** The inbox events name their recipients: never part of a board's history. */
const PRIVATE_EVENTS = ['notification.created'];

/**
 * Checks that `actorId` may export the team (its owners; the operator's CLI
 * passes null) and answers the team: done before the first byte is sent, so
 * a refusal is an ordinary error answer.
 */
export function requireExportableTeam(db: Db, actorId: TeamActor, teamRef: number | string) {
  return requireTeamOwner(db, actorId, teamRef, 'teamId', 'export it');
}

/**
 * The team export document (team-format.ts) as a stream of JSON text
 * chunks, read page by page (EXPORT_PAGE_ROWS rows by id), so a team of any
 * size exports in bounded memory. Not one snapshot: rows are read as they
 * stand when their page is read (a point-in-time copy is `tasksvc backup`),
 * but the document never names a task it does not hold: comments and events
 * of tasks made after the task pages were read are left out. `history:
 * false` leaves the `history` key out.
 */
export async function* teamExport(
  db: Db,
  team: { id: number; uuid: string; title: string; createdAt: Date },
  options: { history?: boolean } = {},
): AsyncGenerator<string> {
  yield `{"format":${JSON.stringify(TEAM_EXPORT_FORMAT)},"version":${TEAM_EXPORT_VERSION},` +
    `"exportedAt":${JSON.stringify(new Date().toISOString())},"service":${JSON.stringify(SERVICE_VERSION)},` +
    `"team":${JSON.stringify({ id: team.uuid, number: team.id, title: team.title, createdAt: team.createdAt.toISOString() })}`;
  const boards = await db.project.findMany({ where: { teamId: team.id }, select: { id: true }, orderBy: { id: 'asc' } });
  const boardIds = boards.map((b) => b.id);

  yield ',"people":';
  yield* jsonArray(people(db, team.id));
  yield ',"agents":';
  yield* jsonArray(agents(db, team.id));
  yield ',"boards":';
  yield* jsonArray(boardsOf(db, boardIds));
  const last = { taskId: 0 };
  yield ',"tasks":';
  yield* jsonArray(tasks(db, boardIds, last));
  yield ',"comments":';
  yield* jsonArray(comments(db, boardIds, last.taskId));
  if (options.history !== false) {
    yield ',"history":';
    yield* jsonArray(history(db, boardIds, last.taskId));
  }
  yield '}\n';
}

/** A JSON array of the items, one chunk per page. */
async function* jsonArray<T>(pages: AsyncGenerator<T[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield (first ? '' : ',') + page.map((item) => JSON.stringify(item)).join(',');
    first = false;
  }
  yield ']';
}

/** Pages of rows by ascending id: `read(afterId)` answers up to EXPORT_PAGE_ROWS rows with ids above it. */
async function* byId<R extends { id: number | bigint | string }>(read: (after: R['id'] | undefined) => Promise<R[]>): AsyncGenerator<R[]> {
  let after: R['id'] | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = rows[rows.length - 1].id;
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function* people(db: Db, teamId: number): AsyncGenerator<ExportPerson[]> {
  const onTeamBoards = { project: { teamId } };
  for await (const rows of byId((after?: number) =>
    db.user.findMany({
      where: {
        id: after === undefined ? undefined : { gt: after },
        OR: [
          { teams: { some: { teamId } } },
          { projects: { some: onTeamBoards } },
          { createdTasks: { some: onTeamBoards } },
          { assignments: { some: { task: onTeamBoards } } },
          { comments: { some: { task: onTeamBoards } } },
        ],
      },
      select: { id: true, email: true, displayName: true, teams: { where: { teamId }, select: { role: true } } },
      orderBy: { id: 'asc' },
      take: EXPORT_PAGE_ROWS,
    }),
  )) {
    yield rows.map((u) => ({ email: u.email, displayName: u.displayName, teamRole: (u.teams[0]?.role ?? null) as ExportPerson['teamRole'] }));
  }
}

async function* agents(db: Db, teamId: number): AsyncGenerator<ExportAgent[]> {
  for await (const rows of byId((after?: string) =>
    db.agent.findMany({
      where: { teamId, id: after === undefined ? undefined : { gt: after } },
      select: { id: true, displayName: true },
      orderBy: { id: 'asc' },
      take: EXPORT_PAGE_ROWS,
    }),
  )) {
    yield rows;
  }
}

async function* boardsOf(db: Db, boardIds: number[]): AsyncGenerator<ExportBoard[]> {
  // One board at a time: a board's sections and labels are bounded (BOARD_LIMITS), its members by the team.
  for (const id of boardIds) {
    const b = await db.project.findUnique({
      where: { id },
      include: {
        members: { select: { role: true, user: { select: { email: true } } }, orderBy: { userId: 'asc' } },
        sections: { where: { deletedAt: null }, orderBy: [{ ranking: 'asc' }, { id: 'asc' }] },
        labels: { orderBy: { name: 'asc' } },
      },
    });
    if (!b) continue;
    yield [
      {
        id: b.id,
        title: b.title,
        description: b.description,
        status: b.status,
        ticketPrefix: b.ticketPrefix,
        createdAt: b.createdAt.toISOString(),
        members: b.members.map((m) => ({ email: m.user.email, role: m.role })),
        sections: b.sections.map((s) => ({ id: s.id, title: s.title, ranking: s.ranking, visible: s.visible })),
        labels: b.labels.map((l) => ({ name: l.name, color: l.color })),
      },
    ];
  }
}

async function* tasks(db: Db, boardIds: number[], last: { taskId: number }): AsyncGenerator<ExportTask[]> {
  for await (const rows of byId((after?: number) =>
    db.task.findMany({
      where: { projectId: { in: boardIds }, id: after === undefined ? undefined : { gt: after } },
      include: {
        project: { select: { ticketPrefix: true } },
        labels: { select: { label: { select: { name: true } } } },
        assignees: { select: { user: { select: { email: true } }, agentId: true }, orderBy: { id: 'asc' } },
        createdBy: { select: { email: true } },
      },
      orderBy: { id: 'asc' },
      take: EXPORT_PAGE_ROWS,
    }),
  )) {
    last.taskId = rows[rows.length - 1].id;
    yield rows.map((t) => ({
      id: t.id,
      board: t.projectId,
      number: t.uniqueIndex,
      ticket: `${t.project.ticketPrefix}-${t.uniqueIndex}`,
      title: t.title,
      description: t.description,
      section: t.sectionId,
      status: t.status,
      priority: t.priority,
      estimateMinutes: t.estimateMinutes,
      estimateSize: t.estimateSize,
      dueDate: iso(t.dueDate),
      images: t.images,
      attachments: t.attachments,
      position: t.position,
      parent: t.parentId,
      labels: t.labels.map((l) => l.label.name).sort(),
      assignees: t.assignees.map((a) => (a.user ? { email: a.user.email } : { agent: a.agentId! })),
      createdBy: t.createdBy?.email ?? null,
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
    }));
  }
}

async function* comments(db: Db, boardIds: number[], lastTaskId: number): AsyncGenerator<ExportComment[]> {
  for await (const rows of byId((after?: number) =>
    db.comment.findMany({
      where: { taskId: { lte: lastTaskId }, task: { projectId: { in: boardIds } }, id: after === undefined ? undefined : { gt: after } },
      include: { author: { select: { email: true } } },
      orderBy: { id: 'asc' },
      take: EXPORT_PAGE_ROWS,
    }),
  )) {
    yield rows.map((c) => ({
      id: c.id,
      task: c.taskId,
      author: c.author?.email ?? null,
      text: c.text,
      images: c.images,
      createdAt: c.createdAt.toISOString(),
      editedAt: iso(c.editedAt),
    }));
  }
}

async function* history(db: Db, boardIds: number[], lastTaskId: number): AsyncGenerator<ExportEvent[]> {
  for await (const rows of byId((after?: bigint) =>
    db.outboxEvent.findMany({
      where: {
        projectId: { in: boardIds },
        type: { notIn: PRIVATE_EVENTS },
        OR: [{ taskId: null }, { taskId: { lte: lastTaskId } }],
        id: after === undefined ? undefined : { gt: after },
      },
      orderBy: { id: 'asc' },
      take: EXPORT_PAGE_ROWS,
    }),
  )) {
    const actorIds = [...new Set(rows.map((e) => e.actorId).filter((id): id is number => id !== null))];
    const actors = new Map((await db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, email: true } })).map((u) => [u.id, u.email]));
    yield rows.map((e) => ({
      id: e.id.toString(),
      type: e.type,
      board: e.projectId,
      task: e.taskId,
      ticket: e.ticketNumber,
      actor: e.actorId === null ? null : (actors.get(e.actorId) ?? null),
      at: e.createdAt.toISOString(),
      data: e.data,
    }));
  }
}
