import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createYoga } from 'graphql-yoga';
import { type ErrorCode, HTTP_STATUS } from '../errors.ts';
import { TrustedDocuments, trustedDocumentPlugins } from '../graphql/trusted-documents.ts';
import { type MockRequest, mockedSchema, schemaFromSdl } from './schema.ts';

/** Headers a client sends to ask for a case the real service rarely shows. */
export const MOCK_HEADERS = {
  seed: 'x-mock-seed',
  scenario: 'x-mock-scenario',
  errorCode: 'x-mock-error-code',
} as const;

const SCENARIOS = ['normal', 'empty', 'error'] as const;

/** The mock options of a request from its headers, or the header that is wrong and why. */
export function mockRequestOf(
  headers: IncomingMessage['headers'],
  defaultSeed: number,
): MockRequest | { field: string; message: string } {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const seedText = one(MOCK_HEADERS.seed);
  const seed =
    seedText === undefined
      ? defaultSeed
      : /^\d{1,10}$/.test(seedText) && Number(seedText) <= 0xffffffff
        ? Number(seedText)
        : null;
  if (seed === null)
    return { field: MOCK_HEADERS.seed, message: `${MOCK_HEADERS.seed} must be a whole number from 0 to 4294967295.` };
  const scenario = (one(MOCK_HEADERS.scenario) ?? 'normal') as MockRequest['scenario'];
  if (!SCENARIOS.includes(scenario))
    return {
      field: MOCK_HEADERS.scenario,
      message: `${MOCK_HEADERS.scenario} must be one of ${SCENARIOS.join(', ')}.`,
    };
  const errorCode = (one(MOCK_HEADERS.errorCode) ?? 'INTERNAL') as ErrorCode;
  if (!(errorCode in HTTP_STATUS))
    return {
      field: MOCK_HEADERS.errorCode,
      message: `${MOCK_HEADERS.errorCode} must be one of ${Object.keys(HTTP_STATUS).join(', ')}.`,
    };
  return { seed, scenario, errorCode };
}

/** A running mock endpoint. */
export interface MockServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the committed SDL (or `sdlFile`) at `/graphql` with seeded,
 * realistic mock values (src/mock/schema.ts): queries and mutations, no
 * database, no authentication, any origin (it holds no data). Trusted
 * documents run by `documentId` as on the service: the web app's and those
 * of `documentsFiles` (a client's `persisted-documents.json`), so an app
 * that sends ids works against the mock unchanged. Never part of the
 * service: only `tasksvc mock` starts it.
 */
export async function startMockServer(opts: {
  port: number;
  host: string;
  seed: number;
  sdlFile?: string;
  documentsFiles?: string[];
}): Promise<MockServer> {
  const base = schemaFromSdl(opts.sdlFile);
  const { persisted } = trustedDocumentPlugins(TrustedDocuments.load(base, opts.documentsFiles ?? []), 'any');
  const yoga = createYoga<{ req: IncomingMessage; res: ServerResponse; mock: MockRequest }>({
    schema: ({ mock }) => mockedSchema(base, mock),
    graphqlEndpoint: '/graphql',
    extraParamNames: ['documentId'],
    plugins: [persisted as never],
    landingPage: false,
    logging: false,
    maskedErrors: false,
  });
  const server = createServer((req, res) => {
    const mock = mockRequestOf(req.headers, opts.seed);
    if ('field' in mock) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          errors: [{ message: mock.message, extensions: { code: 'VALIDATION', field: mock.field, detail: 'invalid' } }],
        }),
      );
      return;
    }
    void yoga(req, res, { req, res, mock });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
