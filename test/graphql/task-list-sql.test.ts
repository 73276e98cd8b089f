import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.ts';
import { gql } from '../support/graphql.ts';
import { makeBusyBoard } from '../support/factories.ts';

// The task list loads nested assignees (users and agents), labels and the
// section with a fixed number of SQL statements, however many tasks.

let t: Awaited<ReturnType<typeof createTestApp>>;
let recording = false;
const statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ onQuery: (sql) => recording && statements.push(sql) });
});
afterAll(() => t?.close());

const QUERY = /* GraphQL */ `
  query Board($projectId: Int!, $limit: Int) {
    tasks(filter: { projectId: $projectId }, limit: $limit) {
      total
      items {
        id
        ticketNumber
        title
        priority
        status
        dueDate
        commentCount
        section {
          id
          title
        }
        assignees {
          id
          kind
          displayName
        }
        labels {
          id
          name
        }
        createdBy {
          id
          displayName
        }
      }
    }
  }
`;

/** A board with `n` tasks, each with two user assignees, an agent and two labels. */
const board = (n: number) => makeBusyBoard(t.db, n, (i) => new Date(Date.UTC(2026, 0, 1) + i * 1000));

/** Runs the board query, returning its data and the SQL it ran. */
async function run(key: string, projectId: number, limit: number) {
  statements.length = 0;
  recording = true;
  const body = await gql(t, key, QUERY, { projectId, limit });
  recording = false;
  expect(body.errors).toBeUndefined();
  return { data: body.data!.tasks, sql: [...statements] };
}

/** The main table of a statement (`SELECT … FROM "public"."Task" …` → `Task`). */
function tableOf(sql: string): string {
  const m = /^\s*(SELECT|UPDATE|INSERT INTO|DELETE FROM)\b[\s\S]*?(?:FROM\s+)?"public"\."(\w+)"/i.exec(sql);
  return m ? `${m[1].split(' ')[0].toUpperCase()} ${m[2]}` : sql.trim().split(/\s+/).slice(0, 2).join(' ');
}

describe('GraphQL task list SQL', () => {
  it('50 tasks with assignees, labels and section cost a bounded number of statements (not 50+)', async () => {
    const small = await board(5);
    const big = await board(50);
    const few = await run(small.key, small.project.id, 50);
    const many = await run(big.key, big.project.id, 50);

    expect(many.data.total).toBe(50);
    expect(many.data.items).toHaveLength(50);
    for (const item of many.data.items) {
      expect(item.assignees).toHaveLength(3);
      expect(item.assignees.map((a: { kind: string }) => a.kind).sort()).toEqual(['AGENT', 'USER', 'USER']);
      expect(item.labels).toHaveLength(2);
      expect(item.section.title).toMatch(/^(Todo|Doing|Done)$/);
      expect(item.ticketNumber).toMatch(/^PRJ-\d+$/);
    }

    // Same statements for 5 and for 50 tasks: nothing runs per task.
    expect(many.sql.length).toBe(few.sql.length);
    expect(many.sql.length).toBeLessThanOrEqual(16);
    const tables = many.sql.map(tableOf);
    // Each relation is one batched query (or joined); the list never issues a query per task.
    for (const table of ['Task', 'Section', 'TaskAssignee', 'TaskLabel', 'Label']) {
      expect(
        tables.filter((x) => x.endsWith(` ${table}`)).length,
        `${table}: ${tables.join(', ')}`,
      ).toBeLessThanOrEqual(2);
    }
    // The statements of the list itself (authentication is not its concern), order-independent:
    // on PostgreSQL the page and its count run concurrently.
    expect(tables.filter((x) => !x.endsWith(' ApiKey')).sort()).toMatchSnapshot();
  }, 120_000);
});
