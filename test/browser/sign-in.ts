import type { Page } from 'playwright-core';
import type { Db } from '../../src/db/client.ts';
import { setPassword } from '../../src/domain/user.ts';

/** The password the browser tests give their people. */
export const TEST_PASSWORD = 'correct horse battery staple';

/** Gives `user` the test password (as `tasksvc users set-password` would). */
export async function givePassword(db: Db, user: { email: string }) {
  await setPassword(db, user.email, TEST_PASSWORD);
}

/**
 * Signs `user` in on `page` the way a person does: the sign-in screen's
 * "Email" and "Password" fields and its "Sign in" button (POST
 * /api/auth/login sets the session cookie). Resolves on the boards screen.
 * The user needs the test password first ({@link givePassword}).
 */
export async function signInPage(page: Page, server: { url: string }, user: { email: string }) {
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Boards' }).waitFor();
}
