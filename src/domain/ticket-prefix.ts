/** Used when a title has no Latin letters at all (e.g. "2026" or "日本語"). */
export const FALLBACK_TICKET_PREFIX = 'PRJ';

/** Latin words of a title, accents stripped, upper-case. */
function wordsOf(title: string): string[] {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.replace(/[^A-Za-z]/g, '').toUpperCase())
    .filter(Boolean);
}

/**
 * Ticket prefix candidates for a board title, best first, each 2 to 5
 * upper-case letters. Several words give their initials ("Website Redesign"
 * → `WR`); one word gives its first three letters ("Marketing" → `MAR`),
 * like Linear's team keys. Longer variants follow, used when a shorter one
 * is already taken by another board the user can see.
 */
export function ticketPrefixCandidates(title: string): string[] {
  const words = wordsOf(title);
  if (!words.length) return [FALLBACK_TICKET_PREFIX];
  const out: string[] = [];
  const add = (p: string) => {
    if (p.length >= 2 && p.length <= 5 && !out.includes(p)) out.push(p);
  };
  if (words.length >= 2) {
    const initials = words.map((w) => w[0]).join('');
    add(initials.slice(0, 5));
    // Grow with letters of the first word: WR → WRE… keeps the initials recognisable.
    for (let n = 2; n <= words[0].length && out.length < 6; n++) add((words[0].slice(0, n) + initials.slice(1)).slice(0, 5));
  } else {
    const w = words[0];
    if (w.length === 1) add(`${w}${w}`);
    for (let n = 3; n <= Math.min(5, w.length); n++) add(w.slice(0, n));
    if (w.length === 2) add(w);
  }
  if (!out.length) out.push(FALLBACK_TICKET_PREFIX);
  return out;
}

/**
 * The ticket prefix for a new board: the first candidate not already used by
 * one of `taken` (the prefixes of boards the creator can see), else the best
 * candidate. Ticket numbers stay unambiguous for that user where possible;
 * when not, `project_id` disambiguates (see resolveTaskRef).
 */
export function chooseTicketPrefix(title: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const candidates = ticketPrefixCandidates(title);
  return candidates.find((c) => !used.has(c)) ?? candidates[0];
}
