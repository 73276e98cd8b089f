// The README's pictures of the list view, saved views and the task panel's
// subtasks and history (called by scripts/screenshots.ts on its seeded demo):
// docs/screenshots/list-view.png and list-view-phone.png (a saved view with
// subtasks under their parent), task-history.png and task-history-phone.png.
import type { Page } from 'playwright-core';
import type { Db } from '../src/db/client.ts';
import { createTask } from '../src/domain/task/create.ts';
import { updateTask } from '../src/domain/task/update.ts';
import { createView } from '../src/domain/view.ts';
import { signInPage } from '../test/browser/sign-in.ts';
import type { TestBrowser } from '../test/support/browser.ts';

const WAIT = { timeout: 60_000 };

interface Demo {
  db: Db;
  url: string;
  board: {
    project: { id: number; ticketPrefix: string };
    sections: { id: number; title: string }[];
    tasks: { id: number; title: string; ticketNumber: string }[];
  };
  ada: { user: { id: number; email: string } };
  grace: { user: { id: number } };
}

/** Adds subtasks, history and a saved view to the demo, then takes the pictures into `out`. */
export async function viewScreenshots(browser: TestBrowser, demo: Demo, out: string): Promise<string[]> {
  const { db, board, ada, grace } = demo;
  const nav = board.tasks.find((t) => t.title.startsWith('Build the responsive navigation'))!;
  const section = (title: string) => board.sections.find((s) => s.title === title)!.id;
  for (const [title, where] of [
    ['Mobile menu toggle', 'In progress'],
    ['Keyboard focus order', 'Review'],
    ['Sticky header on scroll', 'Backlog'],
  ] as const)
    await createTask(db, ada.user.id, {
      projectId: board.project.id,
      sectionId: section(where),
      title,
      parentId: nav.id,
    });
  await updateTask(
    db,
    ada.user.id,
    { taskId: nav.id },
    {
      contentType: 'markdown',
      description:
        'One bar for every width.\n\n| Width | Layout |\n| --- | --- |\n| < 640 px | menu button |\n| ≥ 640 px | links |\n\n- [x] Desktop links\n- [ ] ~~Hover menus~~ Click menus',
    },
  );
  await updateTask(
    db,
    grace.user.id,
    { taskId: nav.id },
    { priority: 'urgent', title: 'Build the responsive navigation bar' },
  );
  await updateTask(db, grace.user.id, { taskId: nav.id }, { sectionId: section('Review') });
  await updateTask(db, ada.user.id, { taskId: nav.id }, { sectionId: section('In progress') });
  const view = await createView(db, ada.user.id, {
    projectId: board.project.id,
    title: 'Frontend work',
    layout: 'list',
    subtaskSetting: 'Parent',
    filters: { sortBy: 'priority', sortOrder: 'asc' },
  });

  const shots = async (page: Page, suffix: string) => {
    await page.goto(`${demo.url}/boards/${board.project.id}?view=${view.id}&layout=list`);
    await page.getByRole('table').getByText('Keyboard focus order').waitFor(WAIT);
    await page.screenshot({ path: `${out}list-view${suffix}.png` });
    await page.goto(`${demo.url}/boards/${board.project.id}/tasks/${nav.ticketNumber}?view=${view.id}&layout=list`);
    const panel = page.getByRole('dialog', { name: new RegExp(nav.ticketNumber) });
    await panel
      .getByRole('region', { name: /^Activity/ })
      .getByText('created the task')
      .waitFor(WAIT);
    await panel.getByRole('region', { name: /^Activity/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}task-history${suffix}.png` });
  };
  const desktop = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInPage(desktop, { url: demo.url }, ada.user);
  await shots(desktop, '');
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await signInPage(phone, { url: demo.url }, ada.user);
  await shots(phone, '-phone');
  return ['list-view.png', 'list-view-phone.png', 'task-history.png', 'task-history-phone.png'];
}
