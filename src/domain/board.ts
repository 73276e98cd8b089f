import { generateNKeysBetween } from 'fractional-indexing';
import { type DbOrTx, inTransaction } from './task/transaction.ts';
import { bulkInsertSql, intColumn, textColumn, timestampColumn } from '../db/bulk-insert.ts';
import { ValidationError } from '../errors.ts';
import { wake } from '../events/wakeup.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { requireTeam, visibleProjectsWhere } from './access.ts';
import { type BoardPlan, planTeamBoard, planToolBoard, type TeamBoardInput, type ToolBoardInput } from './board-manifest.ts';
import { ticketNumberOf } from './task/ticket-number.ts';
import { chooseTicketPrefix, ticketPrefixCandidates } from './ticket-prefix.ts';

type Tx = Prisma.TransactionClient;

/** What a board creation returns: the rows created, in manifest order. */
export interface CreatedBoard {
  project: { id: number; title: string; ticketPrefix: string; teamId: number | null };
  team: { id: number; uuid: string; title: string };
  sections: { id: number; title: string }[];
  labels: { id: number; name: string }[];
  tasks: { id: number; uniqueIndex: number; ticketNumber: string; title: string; sectionId: number }[];
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
 * Rows are written with one `INSERT … SELECT FROM unnest(…)` per table
 * (`bulkInsertSql`), so 500 tasks cost a handful of statements and no query
 * plan to compile. Given a transaction (an Idempotency-Key request), it runs in it.
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
    },
    select: { id: true, title: true, ticketPrefix: true, teamId: true },
  });
  await tx.$executeRaw(
    bulkInsertSql('ProjectMember', { projectId: intColumn(a.memberIds.map(() => project.id)), userId: intColumn(a.memberIds) }),
  );

  const rankings = generateNKeysBetween(null, null, plan.sections.length);
  const sectionRows = await tx.$queryRaw<{ id: number; title: string; ranking: string }[]>(
    bulkInsertSql(
      'Section',
      { projectId: intColumn(rankings.map(() => project.id)), title: textColumn(plan.sections), ranking: textColumn(rankings) },
      { constants: { updatedAt: Prisma.sql`CURRENT_TIMESTAMP` }, returning: ['id', 'title', 'ranking'] },
    ),
  );
  // Manifest order, by their keys (nothing promises RETURNING's order).
  const sectionByRanking = new Map(sectionRows.map((s) => [s.ranking, { id: s.id, title: s.title }]));
  const sections = rankings.map((r) => sectionByRanking.get(r)!);
  const labelRows = plan.labels.length
    ? await tx.$queryRaw<{ id: number; name: string }[]>(
        bulkInsertSql('Label', { projectId: intColumn(plan.labels.map(() => project.id)), name: textColumn(plan.labels) }, { returning: ['id', 'name'] }),
      )
    : [];
  const labelByName = new Map(labelRows.map((l) => [l.name, l]));
  const labels = plan.labels.map((name) => labelByName.get(name)!);

  const p = plan.tasks;
  const rows = p.length
    ? await tx.$queryRaw<{ id: number; uniqueIndex: number; title: string; sectionId: number }[]>(
        bulkInsertSql(
          'Task',
          {
            projectId: intColumn(p.map(() => project.id)),
            sectionId: intColumn(p.map((t) => sections[t.sectionIndex].id)),
            uniqueIndex: intColumn(p.map((_, i) => i + 1)),
            title: textColumn(p.map((t) => t.title)),
            description: textColumn(p.map((t) => t.description)),
            priority: { type: '"Priority"', values: p.map((t) => t.priority) },
            estimateSize: intColumn(p.map((t) => t.estimateSize)),
            dueDate: timestampColumn(p.map((t) => t.dueDate)),
            createdById: intColumn(p.map(() => userId)),
          },
          { constants: { updatedAt: Prisma.sql`CURRENT_TIMESTAMP` }, returning: ['id', 'uniqueIndex', 'title', 'sectionId'] },
        ),
      )
    : [];
  rows.sort((x, y) => x.uniqueIndex - y.uniqueIndex);
  const tasks: CreatedBoard['tasks'] = rows.map((r) => ({ ...r, ticketNumber: ticketNumberOf(project.ticketPrefix, r.uniqueIndex) }));

  /** Rows of a two-column link table, one per (task, other id) pair. */
  const pairs = (of: (t: BoardPlan['tasks'][number], i: number) => number[]) => {
    const taskIds: number[] = [];
    const others: number[] = [];
    p.forEach((t, i) => of(t, i).forEach((other) => (taskIds.push(tasks[i].id), others.push(other))));
    return { taskIds, others };
  };
  const insertPairs = async (table: string, column: string, of: (t: BoardPlan['tasks'][number], i: number) => number[]) => {
    const { taskIds, others } = pairs(of);
    if (taskIds.length) await tx.$executeRaw(bulkInsertSql(table, { taskId: intColumn(taskIds), [column]: intColumn(others) }));
  };
  await insertPairs('TaskLabel', 'labelId', (t) => t.labelIndexes.map((l) => labels[l].id));
  await insertPairs('TaskAssignee', 'userId', (t) => t.assigneeIds);
  await insertPairs('TaskWatcher', 'userId', (t) => [...new Set([userId, ...t.assigneeIds])]);

  const assigned = pairs((t) => t.assigneeIds.filter((uid) => uid !== userId));
  if (assigned.taskIds.length) {
    const taskAt = new Map(tasks.map((t) => [t.id, t]));
    await tx.$executeRaw(
      bulkInsertSql('Notification', {
        userId: intColumn(assigned.others),
        type: textColumn(assigned.taskIds.map(() => 'assignment')),
        taskId: intColumn(assigned.taskIds),
        actorId: intColumn(assigned.taskIds.map(() => userId)),
        message: textColumn(
          assigned.taskIds.map((id) => `${a.creatorName} assigned you to ${taskAt.get(id)!.ticketNumber}: ${taskAt.get(id)!.title}`),
        ),
      }),
    );
  }

  // Same event data as a single task create (src/domain/task/create.ts), written in bulk.
  const created = p.map((t, i) => ({
    type: 'task.created',
    task: tasks[i],
    data: {
      title: t.title,
      priority: t.priority,
      status: 'Normal',
      section: { id: sections[t.sectionIndex].id, title: sections[t.sectionIndex].title },
      dueDate: t.dueDate?.toISOString() ?? null,
      actor: { id: userId },
    },
  }));
  const assignedEvents = p.flatMap((t, i) =>
    t.assigneeIds.length
      ? [{ type: 'task.assigned', task: tasks[i], data: { assignees: t.assigneeIds.map((id) => ({ id, kind: 'user' })), actor: { id: userId } } }]
      : [],
  );
  // Event ids follow this order: each task's `task.created` precedes its `task.assigned`.
  const events = [...created, ...assignedEvents];
  if (events.length) {
    await tx.$executeRaw(
      bulkInsertSql('OutboxEvent', {
        type: textColumn(events.map((e) => e.type)),
        taskId: intColumn(events.map((e) => e.task.id)),
        projectId: intColumn(events.map(() => project.id)),
        ticketNumber: textColumn(events.map((e) => e.task.ticketNumber)),
        actorId: intColumn(events.map(() => userId)),
        data: { type: 'jsonb', values: events.map((e) => JSON.stringify(e.data)) },
      }),
    );
    // The outbox trigger notifies other instances at commit; wake this one now.
    wake('outbox');
  }

  return { project, team: { id: a.team.id, uuid: a.team.uuid, title: a.team.title }, sections, labels, tasks };
}
