// Generated hostile input, per class, over every transport that carries it:
// REST, tool routes, /graphql, graphql-ws and MCP (Streamable HTTP). Each
// shape must be refused with a 4xx (GraphQL: an error naming the field,
// never a 5xx and never a stack), write nothing (a snapshot of every table
// before and after), and leave /healthz answering within its budget while
// the request runs. Shapes come from fast-check; runs are few per class and
// transport, so the file stays quick on a busy 2-core machine.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS } from '../../src/graphql/document-budget.ts';
import { MAX_INPUT_DEPTH } from '../../src/domain/text-input.ts';
import { TASK_LIMITS } from '../../src/domain/task/fields.ts';
import { createTestServer } from '../support/app.ts';
import { isolatedDatabaseEnv, snapshotDb } from '../support/db-snapshot.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { beforeAllValue } from '../support/lifecycle.ts';
import { RawGraphqlWs } from '../support/raw-graphql-ws.ts';
import { healthzBudgetMs, probeWhile } from '../support/responsiveness.ts';
import { OWN_BUCKETS } from '../security/session-helpers.ts';

/** Runs per class and transport (HOSTILE_RUNS to raise it by hand). */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 2);
/** The render budget of this file's server: small, so slow content is refused on a fast machine too. */
const RENDER_BUDGET_MS = 500;

// A database of its own: the snapshot covers every table.
const world = beforeAllValue(
  async () => {
    const isolated = await isolatedDatabaseEnv();
    const t = await createTestServer({
      env: { ...isolated.env, ...OWN_BUCKETS, CONTENT_RENDER_TIMEOUT_MS: String(RENDER_BUDGET_MS), RATE_LIMIT_PER_MINUTE: '0' },
      connectionClose: true,
    });
    const { user, key } = await makeUserWithKey(t.db);
    const project = await makeProject(t.db, { memberIds: [user.id] });
    return { t, key, projectId: project.id, drop: isolated.drop };
  },
  async (w) => {
    await w.t.close();
    await w.drop();
  },
);

/** What a transport answered, reduced to what every assertion needs. */
interface Answer {
  /** HTTP status; on a socket, the status its close code mirrors (4400 → 400), or 200 for a GraphQL error. */
  status: number;
  /** The field the refusal names. */
  field: string | null;
  code: string | null;
  /** True when the operation was refused (not run). */
  refused: boolean;
  /** The raw text received, for the no-stack check and failure messages. */
  text: string;
}

type Transport = 'rest' | 'tool' | 'graphql' | 'graphql-ws' | 'mcp';

/** A create-task request carrying a hostile description, as raw JSON text per transport. */
interface ContentShape {
  /** JSON text of the description value (a string literal, or a deep structure). */
  descriptionJson: string;
  markdown: boolean;
}

const json = JSON.stringify;

async function httpAnswer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {
    // An SSE answer (MCP) is read by its caller.
  }
  return {
    status: res.status,
    field: body?.details?.field ?? null,
    code: body?.details?.code ?? null,
    refused: res.status >= 400,
    text,
  };
}

