// What the benchmark sends. The direct GraphQL scenarios send the facade
// route's own document with the variables the facade computes for the same
// request (its zod schemas and `toVariables`), so "facade ÷ GraphQL direct"
// compares one operation with and without the route layer.

import { print } from 'graphql';
import type { RouteDef } from '../src/http/route.ts';
import { createTaskRoute, listTasksRoute } from '../src/http/routes/tools/tasks.ts';
import type { RequestMaker } from './load.ts';
import type { ServerKind } from './results.ts';
import type { SeedResult } from './seed.ts';
import { REFERENCE_CREATE, REFERENCE_LIST, REFERENCE_PROJECTS, REFERENCE_SEARCH, REFERENCE_UPDATE } from './reference-documents.ts';
import { LABEL_NAMES, SEARCH_QUERIES, SECTION_TITLES, TITLE_WORDS } from './vocabulary.ts';
import { LIST_DOCUMENT_ID, LIST_SOURCE } from './trusted-documents.ts';

/** A load scenario: which server, what to send, how to tell a right answer. */
export interface Scenario {
  id: string;
  label: string;
  server: ServerKind;
  make: RequestMaker;
  /** Null when the probe's answer is right, else what is wrong. */
  check: (status: number, json: any) => string | null;
}

const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;

const SERVER_NAMES = { floor: 'floor', reference: 'PostGraphile' } as const;

/** The GraphQL variables the facade passes for this raw request (same parsing, same mapping). */
function facadeVariables(route: RouteDef, raw: { query?: Record<string, string>; body?: unknown }) {
  const query = route.query ? route.query.parse(raw.query ?? {}) : {};
  const body = route.body ? route.body.parse(raw.body ?? {}) : {};
  return route.toVariables({ params: {}, query, body, headers: {}, viewer: { userId: 0, via: 'key' } as never });
}

const expectStatus = (want: number, status: number, json: any) =>
  status === want ? null : `HTTP ${status}: ${JSON.stringify(json)?.slice(0, 300)}`;

const graphqlErrors = (status: number, json: any) =>
  expectStatus(200, status, json) ?? (json?.errors ? `GraphQL errors: ${JSON.stringify(json.errors).slice(0, 300)}` : null);

function listCheck(status: number, json: any) {
  return expectStatus(200, status, json) ?? (Array.isArray(json?.tasks) && json.tasks.length > 0 && typeof json.total === 'number' ? null : `unexpected body ${JSON.stringify(json)?.slice(0, 200)}`);
}

function createCheck(status: number, json: any) {
  return (status === 200 || status === 201 ? null : expectStatus(200, status, json)) ?? (typeof json?.id === 'number' && typeof json?.ticket_number === 'string' ? null : `unexpected body ${JSON.stringify(json)?.slice(0, 200)}`);
}

