import { z } from 'zod';
import { INBOX_PAGE, MAX_NOTIFICATION_IDS } from '../../../domain/inbox.ts';
import { bodyId, qsInt } from '../../query-params.ts';
import { MAX_OFFSET } from '../../../domain/page.ts';

/** The `notification_ids` body of archive and mark-read (tool and REST). */
export const notificationIdsBody = z.object({
  notification_ids: z
    .array(bodyId())
    .min(1)
    .max(MAX_NOTIFICATION_IDS)
    .describe(`Ids of the caller’s notifications, 1 to ${MAX_NOTIFICATION_IDS}; others’ ids count 0.`),
});

/** Paging of the inbox list in a query string. */
export const inboxPagingQuery = {
  limit: qsInt(1, INBOX_PAGE.maxLimit).optional().describe(`Page size, 1 to ${INBOX_PAGE.maxLimit} (default ${INBOX_PAGE.defaultLimit}).`),
  offset: qsInt(0, MAX_OFFSET).optional().describe('Notifications to skip (default 0).'),
};
