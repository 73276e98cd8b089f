import { describe, expect, it } from 'vitest';
import { commentListQuery } from '../../src/domain/comment.ts';
import { draftListQuery } from '../../src/domain/draft.ts';
import { inboxQuery } from '../../src/domain/inbox.ts';
import { MAX_OFFSET, PAGE_LIMITS } from '../../src/domain/page.ts';
import { projectListPage } from '../../src/domain/project.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { taskListQuery } from '../../src/domain/task/list.ts';
import { deliveryListQuery } from '../../src/domain/webhook.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';

// Every offset-paged list follows the one paging rule (src/domain/page.ts):
// limit 1 to 100 (50 when absent or null), offset 0 to MAX_OFFSET.

const db = useTestDb();
useBystander(db);

type Paging = { limit?: number | null; offset?: number | null };

/** Each offset list of the domain, as "page of this user's list with this paging". */
async function lists() {
  const user = await makeUser(db, 'Pager');
  const project = await makeProject(db, { memberIds: [user.id] });
  const task = await createTask(db, user.id, { projectId: project.id, title: 'paged' });
  const hook = await db.webhookSubscription.create({
    data: { projectId: project.id, url: 'https://pager.example.com/hook', secret: 'whsec_pager', createdById: user.id },
  });
  const all: Record<string, (p: Paging) => Promise<{ limit: number; offset: number }>> = {
    tasks: (p) => taskListQuery(db, user.id, p),
    comments: (p) => commentListQuery(db, user.id, { taskId: task.id }, p),
    inbox: async (p) => inboxQuery(user.id, p),
    drafts: async (p) => draftListQuery(user.id, p),
    projects: (p) => projectListPage(db, user.id, p),
    deliveries: (p) => deliveryListQuery(db, user.id, hook.id, p),
  };
  return all;
}

describe('offset paging of every list', () => {
  it('takes limit 1 to 100 and offset 0 to MAX_OFFSET, defaults for absent or null, VALIDATION naming the field past them', async () => {
    for (const [name, page] of Object.entries(await lists())) {
      const defaults = { limit: PAGE_LIMITS.defaultLimit, offset: 0 };
      expect(await page({}), name).toMatchObject(defaults);
      expect(await page({ limit: null, offset: null }), name).toMatchObject(defaults);
      expect(await page({ limit: 1, offset: MAX_OFFSET }), name).toMatchObject({ limit: 1, offset: MAX_OFFSET });
      expect(await page({ limit: PAGE_LIMITS.maxLimit }), name).toMatchObject({ limit: PAGE_LIMITS.maxLimit });
      await expectAppError(page({ limit: 0 }), 'VALIDATION', 'limit');
      await expectAppError(page({ limit: PAGE_LIMITS.maxLimit + 1 }), 'VALIDATION', 'limit');
      await expectAppError(page({ offset: -1 }), 'VALIDATION', 'offset');
      await expectAppError(page({ offset: MAX_OFFSET + 1 }), 'VALIDATION', 'offset');
    }
  });
});
