import type { Viewer } from '../auth/viewer.ts';
import type { Logger } from '../logger.ts';

/** Hono variables set by the middleware for every request. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by the auth middleware; null only on public paths. */
    viewer: Viewer | null;
  };
}
