// Structured mentions in the comment box: typing "@" and part of a name
// offers the board's members; picking one inserts "@Display Name" and records
// the mention, sent with the comment as {userId, displayName}.

/** A person mentioned in a comment. */
export interface Mention {
  userId: number;
  displayName: string;
}

/**
 * The mention being typed at `caret`: the "@" (at the start or after
 * whitespace) and the text after it, up to 30 characters of letters, digits,
 * spaces, dots, hyphens and apostrophes. Null when the caret is not in one.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([\p{L}\p{N} .'-]{0,30})$/u.exec(before);
  if (!match) return null;
  const query = match[2];
  // "@Ada " followed by more words is no longer a mention in progress after two spaces or a newline.
  if (/\s{2}/.test(query)) return null;
  return { start: caret - query.length - 1, query };
}

/** Members whose name (or a word of it) starts with the query, case-insensitively; at most 8. */
export function mentionCandidates<T extends { displayName: string }>(members: T[], query: string): T[] {
  const q = query.trim().toLocaleLowerCase();
  return members
    .filter((m) => {
      const name = m.displayName.toLocaleLowerCase();
      return !q || name.startsWith(q) || name.split(/\s+/).some((w) => w.startsWith(q));
    })
    .slice(0, 8);
}

/** Replaces the mention being typed (from `start` to `caret`) with "@Name ". */
export function insertMention(text: string, start: number, caret: number, displayName: string) {
  const inserted = `@${displayName} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

/** The recorded mentions whose "@Name" is still in the text (each person once). */
export function mentionsInText(text: string, recorded: Mention[]): Mention[] {
  const seen = new Set<number>();
  return recorded.filter((m) => {
    if (seen.has(m.userId) || !text.includes(`@${m.displayName}`)) return false;
    seen.add(m.userId);
    return true;
  });
}
