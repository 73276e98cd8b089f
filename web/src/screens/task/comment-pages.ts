/**
 * The comments the task panel holds: the newest page, and the earlier pages
 * the person asked for, merged by id. Pure, so that the merging rules are
 * tested without a browser (test/web).
 *
 * Why merge rather than replace: a comment posted while earlier pages are
 * shown pushes the oldest comment of the newest page out of that page; it
 * is still shown (it is in the map) and no gap opens between the pages.
 */

/** A comment as the panel shows it, with its cursor in the newest-first list. */
export interface PanelComment {
  id: number;
  text: string;
  createdAt: string;
  author: { id: number; displayName: string } | null;
  cursor: string;
}

/** One page of `commentsConnection(sortOrder: DESC)`. */
export interface CommentPage {
  totalCount: number;
  hasNextPage: boolean;
  comments: PanelComment[];
}

export interface CommentPagesState {
  byId: ReadonlyMap<number, PanelComment>;
  /** Comments on the task (the server's count as of the last page read). */
  total: number;
  /** An earlier page came back as the last one: nothing older to load. */
  exhausted: boolean;
  /** The first page has arrived. */
  loaded: boolean;
}

export const NO_COMMENTS: CommentPagesState = { byId: new Map(), total: 0, exhausted: false, loaded: false };

/** Older first: `createdAt`, then id (the server's order, reversed). */
function compare(a: PanelComment, b: PanelComment): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id;
}

/**
 * The newest page, read again (first load, an event, a posted comment): its
 * comments replace what is held; a held comment inside the page's range that
 * the page no longer has was deleted and goes.
 */
export function withNewestPage(state: CommentPagesState, page: CommentPage): CommentPagesState {
  const byId = new Map(state.byId);
  const oldest = page.comments.reduce<PanelComment | null>((o, c) => (o && compare(o, c) <= 0 ? o : c), null);
  const inPage = new Set(page.comments.map((c) => c.id));
  for (const c of byId.values()) {
    // A page that is not full holds every comment there is: nothing outside it survives.
    const covered = !page.hasNextPage || (oldest !== null && compare(c, oldest) >= 0);
    if (covered && !inPage.has(c.id)) byId.delete(c.id);
  }
  for (const c of page.comments) byId.set(c.id, c);
  return { byId, total: page.totalCount, exhausted: state.exhausted, loaded: true };
}

/** An earlier page (after the oldest held comment's cursor), added to what is held. */
export function withEarlierPage(state: CommentPagesState, page: CommentPage): CommentPagesState {
  const byId = new Map(state.byId);
  for (const c of page.comments) byId.set(c.id, c);
  return { byId, total: page.totalCount, exhausted: !page.hasNextPage, loaded: true };
}

/** A comment deleted (its event): it goes at once. */
export function withoutComment(state: CommentPagesState, id: number): CommentPagesState {
  if (!state.byId.has(id)) return state;
  const byId = new Map(state.byId);
  byId.delete(id);
  return { ...state, byId, total: Math.max(0, state.total - 1) };
}

/** What the panel shows: held comments oldest first, and how many earlier ones are not loaded. */
export function shownComments(state: CommentPagesState): {
  comments: PanelComment[];
  earlier: number;
  /** The cursor to read the next earlier page after (the oldest held comment's). */
  earlierCursor: string | null;
} {
  const comments = [...state.byId.values()].sort(compare);
  const earlier = state.exhausted ? 0 : Math.max(0, state.total - comments.length);
  return { comments, earlier, earlierCursor: comments[0]?.cursor ?? null };
}
