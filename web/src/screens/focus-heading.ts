/** Marks the placeholder shown while a lazily loaded screen's code arrives. */
export const LOADING_SCREEN_ATTRIBUTE = 'data-loading-screen';

/**
 * Focuses the screen's `h1` inside `root` after a navigation (screen readers
 * announce it). A screen whose code is still loading (its placeholder carries
 * {@link LOADING_SCREEN_ATTRIBUTE}) has no heading yet in the commit that
 * shows it: then the heading is focused when it appears, unless the person
 * moved focus meanwhile or navigated on. A screen waiting for its data gets
 * no focus later (as before lazy screens: focus the person moved stays).
 * Answers a function that stops waiting.
 */
export function focusHeading(root: HTMLElement | null): () => void {
  if (!root) return () => undefined;
  const heading = shownHeading(root);
  if (heading) {
    heading.focus();
    return () => undefined;
  }
  if (!root.querySelector(`[${LOADING_SCREEN_ATTRIBUTE}]`)) return () => undefined;
  const focusedBefore = document.activeElement;
  const observer = new MutationObserver(() => {
    const h1 = shownHeading(root);
    if (!h1) return;
    observer.disconnect();
    if (document.activeElement === focusedBefore || document.activeElement === document.body) h1.focus();
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * The `h1` on screen. While a lazy screen loads, React keeps the screen it
 * replaces in the page, hidden (`display: none`): its heading is not the one.
 */
function shownHeading(root: HTMLElement): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>('h1')].find((h) => h.getClientRects().length > 0);
}
