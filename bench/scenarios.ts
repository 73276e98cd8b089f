// What the benchmark sends. The direct GraphQL scenarios send the facade route's own document with the
// variables the facade computes for the same request (its zod schemas and `toVariables`), so "facade ÷
// GraphQL direct" compares one operation with and without the route layer.

import { print } from 'graphql';
import type { RouteDef } from '../src/http/route.ts';
import { createTaskRoute, listTasksRoute } from '../src/http/routes/tools/tasks.ts';
import { LIST_DOCUMENT_ID, LIST_SOURCE } from './app-env.ts';
import type { RequestMaker } from './load.ts';
import { REFERENCE_CREATE, REFERENCE_LIST, REFERENCE_PROJECTS, REFERENCE_SEARCH, REFERENCE_UPDATE } from './reference-documents.ts';
import type { ServerKind } from './results.ts';
import type { SeedResult } from './seed.ts';
import { LABEL_NAMES, SEARCH_QUERIES, SECTION_TITLES, TITLE_WORDS } from './vocabulary.ts';

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

/** The GraphQL variables the facade passes for this raw request (same parsing, same mapping). */
function facadeVariables(route: RouteDef, raw: { query?: Record<string, string>; body?: unknown }) {
  const query = route.query ? route.query.parse(raw.query ?? {}) : {};
  const body = route.body ? route.body.parse(raw.body ?? {}) : {};
  return route.toVariables({ params: {}, query, body, headers: {}, viewer: { userId: 0, via: 'key' } as never });
}

const expectStatus = (want: number[], status: number, json: any) => (want.includes(status) ? null : `HTTP ${status}: ${JSON.stringify(json)?.slice(0, 300)}`);

/** A check of a 200 answer (201 too for creates) by what `ok` finds in its body. */
const answers = (what: string, ok: (json: any) => unknown, want = [200]) => (status: number, json: any) =>
  expectStatus(want, status, json) ?? (ok(json) ? null : `no ${what}: ${JSON.stringify(json)?.slice(0, 200)}`);

/** A check of a GraphQL answer: 200, no errors, and what `ok` finds in its data. */
const graphql = (what: string, ok: (data: any) => unknown) => (status: number, json: any) =>
  expectStatus([200], status, json) ?? (json?.errors ? `GraphQL errors: ${JSON.stringify(json.errors).slice(0, 300)}` : ok(json?.data) ? null : `no ${what}`);

const listCheck = answers('tasks', (j) => Array.isArray(j?.tasks) && j.tasks.length > 0 && typeof j.total === 'number');
const createCheck = answers('task', (j) => typeof j?.id === 'number' && typeof j?.ticket_number === 'string', [200, 201]);
const post = (body: (i: number) => unknown): RequestMaker => ({ path: () => '/graphql', body });