/** The first GraphQL error as an answer; `status` is the HTTP status or 200 on a socket. */
function graphqlAnswer(status: number, body: any, text: string): Answer {
  const e = body?.errors?.[0] ?? (Array.isArray(body) ? body[0] : undefined);
  const refused = Boolean(e) && (body?.data == null || Object.values(body.data).every((v) => v == null));
  return { status, field: e?.extensions?.field ?? null, code: e?.extensions?.detail ?? null, refused, text };
}

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(world.t.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${world.key}`, connection: 'close', ...headers },
    body,
  });
}

const GQL_CREATE = 'mutation($input: CreateTaskInput!) { createTask(input: $input) { id } }';

/** Sends a create-task request whose description is `shape`, over `transport`. */
async function sendContent(transport: Transport, shape: ContentShape): Promise<Answer> {
  const { projectId } = world;
  const type = shape.markdown ? '"markdown"' : '"html"';
  // GraphQL's ContentType enum names the same two (MARKDOWN, HTML).
  const enumType = type.toUpperCase();
  switch (transport) {
    case 'rest':
      return httpAnswer(
        await post('/api/v1/tasks', `{"project_id":${projectId},"title":"hostile","content_type":${type},"description":${shape.descriptionJson}}`),
      );
    case 'tool':
      return httpAnswer(
        await post('/api/mcp/tasks/create', `{"project_id":${projectId},"title":"hostile","content_type":${type},"description":${shape.descriptionJson}}`),
      );
    case 'graphql': {
      const res = await post(
        '/graphql',
        `{"query":${json(GQL_CREATE)},"variables":{"input":{"projectId":${projectId},"title":"hostile","contentType":${enumType},"description":${shape.descriptionJson}}}}`,
      );
      const text = await res.text();
      return graphqlAnswer(res.status, JSON.parse(text), text);
    }
    case 'graphql-ws':
      return overSocket(
        `{"id":"1","type":"subscribe","payload":{"query":${json(GQL_CREATE)},"variables":{"input":{"projectId":${projectId},"title":"hostile","contentType":${enumType},"description":${shape.descriptionJson}}}}}`,
      );
    case 'mcp':
      return mcpCall(
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tasksvc_create_task","arguments":{"project_id":${projectId},"title":"hostile","content_type":${type},"description":${shape.descriptionJson}}}}`,
      );
  }
}

/** One graphql-ws operation sent as raw text on a fresh socket; its first answer or the close. */
async function overSocket(message: string): Promise<Answer> {
  const ws = new RawGraphqlWs(world.t.url);
  try {
    const ack = await ws.init({ authorization: `Bearer ${world.key}` });
    expect(ack).toMatchObject({ message: { type: 'connection_ack' } });
    ws.send(message);
    const event = await ws.next(60_000);
    if (event.type === 'close') {
      // Close codes 4xxx mirror HTTP statuses (4400 = 400); 1009 is "message too big".
      const status = event.code >= 4000 ? event.code - 4000 : event.code;
      return { status, field: event.reason.split(':')[0], code: null, refused: true, text: `${event.code} ${event.reason}` };
    }
    const text = json(event.message);
    if (event.message.type === 'error') return graphqlAnswer(200, { errors: event.message.payload }, text);
    return graphqlAnswer(200, event.message.payload, text);
  } finally {
    ws.close();
  }
}

/** A raw JSON-RPC call to /mcp (the SDK client could not even serialise some shapes); the tool error as an answer. */
async function mcpCall(body: string): Promise<Answer> {
  const res = await post('/mcp', body, { accept: 'application/json, text/event-stream' });
  if (res.status >= 400) return httpAnswer(res);
  const text = await res.text();
  const payload = text.trimStart().startsWith('{')
    ? JSON.parse(text)
    : JSON.parse(text.split('\n').find((l) => l.startsWith('data:'))!.slice(5));
  const result = payload.result;
  const error = result?.isError ? JSON.parse(result.content[1].text) : null;
  return {
    status: error?.status ?? res.status,
    field: error?.details?.field ?? null,
    code: error?.details?.code ?? null,
    refused: Boolean(result?.isError),
    text,
  };
}

/**
 * Runs one hostile request while probing /healthz and snapshotting the
 * database; asserts the common rules and answers the reduced answer.
 */