/** The load scenarios over a seeded data set; `run` makes titles of this run unique. */
export function loadScenarios(seed: SeedResult, run: string): Scenario[] {
  const projects = seed.visibleProjectIds;
  const project = (i: number) => projects[i % projects.length];
  const tasks = seed.sampleTaskIds;
  const searchQuery = (i: number) => SEARCH_QUERIES[i % SEARCH_QUERIES.length];
  const listPath = (i: number) => `/api/mcp/tasks?project_id=${project(i)}&limit=50`;
  const createBody = (i: number) => ({ project_id: project(i), title: `Bench ${run} task ${i} ${TITLE_WORDS[i % TITLE_WORDS.length]}`, priority: PRIORITIES[i % 4] });
  // Route documents are typed document objects: sent as their printed text, printed once.
  const createSource = print(createTaskRoute.document);
  const listVariables = (i: number) => facadeVariables(listTasksRoute, { query: { project_id: String(project(i)), limit: '50' } });
  const listQuery = (i: number) => ({ query: LIST_SOURCE, variables: listVariables(i) });
  const gqlCreate = (i: number) => ({ query: createSource, variables: facadeVariables(createTaskRoute, { body: createBody(i) }) });

  return [
    { id: 'list', label: 'task list (tool route)', server: 'app', make: { method: 'GET', path: listPath }, check: listCheck },
    { id: 'list', label: 'task list (floor)', server: 'floor', make: { method: 'GET', path: listPath }, check: listCheck },
    {
      id: 'list',
      label: 'task list (PostGraphile)',
      server: 'reference',
      make: { method: 'POST', path: () => '/graphql', body: (i) => ({ query: REFERENCE_LIST, variables: { projectId: project(i), first: 50 } }) },
      check: (s, j) => graphqlErrors(s, j) ?? (j?.data?.allTasks?.nodes?.length ? null : 'no tasks'),
    },
    {
      id: 'list-graphql',
      label: 'task list (GraphQL direct)',
      server: 'app',
      make: { method: 'POST', path: () => '/graphql', body: listQuery },
      check: (s, j) => graphqlErrors(s, j) ?? (j?.data?.tasks?.items?.length ? null : 'no tasks'),
    },
    {
      // The same operation as a trusted document: `documentId` instead of the text.
      id: 'list-trusted',
      label: 'task list (GraphQL trusted document)',
      server: 'app',
      make: { method: 'POST', path: () => '/graphql', body: (i) => ({ documentId: LIST_DOCUMENT_ID, variables: listVariables(i) }) },
      check: (s, j) => graphqlErrors(s, j) ?? (j?.data?.tasks?.items?.length ? null : 'no tasks'),
    },
    ...(['app', 'floor', 'reference'] as const).map((server): Scenario => ({
      id: 'projects',
      label: `project list (${server === 'app' ? 'REST' : SERVER_NAMES[server]})`,
      server,
      make:
        server === 'reference'
          ? { method: 'POST', path: () => '/graphql', body: () => ({ query: REFERENCE_PROJECTS, variables: { userId: seed.userId, first: 50 } }) }
          : { method: 'GET', path: () => '/api/v1/projects' },
      check: server === 'reference' ? (st, j) => graphqlErrors(st, j) ?? (j?.data?.benchRefVisibleProjects?.nodes?.length ? null : 'no projects') : (st, j) => expectStatus(200, st, j) ?? (j?.projects?.length ? null : 'no projects'),
    })),
    ...(['app', 'floor', 'reference'] as const).map((server): Scenario => ({
      id: 'search',
      label: `task search (${server === 'app' ? 'tool route' : SERVER_NAMES[server]})`,
      server,
      make:
        server === 'reference'
          ? { method: 'POST', path: () => '/graphql', body: (i) => ({ query: REFERENCE_SEARCH, variables: { userId: seed.userId, query: searchQuery(i), limit: 10 } }) }
          : { method: 'GET', path: (i) => `/api/mcp/tasks/search?query=${encodeURIComponent(searchQuery(i))}&limit=10` },
      check: server === 'reference' ? (st, j) => graphqlErrors(st, j) ?? (Array.isArray(j?.data?.benchRefSearchTasks?.nodes) ? null : 'no hits array') : (st, j) => expectStatus(200, st, j) ?? (Array.isArray(j?.tasks) ? null : 'no tasks array'),
    })),
    ...(['app', 'floor', 'reference'] as const).map((server): Scenario => {
      // Every request of every server sets a title no request set before (warm-up and rounds included): a real change each time.
      let n = 0;
      const change = () => {
        const k = n++;
        return { taskId: tasks[k % tasks.length], title: `Updated ${run} ${server} ${k} ${TITLE_WORDS[k % TITLE_WORDS.length]}`, priority: PRIORITIES[(k + 1) % 4] };
      };
      return {
        id: 'update',
        label: `task update (${server === 'app' ? 'tool route' : SERVER_NAMES[server]})`,
        server,
        make:
          server === 'reference'
            ? { method: 'POST', path: () => '/graphql', body: () => ({ query: REFERENCE_UPDATE, variables: { ...change(), userId: seed.userId } }) }
            : { method: 'POST', path: () => '/api/mcp/tasks/update', body: () => { const c = change(); return { task_id: c.taskId, title: c.title, priority: c.priority }; } },
        check: server === 'reference' ? (st, j) => graphqlErrors(st, j) ?? (j?.data?.benchRefUpdateTask?.result?.rowId ? null : 'no task') : (st, j) => expectStatus(200, st, j) ?? (typeof j?.id === 'number' ? null : 'no id'),
      };
    }),
    { id: 'create', label: 'task create (floor)', server: 'floor', make: { method: 'POST', path: () => '/api/mcp/tasks/create', body: createBody }, check: createCheck },
    {
      id: 'create',
      label: 'task create (PostGraphile)',
      server: 'reference',
      make: {
        method: 'POST',
        path: () => '/graphql',
        body: (i) => {
          const b = createBody(i);
          return { query: REFERENCE_CREATE, variables: { projectId: b.project_id, userId: seed.userId, title: b.title, priority: b.priority } };
        },
      },
      check: (s, j) => graphqlErrors(s, j) ?? (j?.data?.benchRefAddTask?.result?.rowId ? null : 'no task'),
    },
    { id: 'create', label: 'task create (tool route)', server: 'app', make: { method: 'POST', path: () => '/api/mcp/tasks/create', body: createBody }, check: createCheck },
    {
      id: 'create-graphql',
      label: 'task create (GraphQL direct)',
      server: 'app',
      make: { method: 'POST', path: () => '/graphql', body: gqlCreate },
      check: (s, j) => graphqlErrors(s, j) ?? (j?.data?.createTask?.id ? null : 'no task'),
    },
  ];
}

/** The spec 4.3 manifest of a board with `tasks` tasks (5 sections, 8 labels). */
export function teamBoardManifest(run: string, n: number, tasks: number) {
  return {
    title: `Bench board ${run} ${n}`,
    description: 'Created by the benchmark',
    sections: SECTION_TITLES.map((title) => ({ title })),
    labels: LABEL_NAMES.map((name, i) => ({ name, color: `#${(i * 1234567).toString(16).padStart(6, '0').slice(0, 6)}` })),
    tasks: Array.from({ length: tasks }, (_, i) => ({
      title: `Starter task ${i + 1}: ${TITLE_WORDS[i % TITLE_WORDS.length]} ${TITLE_WORDS[(i * 7) % TITLE_WORDS.length]}`,
      description: i % 3 === 0 ? `<p>Step ${i + 1} of the launch plan.</p>` : undefined,
      section_index: i % SECTION_TITLES.length,
      label_names: i % 2 ? [LABEL_NAMES[i % LABEL_NAMES.length]] : [],
      priority: i % 5,
      estimate: [0, 2, 3, 4, 5, 6][i % 6],
      due_date: i % 4 === 0 ? '2027-03-01' : undefined,
    })),
  };
}
