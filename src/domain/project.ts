import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { requireProject } from './access.ts';
import { parseInput } from './validate.ts';

/** Arguments of the project list (tool and REST routes share them). */
export const projectListInput = z.object({
  status: z.enum(['Normal', 'Archive', 'Deleted']).default('Normal'),
  search: z.string().max(200).optional(),
  sortBy: z.enum(['title', 'createdAt', 'updatedAt']).default('title'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  limit: z.number().int().min(1).max(100).default(50),
  offset: z.number().int().min(0).default(0),
});
export type ProjectListInput = z.input<typeof projectListInput>;

/** `%`, `_` and `\` match themselves in a search. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of a user's project list: only projects they are a member of,
 * one status, `search` over title and description (case-insensitive).
 * Titles sort case-insensitively ("alpha" before "Beta", as in Linear),
 * whatever the database collation; ties by id. Returns the ids in order
 * (the caller loads the rows with its own selection) and the total.
 */
export async function projectListPage(db: Db, userId: number, input: ProjectListInput) {
  const args = parseInput(projectListInput, input);
  const dir = Prisma.raw(args.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const key = {
    title: Prisma.sql`lower(p."title") ${dir}, p."title" ${dir}`,
    createdAt: Prisma.sql`p."createdAt" ${dir}`,
    updatedAt: Prisma.sql`p."updatedAt" ${dir}`,
  }[args.sortBy];
  const where = Prisma.sql`
    p."status" = ${args.status}::"Status"
    AND EXISTS (SELECT 1 FROM "ProjectMember" m WHERE m."projectId" = p."id" AND m."userId" = ${userId})
    ${args.search ? Prisma.sql`AND (p."title" ILIKE ${likePattern(args.search)} OR p."description" ILIKE ${likePattern(args.search)})` : Prisma.empty}`;
  const [rows, count] = await Promise.all([
    db.$queryRaw<{ id: number }[]>`SELECT p."id" FROM "Project" p WHERE ${where} ORDER BY ${key}, p."id" ASC LIMIT ${args.limit} OFFSET ${args.offset}`,
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM "Project" p WHERE ${where}`,
  ]);
  return { ids: rows.map((r) => Number(r.id)), total: Number(count[0]?.total ?? 0), limit: args.limit, offset: args.offset };
}

/** Orders rows like `ids`. */
export function inIdOrder<T extends { id: number }>(rows: T[], ids: number[]): T[] {
  const pos = new Map(ids.map((id, i) => [id, i]));
  return [...rows].sort((a, b) => pos.get(a.id)! - pos.get(b.id)!);
}

const projectStatusInput = z.object({
  projectId: z.number().int().positive().max(2147483647),
  status: z.enum(['Normal', 'Archive', 'Deleted']),
});

/**
 * Sets a project's status (spec 3: `Normal`, `Archive`, `Deleted`). Any
 * member may change it, in any direction: `Deleted` is a soft state, so a
 * deleted board can be restored to `Normal`. Lists show one status at a time
 * (default `Normal`); the board itself stays reachable by id.
 */
export async function updateProjectStatus(db: Db, userId: number, input: z.input<typeof projectStatusInput>) {
  const args = parseInput(projectStatusInput, input);
  await requireProject(db, userId, args.projectId, 'projectId');
  return db.project.update({ where: { id: args.projectId }, data: { status: args.status } });
}
