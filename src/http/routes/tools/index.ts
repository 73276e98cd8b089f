import type { RouteDef } from '../../route.ts';
import { userRoutes } from './user.ts';
import { searchRoutes } from './search.ts';
import { taskRoutes } from './tasks.ts';
import { assigneeRoutes } from './assignees.ts';
import { commentRoutes } from './comments.ts';
import { inboxRoutes } from './inbox.ts';
import { viewRoutes } from './views.ts';
import { projectRoutes } from './projects.ts';

/** Every tool route (`/api/mcp/*`, spec 4.1, 4.4). */
export const toolRoutes: RouteDef[] = [...userRoutes, ...searchRoutes, ...taskRoutes, ...assigneeRoutes, ...commentRoutes, ...inboxRoutes, ...viewRoutes, ...projectRoutes];
