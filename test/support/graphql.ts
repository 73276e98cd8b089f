import type { TestApp } from './app.ts';

/** A GraphQL response as the tests read it. */
export interface GqlResult {
  data?: Record<string, any> | null;
  errors?: { message: string; path?: (string | number)[]; extensions: Record<string, any> }[];
}

/**
 * Runs a GraphQL document over `POST /graphql` of a test app, as the holder
 * of `key` (anonymous without one), and answers the parsed body.
 */
export async function gql(
  t: Pick<TestApp, 'fetch'>,
  key: string | undefined,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<GqlResult> {
  const res = await t.fetch('/graphql', { method: 'POST', key, headers, json: { query, variables } });
  return (await res.json()) as GqlResult;
}
