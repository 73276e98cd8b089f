import { describe, expect, it } from 'vitest';
import {
  type CommentPagesState,
  NO_COMMENTS,
  type PanelComment,
  shownComments,
  withEarlierPage,
  withNewestPage,
  withoutComment,
} from '../../web/src/screens/task/comment-pages';

/** Comment `id`, written at minute `id` (so ids and times agree). */
const comment = (id: number): PanelComment => ({
  id,
  text: `<p>${id}</p>`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
  author: null,
  cursor: `c${id}`,
});
/** Comments `from` down to `to`, newest first (the server's order). */
const newestFirst = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => comment(from - i));
const page = (comments: PanelComment[], totalCount: number, hasNextPage: boolean) => ({
  comments,
  totalCount,
  hasNextPage,
});
const ids = (s: CommentPagesState) => shownComments(s).comments.map((c) => c.id);

describe('the task panel comment pages', () => {
  it('105 comments: the newest 50 shown oldest first, 55 earlier; loading earlier pages reaches the first', () => {
    let s = withNewestPage(NO_COMMENTS, page(newestFirst(105, 56), 105, true));
    expect(ids(s)).toEqual(
      newestFirst(105, 56)
        .map((c) => c.id)
        .reverse(),
    );
    expect(shownComments(s)).toMatchObject({ earlier: 55, earlierCursor: 'c56' });
    s = withEarlierPage(s, page(newestFirst(55, 6), 105, true));
    expect(shownComments(s)).toMatchObject({ earlier: 5, earlierCursor: 'c6' });
    s = withEarlierPage(s, page(newestFirst(5, 1), 105, false));
    expect(ids(s)).toEqual(Array.from({ length: 105 }, (_, i) => i + 1));
    expect(shownComments(s).earlier).toBe(0);
  });

  it('a new comment appears and keeps every shown one: the comment pushed out of the newest page stays', () => {
    let s = withNewestPage(NO_COMMENTS, page(newestFirst(105, 56), 105, true));
    s = withNewestPage(s, page(newestFirst(106, 57), 106, true));
    expect(ids(s)).toEqual(Array.from({ length: 51 }, (_, i) => 56 + i));
    // 106 on the task, 51 shown: 55 earlier, read after the oldest shown.
    expect(shownComments(s)).toMatchObject({ earlier: 55, earlierCursor: 'c56' });
  });

  it('a comment deleted inside the newest page goes when the page is read again, or at once by its event', () => {
    let s = withNewestPage(NO_COMMENTS, page(newestFirst(10, 1), 10, false));
    s = withNewestPage(
      s,
      page(
        newestFirst(10, 1).filter((c) => c.id !== 4),
        9,
        false,
      ),
    );
    expect(ids(s)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
    s = withoutComment(s, 9);
    expect(ids(s)).toEqual([1, 2, 3, 5, 6, 7, 8, 10]);
    expect(shownComments(s).earlier).toBe(0);
  });

  it('earlier comments loaded stay when the newest page is read again (they are older than its range)', () => {
    let s = withNewestPage(NO_COMMENTS, page(newestFirst(60, 11), 60, true));
    s = withEarlierPage(s, page(newestFirst(10, 1), 60, false));
    s = withNewestPage(s, page(newestFirst(61, 12), 61, true));
    expect(ids(s)).toEqual(Array.from({ length: 61 }, (_, i) => i + 1));
    expect(shownComments(s).earlier).toBe(0);
  });
});
