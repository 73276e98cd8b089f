import type { RouteDef } from '../../route.ts';
import { userRoutes } from './user.ts';
import { searchRoutes } from './search.ts';
import { taskRoutes } from './tasks.ts';
import { taskLabelRoutes } from './task-labels.ts';
import { taskWatcherRoutes } from './task-watchers.ts';
import { projectRoutes } from './projects.ts';
import { sectionRoutes } from './sections.ts';
import { labelRoutes } from './labels.ts';
import { memberRoutes } from './members.ts';
import { boardRoutes } from './boards.ts';
import { commentRoutes } from './comments.ts';
import { notificationRoutes } from './notifications.ts';
import { draftRoutes } from './drafts.ts';
import { assigneeRoutes } from './assignees.ts';
import { webhookRoutes } from './webhooks.ts';
import { webhookDeliveryRoutes } from './webhook-deliveries.ts';

/** Every public REST route (`/api/v1/*`, spec 4.2, 4.3, 4.5). */
export const v1Routes: RouteDef[] = [...userRoutes, ...searchRoutes, ...taskRoutes, ...taskLabelRoutes, ...taskWatcherRoutes, ...projectRoutes, ...sectionRoutes, ...labelRoutes, ...memberRoutes, ...boardRoutes, ...commentRoutes, ...notificationRoutes, ...draftRoutes, ...assigneeRoutes, ...webhookRoutes, ...webhookDeliveryRoutes];