async function hostile(label: string, send: () => Promise<Answer>): Promise<Answer> {
  const before = await snapshotDb(world.t);
  const probe = await probeWhile(world.t.url, send);
  const answer = probe.result;
  const what = `${label}: ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, what).toBeLessThan(500);
  expect(answer.refused, what).toBe(true);
  expect(answer.text, `${label}: no stack trace`).not.toMatch(/\bat [\w.<>]+ \(.+:\d+:\d+\)|"stack"/);
  expect(probe.slowestProbeMs, `${label}: /healthz while it ran`).toBeLessThan(healthzBudgetMs());
  expect(await snapshotDb(world.t), `${label}: nothing written`).toEqual(before);
  return answer;
}

const TRANSPORTS: Transport[] = ['rest', 'tool', 'graphql', 'graphql-ws', 'mcp'];
/** The field a refused description is named by on each transport. */
const descriptionField = (transport: Transport) => (transport === 'graphql' || transport === 'graphql-ws' ? /description$/ : /^description$/);

// ---- shapes ----

/** JSON text nesting containers (arrays, objects or both alternating) around a string, up to most of the body limit. */
const deepJson = fc
  .record({ share: fc.double({ min: 0, max: 1, noNaN: true }), pattern: fc.constantFrom('[', '{"k":', 'mixed') })
  .map(({ share, pattern }) => {
    const pair = pattern === '[' ? 2 : pattern === '{"k":' ? 6 : 4;
    const depth = MAX_INPUT_DEPTH + 1 + Math.floor(share * (900_000 / pair - MAX_INPUT_DEPTH));
    const opens = Array.from({ length: depth }, (_, i) => (pattern === 'mixed' ? (i % 2 ? '[' : '{"k":') : pattern));
    const closes = opens.map((o) => (o === '[' ? ']' : '}')).reverse();
    return { depth, text: `${opens.join('')}"x"${closes.join('')}` };
  });

/** HTML nested past what the parsers can take: the 16,000-<div> case and its relatives (within the length limit). */
const deepHtml = fc
  .record({
    tag: fc.constantFrom('div', 'span', 'blockquote', 'b'),
    depth: fc.integer({ min: 16_000, max: 19_000 }),
  })
  .map(({ tag, depth }) => `<${tag}>`.repeat(Math.min(depth, Math.floor(TASK_LIMITS.descriptionMax / (tag.length + 2)))));

/** Markdown whose parse cost grows much faster than its length (each shape took seconds when found). */
const slowMarkdown = fc.oneof(
  fc.integer({ min: 15_000, max: 49_000 }).map((n) => '*a'.repeat(n)),
  fc.integer({ min: 5_000, max: 20_000 }).map((n) => `${'>'.repeat(n)} x`),
  fc.integer({ min: 60, max: 95 }).map((kb) => {
    const row = '| a | b | c | d |\n';
    return `| h1 | h2 | h3 | h4 |\n|---|---|---|---|\n${row.repeat(Math.floor((kb * 1024) / row.length))}`;
  }),
);

/** Text just over the description limit, up to most of the body limit. */
const oversizedText = fc
  .integer({ min: TASK_LIMITS.descriptionMax + 1, max: 900_000 })
  .map((n) => 'a'.repeat(n));

/** Documents over the byte budget: long comments, whitespace or string arguments. */
const bigDocument = fc
  .record({ size: fc.integer({ min: DOCUMENT_LIMITS.bytes + 1, max: 900_000 }), filler: fc.constantFrom('comment', 'space', 'string') })
  .map(({ size, filler }) => {
    const [head, tail] = { comment: ['{ me { id } } #', ''], space: ['{ me { id } }', ''], string: ['{ projects(search: "', '") { total } }'] }[filler];
    const pad = { comment: 'x', space: ' ', string: 's' }[filler].repeat(size - head.length - tail.length);
    return `${head}${pad}${tail}`;
  })
  .filter((document) => Buffer.byteLength(document) > DOCUMENT_LIMITS.bytes);

/** Alias and field floods: aliased __typename, duplicate aliased fields, fragment spreads. */
const aliasFlood = fc
  .record({ n: fc.integer({ min: DOCUMENT_LIMITS.fields + 1, max: 30_000 }), kind: fc.constantFrom('typename', 'duplicate', 'spread') })
  .map(({ n, kind }) => {
    if (kind === 'typename') return `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    if (kind === 'duplicate') return `{ ${'a: me { id } '.repeat(n)}}`;
    return `{ me { ...F ${'...F '.repeat(n)}} } fragment F on User { id }`;
  });

/** List literals nested past the list budget, up to far past it. */
const listLiteral = fc
  .integer({ min: DOCUMENT_LIMITS.listDepth + 1, max: 20_000 })
  .map((n) => `{ projects(search: ${'['.repeat(n)}"x"${']'.repeat(n)}) { total } }`);

/** Sends a GraphQL document over /graphql or a socket. */
async function sendDocument(transport: 'graphql' | 'graphql-ws', query: string): Promise<Answer> {
  if (transport === 'graphql-ws') return overSocket(json({ id: '1', type: 'subscribe', payload: { query } }));
  const res = await post('/graphql', json({ query }));
  const text = await res.text();
  return graphqlAnswer(res.status, JSON.parse(text), text);
}

