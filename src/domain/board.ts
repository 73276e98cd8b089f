import { generateNKeysBetween } from 'fractional-indexing';
import { type DbOrTx, inTransaction } from './task/transaction.ts';
import { ValidationError } from '../errors.ts';
import { wake } from '../events/wakeup.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { requireTeam, visibleProjectsWhere } from './access.ts';
import { type BoardPlan, planTeamBoard, planToolBoard, type TeamBoardInput, type ToolBoardInput } from './board-manifest.ts';
import { ticketNumberOf } from './task/ticket-number.ts';
import { chooseTicketPrefix, ticketPrefixCandidates } from './ticket-prefix.ts';

type Tx = Prisma.TransactionClient;

/** Rows per multi-row INSERT: keeps bind parameters far below PostgreSQL's 65 535. */
const CHUNK = 1000;

/** What a board creation returns: the rows created, in manifest order. */
export interface CreatedBoard {
  project: { id: number; title: string; ticketPrefix: string; teamId: number | null };
  team: { id: number; uuid: string; title: string };
  sections: { id: number; title: string }[];
  labels: { id: number; name: string }[];
  tasks: { id: number; uniqueIndex: number; ticketNumber: string; title: string; sectionId: number }[];
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Creates a board from the tool manifest (spec 4.1 `tasksvc_create_board`):
 * `teamId` is the team's number or UUID. See createBoardFromPlan for the rest.
 */
export async function createToolBoard(db: DbOrTx, userId: number, input: ToolBoardInput): Promise<CreatedBoard> {
  const { teamId, plan } = await planToolBoard(userId, input);
  return createBoardFromPlan(db, userId, teamId, plan);
}

/**
 * Creates a board from the team manifest (spec 4.3) in the team `teamId`
 * (UUID, or number). See createBoardFromPlan for the rest.
 */
export async function createTeamBoard(db: DbOrTx, userId: number, teamId: string | number, input: TeamBoardInput): Promise<CreatedBoard> {
  const plan = await planTeamBoard(userId, input);
  return createBoardFromPlan(db, userId, teamId, plan);
}

/**
 * Creates a validated board in ONE transaction: project, sections (ranked in
 * manifest order), labels, starter tasks (`uniqueIndex` 1..n, ticket numbers
 * `<prefix>-<n>`, the counter left at n), their labels and assignees. The
 * creator and every member of the team become board members (a team board is
 * the team's, as in Linear). The creator and each assignee watch the tasks;
 * assignees other than the creator get an `assignment` notification; every
 * task gets a `task.created` outbox event. Any failure leaves nothing.
 * Rows are written with multi-row INSERTs, so 500 tasks cost a handful of
 * statements. Given a transaction (an Idempotency-Key request), it runs in it.
 */
export async function createBoardFromPlan(db: DbOrTx, userId: number, teamRef: string | number, plan: BoardPlan): Promise<CreatedBoard> {
  const team = await requireTeam(db, userId, teamRef, 'teamId');
  const teamMembers = await db.teamMember.findMany({ where: { teamId: team.id }, select: { userId: true } });
  const memberIds = [...new Set([userId, ...teamMembers.map((m) => m.userId)])];
  const members = new Set(memberIds);
  plan.tasks.forEach((t, i) =>
    t.assigneeIds.forEach((id, j) => {
      if (!members.has(id)) {
        throw new ValidationError(
          `tasks.${i}.assigneeIds.${j}`,
          `tasks.${i}.assigneeIds.${j}: user ${id} is not a member of team "${team.title}", so cannot be assigned on its board.`,
          'not_a_member',
        );
      }
    }),
  );
  const taken = await db.project.findMany({
    where: { ticketPrefix: { in: ticketPrefixCandidates(plan.title) }, OR: [visibleProjectsWhere(userId), { teamId: team.id }] },
    select: { ticketPrefix: true },
  });
  const ticketPrefix = chooseTicketPrefix(plan.title, taken.map((p) => p.ticketPrefix));
  const creator = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { displayName: true } });

  return inTransaction(db, (tx) => writeBoard(tx, { userId, creatorName: creator.displayName, team, memberIds, ticketPrefix, plan }), {
    maxWait: 10_000,
    timeout: 60_000,
  });
}

