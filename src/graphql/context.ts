import type { Viewer } from '../auth/viewer.ts';
import type { Db } from '../db/client.ts';
import type { Services } from '../services.ts';

/** What every resolver receives. Built once per request by the HTTP layer. */
export interface GraphQLContext {
  db: Db;
  services: Services;
  /** null only on unauthenticated requests, which the auth scopes reject. */
  viewer: Viewer | null;
  requestId: string;
  /**
   * The SSE `Last-Event-ID` request header (a reconnecting EventSource's
   * resume cursor); null on graphql-ws and plain requests.
   */
  lastEventId?: string | null;
  /**
   * The origin the request was sent to (`/graphql` over HTTP): the base of
   * links the service hands out when PUBLIC_URL is not set.
   */
  requestOrigin?: string | null;
}
