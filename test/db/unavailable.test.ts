import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';
import { errorCodeOf } from '../../src/errors.ts';
import { maskGraphQLError } from '../../src/http/unavailable-answer.ts';

// Which errors mean "the database does not answer" (503 UNAVAILABLE) and
// which are a bug or a bad query (500 INTERNAL, logged with its stack). The
// shapes are those the outage test (test/http/database-outage-requests.test.ts)
// met through Prisma 7 and adapter-pg, plus PostgreSQL's own codes.

/** Prisma's error for a server it cannot reach (P1001, with the adapter's cause). */
const prismaUnreachable = Object.assign(new Error("Invalid `db.apiKey.findUnique()` invocation:\n\nCan't reach database server at 127.0.0.1:40447"), {
  code: 'P1001',
  meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 40447 } } },
});
/** pg-pool's error for a connection cut mid-query (no code). */
const terminated = new Error('Connection terminated unexpectedly');
/** `pg_terminate_backend` on the connection. */
const adminShutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const refused = new AggregateError([Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })], '');

/** A unique violation and a bug: not an outage. */
const duplicate = Object.assign(new Error('Unique constraint failed on the fields: (`email`)'), { code: 'P2002' });
const bug = new TypeError("Cannot read properties of undefined (reading 'id')");

describe('database unavailability', () => {
  it('recognises the driver, Prisma and PostgreSQL shapes of an unreachable database, wrapped or not', () => {
    for (const err of [prismaUnreachable, terminated, adminShutdown, refused, new Error('wrapped', { cause: adminShutdown })]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
      expect(errorCodeOf(err)).toBe('UNAVAILABLE');
      expect(errorCodeOf(new GraphQLError('in a resolver', { originalError: err }))).toBe('UNAVAILABLE');
    }
  });

  it('leaves query errors and bugs INTERNAL', () => {
    for (const err of [duplicate, bug, null, 'text']) {
      expect(isDatabaseUnavailable(err)).toBe(false);
      expect(errorCodeOf(err)).toBe('INTERNAL');
    }
  });

  it('GraphQL masks an outage as UNAVAILABLE with HTTP 503 and everything else as yoga does', () => {
    const masked = maskGraphQLError(new GraphQLError('x', { originalError: terminated, path: ['me'] }), 'Unexpected error.');
    expect(masked).toBeInstanceOf(GraphQLError);
    expect((masked as GraphQLError).extensions).toEqual({ code: 'UNAVAILABLE', http: { status: 503 } });
    expect((masked as GraphQLError).path).toEqual(['me']);
    const other = maskGraphQLError(new GraphQLError('x', { originalError: bug }), 'Unexpected error.');
    expect(other.message).toBe('Unexpected error.');
    expect((other as GraphQLError).extensions.code).toBe('INTERNAL_SERVER_ERROR');
  });
});