const check = <T>(arb: fc.Arbitrary<T>, run: (value: T) => Promise<void>) =>
  fc.assert(fc.asyncProperty(arb, run), { numRuns: RUNS, endOnFailure: true });

// Every case sends large bodies and may wait out a render budget: generous per-test limits for loaded machines.
const SLOW = { timeout: 300_000 };

describe.each(TRANSPORTS)('content over %s', (transport) => {
  it('deep JSON in a field → too_deep naming it, before anything recursive runs', SLOW, async () => {
    await check(deepJson, async ({ depth, text }) => {
      const a = await hostile(`${transport} depth ${depth}`, () => sendContent(transport, { descriptionJson: text, markdown: false }));
      if (transport === 'graphql-ws') expect([a.status, a.field]).toEqual([400, 'payload']);
      else if (transport === 'graphql') expect([a.status, a.field, a.code]).toEqual([400, 'variables', 'too_deep']);
      else if (transport === 'mcp') expect([a.status, a.field, a.code]).toEqual([400, 'params', 'too_deep']);
      else expect([a.status, a.field, a.code]).toEqual([400, 'description', 'too_deep']);
    });
  });

  it('a description over its length limit → too_big naming it', SLOW, async () => {
    await check(oversizedText, async (text) => {
      const a = await hostile(`${transport} ${text.length} chars`, () =>
        sendContent(transport, { descriptionJson: json(text), markdown: false }),
      );
      expect(a.field, a.text.slice(0, 200)).toMatch(descriptionField(transport));
      expect(a.code).toBe('too_big');
    });
  });

  it('deeply nested HTML (the 16,000-<div> case and relatives) → too_complex naming the description', SLOW, async () => {
    await check(deepHtml, async (html) => {
      const a = await hostile(`${transport} ${html.slice(0, 12)}…×${html.length}`, () =>
        sendContent(transport, { descriptionJson: json(html), markdown: false }),
      );
      expect(a.field, a.text.slice(0, 200)).toMatch(descriptionField(transport));
      expect(a.code).toBe('too_complex');
    });
  });

  it('pathological markdown → too_complex (or too_big) naming the description, the loop free', SLOW, async () => {
    await check(slowMarkdown, async (md) => {
      const a = await hostile(`${transport} markdown ${md.slice(0, 12)}…×${md.length}`, () =>
        sendContent(transport, { descriptionJson: json(md), markdown: true }),
      );
      expect(a.field, a.text.slice(0, 200)).toMatch(descriptionField(transport));
      expect(['too_complex', 'too_big']).toContain(a.code);
    });
  });
});

describe.each(['graphql', 'graphql-ws'] as const)('GraphQL documents over %s', (transport) => {
  it('big documents → too_large naming query', SLOW, async () => {
    await check(bigDocument, async (query) => {
      const a = await hostile(`${transport} document of ${query.length} B`, () => sendDocument(transport, query));
      expect([a.field, a.code]).toEqual(['query', 'too_large']);
    });
  });

  it('alias and field floods → refused naming query, before validation', SLOW, async () => {
    await check(aliasFlood, async (query) => {
      const a = await hostile(`${transport} flood ${query.slice(0, 20)}… ${query.length} B`, () => sendDocument(transport, query));
      expect(a.field).toBe('query');
      expect(['too_many_fields', 'too_many_tokens', 'too_large']).toContain(a.code);
    });
  });

  it('list literals nested past the budget → refused naming query', SLOW, async () => {
    await check(listLiteral, async (query) => {
      const a = await hostile(`${transport} list depth ${query.length}`, () => sendDocument(transport, query));
      expect(a.field).toBe('query');
      expect(['list_too_deep', 'too_deep', 'too_many_tokens', 'too_large']).toContain(a.code);
    });
  });
});

describe('the server after the hostile runs', () => {
  it('still serves an ordinary request', async () => {
    const res = await post('/api/v1/tasks', json({ project_id: world.projectId, title: 'after', description: '**ok**', content_type: 'markdown' }));
    expect(res.status).toBe(201);
  });
});
