import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { requireProject, visibleProjectSql } from './access.ts';
import { containsPattern } from './like-pattern.ts';
import { parseInput } from './validate.ts';
import { idField, statusField } from './fields.ts';
import { pageFields } from './page.ts';

/** Longest `search` text of the project list. */
export const PROJECT_SEARCH_MAX = 200;

/** Arguments of the project list (tool and REST routes share them). */
export const projectListInput = z.object({
  status: statusField().default('Normal'),
  search: z.string().max(PROJECT_SEARCH_MAX).optional(),
  sortBy: z.enum(['title', 'createdAt', 'updatedAt']).default('title'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  ...pageFields(),
});
export type ProjectListInput = z.input<typeof projectListInput>;

type ProjectListArgs = z.output<typeof projectListInput>;

/** Members only, one status, `search` over title and description: the one filter of every project list form. */
function projectListWhere(userId: number, args: Pick<ProjectListArgs, 'status' | 'search'>) {
  return Prisma.sql`
    p."status" = ${args.status}::"Status"
    AND ${visibleProjectSql(Prisma.sql`p."id"`, userId)}
    ${args.search ? Prisma.sql`AND (p."title" ILIKE ${containsPattern(args.search)} OR p."description" ILIKE ${containsPattern(args.search)})` : Prisma.empty}`;
}

/** A column of the list order and how a row's value of it is written for comparison. */
type SortValue = string | Date | number;

interface SortTerm {
  column: Prisma.Sql;
  asc: boolean;
  value: (v: SortValue) => Prisma.Sql;
}

const utc = (v: SortValue) => Prisma.sql`${new Date(v).toISOString()}::timestamptz AT TIME ZONE 'UTC'`;

/** The list order as terms: the sort key (titles case-insensitively first), then `id` ascending. */
function projectSortTerms(args: Pick<ProjectListArgs, 'sortBy' | 'sortOrder'>): SortTerm[] {
  const asc = args.sortOrder === 'asc';
  const key: SortTerm[] = {
    title: [
      { column: Prisma.sql`lower(p."title")`, asc, value: (v: SortValue) => Prisma.sql`lower(${String(v)})` },
      { column: Prisma.sql`p."title"`, asc, value: (v: SortValue) => Prisma.sql`${String(v)}` },
    ],
    createdAt: [{ column: Prisma.sql`p."createdAt"`, asc, value: utc }],
    updatedAt: [{ column: Prisma.sql`p."updatedAt"`, asc, value: utc }],
  }[args.sortBy];
  return [...key, { column: Prisma.sql`p."id"`, asc: true, value: (v) => Prisma.sql`${Number(v)}::int` }];
}

function orderSql(terms: SortTerm[], reverse = false): Prisma.Sql {
  return Prisma.join(terms.map((t) => Prisma.sql`${t.column} ${Prisma.raw(t.asc !== reverse ? 'ASC' : 'DESC')}`));
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
  const where = projectListWhere(userId, args);
  const [rows, total] = await Promise.all([
    db.$queryRaw<{ id: number }[]>`SELECT p."id" FROM "Project" p WHERE ${where} ORDER BY ${orderSql(projectSortTerms(args))} LIMIT ${args.limit} OFFSET ${args.offset}`,
    countProjectList(db, userId, args),
  ]);
  return { ids: rows.map((r) => Number(r.id)), total, limit: args.limit, offset: args.offset };
}

/** Where a row sits in the project list: its value of the sort key (title or timestamp) and its id. */
export interface ProjectListPosition {
  value: string | Date;
  id: number;
}

/**
 * The keyset form of {@link projectListPage} (same filter, same order):
 * up to `take` ids after `after` in list order, or, `backward`, the ones
 * before it, nearest first. Without `after`, from the start (or the end).
 */
export async function projectListWindow(
  db: Db,
  userId: number,
  input: Omit<ProjectListInput, 'limit' | 'offset'>,
  window: { after: ProjectListPosition | null; backward: boolean; take: number },
): Promise<number[]> {
  const args = parseInput(projectListInput, input);
  const terms = projectSortTerms(args);
  const values = window.after ? [...terms.slice(0, -1).map(() => window.after!.value), window.after.id] : [];
  // Past the position: equal on the first terms and beyond it on the next one, for each term in turn.
  const past = window.after
    ? Prisma.sql`AND (${Prisma.join(
        terms.map((term, i) => {
          const equal = terms.slice(0, i).map((t, j) => Prisma.sql`${t.column} = ${t.value(values[j])}`);
          const op = Prisma.raw(term.asc !== window.backward ? '>' : '<');
          return Prisma.sql`(${Prisma.join([...equal, Prisma.sql`${term.column} ${op} ${term.value(values[i])}`], ' AND ')})`;
        }),
        ' OR ',
      )})`
    : Prisma.empty;
  const rows = await db.$queryRaw<{ id: number }[]>`SELECT p."id" FROM "Project" p WHERE ${projectListWhere(userId, args)} ${past} ORDER BY ${orderSql(terms, window.backward)} LIMIT ${window.take}`;
  return rows.map((r) => Number(r.id));
}

/** How many projects the list has, without paging. */
export async function countProjectList(db: Db, userId: number, input: Omit<ProjectListInput, 'limit' | 'offset'>) {
  const args = parseInput(projectListInput, input);
  const count = await db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM "Project" p WHERE ${projectListWhere(userId, args)}`;
  return Number(count[0]?.total ?? 0);
}

/** Orders rows like `ids`. */
export function inIdOrder<T extends { id: number }>(rows: T[], ids: number[]): T[] {
  const pos = new Map(ids.map((id, i) => [id, i]));
  return [...rows].sort((a, b) => pos.get(a.id)! - pos.get(b.id)!);
}

const projectStatusInput = z.object({
  projectId: idField(),
  status: statusField(),
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