async function writeBoard(
  tx: Tx,
  a: { userId: number; creatorName: string; team: CreatedBoard['team']; memberIds: number[]; ticketPrefix: string; plan: BoardPlan },
): Promise<CreatedBoard> {
  const { plan, userId } = a;
  const project = await tx.project.create({
    data: {
      title: plan.title,
      description: plan.description,
      teamId: a.team.id,
      ticketPrefix: a.ticketPrefix,
      taskCounter: plan.tasks.length,
      createdById: userId,
      members: { createMany: { data: a.memberIds.map((id) => ({ userId: id })) } },
    },
    select: { id: true, title: true, ticketPrefix: true, teamId: true },
  });

  const rankings = generateNKeysBetween(null, null, plan.sections.length);
  const sectionRows = await tx.section.createManyAndReturn({
    data: plan.sections.map((title, i) => ({ projectId: project.id, title, ranking: rankings[i] })),
    select: { id: true, title: true, ranking: true },
  });
  const sectionByRanking = new Map(sectionRows.map((s) => [s.ranking, s]));
  const sections = rankings.map((r) => sectionByRanking.get(r)!);

  const labelRows = plan.labels.length
    ? await tx.label.createManyAndReturn({
        data: plan.labels.map((name) => ({ projectId: project.id, name })),
        select: { id: true, name: true },
      })
    : [];
  const labelByName = new Map(labelRows.map((l) => [l.name, l]));
  const labels = plan.labels.map((name) => labelByName.get(name)!);

  const tasks: CreatedBoard['tasks'] = [];
  for (let start = 0; start < plan.tasks.length; start += CHUNK) {
    const rows = await tx.task.createManyAndReturn({
      data: plan.tasks.slice(start, start + CHUNK).map((t, k) => ({
        projectId: project.id,
        sectionId: sections[t.sectionIndex].id,
        uniqueIndex: start + k + 1,
        title: t.title,
        description: t.description,
        priority: t.priority,
        estimateSize: t.estimateSize,
        dueDate: t.dueDate,
        createdById: userId,
      })),
      select: { id: true, uniqueIndex: true, title: true, sectionId: true },
    });
    rows.sort((x, y) => x.uniqueIndex - y.uniqueIndex);
    for (const r of rows) tasks.push({ ...r, ticketNumber: ticketNumberOf(project.ticketPrefix, r.uniqueIndex) });
  }

  const taskLabels = plan.tasks.flatMap((t, i) => t.labelIndexes.map((l) => ({ taskId: tasks[i].id, labelId: labels[l].id })));
  await insertChunked(taskLabels, (data) => tx.taskLabel.createMany({ data }));
  const assignees = plan.tasks.flatMap((t, i) => t.assigneeIds.map((uid) => ({ taskId: tasks[i].id, userId: uid })));
  await insertChunked(assignees, (data) => tx.taskAssignee.createMany({ data }));
  const watchers = plan.tasks.flatMap((t, i) => [...new Set([userId, ...t.assigneeIds])].map((uid) => ({ taskId: tasks[i].id, userId: uid })));
  await insertChunked(watchers, (data) => tx.taskWatcher.createMany({ data }));
  const notifications = plan.tasks.flatMap((t, i) =>
    t.assigneeIds
      .filter((uid) => uid !== userId)
      .map((uid) => ({
        userId: uid,
        type: 'assignment',
        taskId: tasks[i].id,
        actorId: userId,
        message: `${a.creatorName} assigned you to ${tasks[i].ticketNumber}: ${tasks[i].title}`,
      })),
  );
  await insertChunked(notifications, (data) => tx.notification.createMany({ data }));

  // Same event data as a single task create (src/domain/task/create.ts), written in bulk.
  const created = plan.tasks.map((t, i) => ({
    type: 'task.created',
    taskId: tasks[i].id,
    projectId: project.id,
    ticketNumber: tasks[i].ticketNumber,
    actorId: userId,
    data: {
      title: t.title,
      priority: t.priority,
      status: 'Normal',
      section: { id: sections[t.sectionIndex].id, title: sections[t.sectionIndex].title },
      dueDate: t.dueDate?.toISOString() ?? null,
      actor: { id: userId },
    } satisfies Prisma.InputJsonValue,
  }));
  const assigned = plan.tasks.flatMap((t, i) =>
    t.assigneeIds.length
      ? [
          {
            type: 'task.assigned',
            taskId: tasks[i].id,
            projectId: project.id,
            ticketNumber: tasks[i].ticketNumber,
            actorId: userId,
            data: { assignees: t.assigneeIds.map((id) => ({ id, kind: 'user' })), actor: { id: userId } } satisfies Prisma.InputJsonValue,
          },
        ]
      : [],
  );
  // Event ids follow this order: each task's `task.created` precedes its `task.assigned`.
  await insertChunked([...created, ...assigned], (data) => tx.outboxEvent.createMany({ data }));
  // The outbox trigger notifies other instances at commit; wake this one now.
  if (created.length) wake('outbox');

  return { project, team: { id: a.team.id, uuid: a.team.uuid, title: a.team.title }, sections: sections.map(({ id, title }) => ({ id, title })), labels, tasks };
}
