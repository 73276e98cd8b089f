import { generateKeyBetween } from 'fractional-indexing';
import { Prisma } from '../../generated/prisma/client.ts';
import { visibleProjectSql } from '../access.ts';
import { NotFoundError } from '../../errors.ts';
import { recordSectionCreated } from '../section.ts';

type Tx = Prisma.TransactionClient;

/** The section tasks land in when none is given (spec 3). */
export const DEFAULT_SECTION_TITLE = 'Backlog';

/**
 * Takes the next task number of a project `userId` is a member of: one
 * UPDATE … RETURNING whose membership condition is the access check (a
 * project of another tenant is NOT_FOUND naming `field`, like a missing
 * one), so a create pays one round trip for both. The row stays locked
 * until the transaction ends, so concurrent creates get distinct, gap-free
 * numbers (a rolled-back create gives its number back).
 */
export async function takeTaskNumber(
  tx: Tx,
  userId: number,
  projectId: number,
  field: string,
): Promise<{ uniqueIndex: number; ticketPrefix: string }> {
  const rows = await tx.$queryRaw<{ taskCounter: number; ticketPrefix: string }[]>`
    UPDATE "Project" SET "taskCounter" = "taskCounter" + 1
    WHERE "id" = ${projectId}
      AND ${visibleProjectSql(Prisma.sql`${projectId}`, userId)}
    RETURNING "taskCounter", "ticketPrefix"`;
  if (!rows.length) throw new NotFoundError(`Project ${projectId}`, field);
  return { uniqueIndex: Number(rows[0].taskCounter), ticketPrefix: rows[0].ticketPrefix };
}

/** A live (not deleted) section of the project, or NOT_FOUND naming `field`. */
export async function requireSectionOf(tx: Tx, projectId: number, sectionId: number, field: string) {
  const section = await tx.section.findFirst({ where: { id: sectionId, projectId, deletedAt: null } });
  if (!section) throw new NotFoundError(`Section ${sectionId} of project ${projectId}`, field);
  return section;
}

/**
 * The project's `Backlog` section (title compared case-insensitively),
 * created as the last column when missing. Call after `takeTaskNumber`:
 * its row lock keeps two creates from both adding a Backlog.
 */
export async function backlogSection(tx: Tx, projectId: number, actorId: number) {
  const existing = await tx.section.findFirst({
    where: { projectId, deletedAt: null, title: { equals: DEFAULT_SECTION_TITLE, mode: 'insensitive' } },
    orderBy: [{ ranking: 'asc' }, { id: 'asc' }],
  });
  if (existing) return existing;
  return appendSection(tx, projectId, DEFAULT_SECTION_TITLE, actorId);
}

/** The project's first live section in board order, or a new `Backlog` when it has none. */
export async function firstSection(tx: Tx, projectId: number, actorId: number) {
  const first = await tx.section.findFirst({
    where: { projectId, deletedAt: null },
    orderBy: [{ ranking: 'asc' }, { id: 'asc' }],
  });
  return first ?? appendSection(tx, projectId, DEFAULT_SECTION_TITLE, actorId);
}

/** Adds a last column (with its `section.created` board event). */
async function appendSection(tx: Tx, projectId: number, title: string, actorId: number) {
  // Deleted sections keep their ranking; ranking after every row keeps keys unique.
  const last = await tx.section.findFirst({
    where: { projectId },
    orderBy: { ranking: 'desc' },
    select: { ranking: true },
  });
  const section = await tx.section.create({ data: { projectId, title, ranking: generateKeyBetween(last?.ranking ?? null, null) } });
  await recordSectionCreated(tx, section, actorId);
  return section;
}