/** The load scenarios over a seeded data set, in the order they run; `run` makes titles of this run unique. */
export function loadScenarios(seed: SeedResult, run: string): Scenario[] {
  const project = (i: number) => seed.visibleProjectIds[i % seed.visibleProjectIds.length];
  const searchQuery = (i: number) => SEARCH_QUERIES[i % SEARCH_QUERIES.length];
  const listPath = (i: number) => `/api/mcp/tasks?project_id=${project(i)}&limit=50`;
  const createBody = (i: number) => ({ project_id: project(i), title: `Bench ${run} task ${i} ${TITLE_WORDS[i % TITLE_WORDS.length]}`, priority: PRIORITIES[i % 4] });
  const listVariables = (i: number) => facadeVariables(listTasksRoute, { query: { project_id: String(project(i)), limit: '50' } });
  // Route documents are typed document objects: sent as their printed text, printed once.
  const createSource = print(createTaskRoute.document);
  const userId = seed.userId;
  // Every update of every server sets a title no request set before (warm-up and rounds included): a real change each time.
  const change = (server: ServerKind) => {
    let n = 0;
    return () => {
      const k = n++;
      return { task_id: seed.sampleTaskIds[k % seed.sampleTaskIds.length], title: `Updated ${run} ${server} ${k} ${TITLE_WORDS[k % TITLE_WORDS.length]}`, priority: PRIORITIES[(k + 1) % 4] };
    };
  };
  const referenceUpdate = change('reference');
  const s = (id: string, label: string, server: ServerKind, make: RequestMaker, check: Scenario['check']): Scenario => ({ id, label, server, make, check });
  const searchPath = (i: number) => `/api/mcp/tasks/search?query=${encodeURIComponent(searchQuery(i))}&limit=10`;
  const searchCheck = answers('tasks array', (j) => Array.isArray(j?.tasks));
  const projectsCheck = answers('projects', (j) => j?.projects?.length);
  const updateCheck = answers('id', (j) => typeof j?.id === 'number');
  return [
    s('list', 'task list (tool route)', 'app', { path: listPath }, listCheck),
    s('list', 'task list (floor)', 'floor', { path: listPath }, listCheck),
    s('list', 'task list (PostGraphile)', 'reference', post((i) => ({ query: REFERENCE_LIST, variables: { projectId: project(i), first: 50 } })), graphql('tasks', (d) => d?.allTasks?.nodes?.length)),
    s('list-graphql', 'task list (GraphQL direct)', 'app', post((i) => ({ query: LIST_SOURCE, variables: listVariables(i) })), graphql('tasks', (d) => d?.tasks?.items?.length)),
    // The same operation as a trusted document: `documentId` instead of the text.
    s('list-trusted', 'task list (GraphQL trusted document)', 'app', post((i) => ({ documentId: LIST_DOCUMENT_ID, variables: listVariables(i) })), graphql('tasks', (d) => d?.tasks?.items?.length)),
    s('projects', 'project list (REST)', 'app', { path: () => '/api/v1/projects' }, projectsCheck),
    s('projects', 'project list (floor)', 'floor', { path: () => '/api/v1/projects' }, projectsCheck),
    s('projects', 'project list (PostGraphile)', 'reference', post(() => ({ query: REFERENCE_PROJECTS, variables: { userId, first: 50 } })), graphql('projects', (d) => d?.benchRefVisibleProjects?.nodes?.length)),
    s('search', 'task search (tool route)', 'app', { path: searchPath }, searchCheck),
    s('search', 'task search (floor)', 'floor', { path: searchPath }, searchCheck),
    s('search', 'task search (PostGraphile)', 'reference', post((i) => ({ query: REFERENCE_SEARCH, variables: { userId, query: searchQuery(i), limit: 10 } })), graphql('hits array', (d) => Array.isArray(d?.benchRefSearchTasks?.nodes))),
    s('update', 'task update (tool route)', 'app', { path: () => '/api/mcp/tasks/update', body: change('app') }, updateCheck),
    s('update', 'task update (floor)', 'floor', { path: () => '/api/mcp/tasks/update', body: change('floor') }, updateCheck),
    s('update', 'task update (PostGraphile)', 'reference', post(() => {
      const { task_id: taskId, title, priority } = referenceUpdate();
      return { query: REFERENCE_UPDATE, variables: { taskId, title, priority, userId } };
    }), graphql('task', (d) => d?.benchRefUpdateTask?.result?.rowId)),
    s('create', 'task create (floor)', 'floor', { path: () => '/api/mcp/tasks/create', body: createBody }, createCheck),
    s('create', 'task create (PostGraphile)', 'reference', post((i) => {
      const b = createBody(i);
      return { query: REFERENCE_CREATE, variables: { projectId: b.project_id, userId, title: b.title, priority: b.priority } };
    }), graphql('task', (d) => d?.benchRefAddTask?.result?.rowId)),
    s('create', 'task create (tool route)', 'app', { path: () => '/api/mcp/tasks/create', body: createBody }, createCheck),
    s('create-graphql', 'task create (GraphQL direct)', 'app', post((i) => ({ query: createSource, variables: facadeVariables(createTaskRoute, { body: createBody(i) }) })), graphql('task', (d) => d?.createTask?.id)),
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
