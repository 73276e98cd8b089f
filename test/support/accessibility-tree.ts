// Chromium's accessibility tree (the one screen readers read, through the
// DevTools protocol), for the browser tests' checks that every control has
// a name.
import type { Page } from 'playwright-core';

/** Roles people operate; each needs a name to be usable with a screen reader. */
export const CONTROL_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'option',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'spinbutton',
  'menuitem',
  'tab',
  'dialog',
  'region',
  'navigation',
  'search',
]);

export interface AxNode {
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
  properties?: { name: string; value: { value: unknown } }[];
}

/** The page's accessibility tree as Chromium exposes it to assistive technology. */
export async function accessibilityTree(page: Page): Promise<AxNode[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
    return nodes.filter((n) => !n.ignored);
  } finally {
    await cdp.detach();
  }
}

/** Controls (and named-by-design containers) without an accessible name, as `role` strings. */
export async function unnamedControls(page: Page): Promise<string[]> {
  const nodes = await accessibilityTree(page);
  return nodes
    .filter((n) => CONTROL_ROLES.has(n.role?.value ?? '') && !String(n.name?.value ?? '').trim())
    .map((n) => n.role!.value);
}

