import { z } from 'zod';
import { INBOX_PAGE, MAX_NOTIFICATION_IDS, notificationIdsField } from '../../../domain/inbox.ts';
import { boundsOf } from './bounds.ts';
import { bodyId, qsInt } from '../../query-params.ts';
import { MAX_OFFSET } from '../../../domain/page.ts';

/**
 * The `notification_ids` body of archive and mark-read (tool and REST). Its
 * bounds are the domain's rule (notificationIdsField, documented by
 * boundsOf); the count is also checked here, as zod counts a list before it
 * parses its elements, whereas past this schema each id is parsed and coerced
 * into a GraphQL variable before the domain counts them.
 */
export const notificationIdsBody = z.object({
  notification_ids: z
    .array(bodyId())
    .max(MAX_NOTIFICATION_IDS)
    .meta(boundsOf(notificationIdsField()))
    .describe(`Ids of the caller’s notifications, 1 to ${MAX_NOTIFICATION_IDS}; others’ ids count 0.`),
});

/** Paging of the inbox list in a query string. */
export const inboxPagingQuery = {
  limit: qsInt(1, INBOX_PAGE.maxLimit).optional().describe(`Page size, 1 to ${INBOX_PAGE.maxLimit} (default ${INBOX_PAGE.defaultLimit}).`),
  offset: qsInt(0, MAX_OFFSET).optional().describe('Notifications to skip (default 0).'),
};
