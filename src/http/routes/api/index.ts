import type { RouteDef } from '../../route.ts';
import { adminRoutes } from './admin.ts';
import { userDirectoryRoutes } from './users.ts';

/**
 * The unversioned `/api/*` routes of spec 4.7 that run a GraphQL operation
 * (the session routes set cookies and are plain handlers: ./session.ts).
 */
export const apiRoutes: RouteDef[] = [...adminRoutes, ...userDirectoryRoutes];
