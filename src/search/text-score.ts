import { isStopWord, type QueryTerm, wordsOf } from './query-terms.ts';

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent swaps), or
 * `max + 1` as soon as it must exceed `max` (we only care about small ones).
 */
export function editDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) v = Math.min(v, prevPrev[j - 2] + 1);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return Math.min(prev[t.length], max + 1);
}

// English inflections, enough to see `crashes` ~ `crash`, `logging` ~ `log`
// when the title and the query differ only by them (the index stems with
// PostgreSQL's English stemmer; this approximation only ranks).
const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ies', 'ied', 'es', 'ed', 'ers', 'er', 's', 'ly'];

function root(word: string): string {
  for (const s of SUFFIXES) {
    if (word.length - s.length >= 3 && word.endsWith(s)) return word.slice(0, -s.length).replace(/(.)\1$/, '$1');
  }
  return word;
}

/** How well one query word matches one title word, 0 to 1. */
function termMatch(term: QueryTerm, word: string): number {
  if (word === term.word) return 1;
  if (root(word) === root(term.word)) return 0.92;
  if (term.prefix && word.startsWith(term.word)) return 0.88;
  if (term.typos > 0) {
    const d = editDistance(term.word, word, term.typos);
    if (d <= term.typos) return d === 1 ? 0.78 : 0.62;
  }
  return 0;
}

/** Where a candidate came from: every word matched somewhere, or only some of them. */
export type MatchMode = 'all' | 'any';

/**
 * The score in [0, 1] of a task title for a query. Three parts:
 * - 75%: each query word's best match among the title words (exact 1,
 *   inflection 0.92, prefix 0.88, one typo 0.78, two typos 0.62). A word
 *   not in the title matched in the description (mode `all`): 0.4.
 * - 15%: pg_trgm word similarity of the whole query to the title, computed
 *   by the database (phrase order, split or joined words).
 * - 10%: the share of the title's words the query covers, so that a short,
 *   precise title beats a long one mentioning the same words.
 * A title equal to the query scores 1.
 */
export function scoreTitle(terms: QueryTerm[], title: string, trigram: number, mode: MatchMode): number {
  if (terms.length === 0) return 0;
  const words = wordsOf(title);
  const content = words.filter((w) => !isStopWord(w));
  const covered = new Set<string>();
  let sum = 0;
  for (const term of terms) {
    let best = 0;
    let bestWord: string | null = null;
    for (const w of words) {
      const m = termMatch(term, w);
      if (m > best) {
        best = m;
        bestWord = w;
      }
      if (best === 1) break;
    }
    if (bestWord) covered.add(bestWord);
    sum += best > 0 ? best : mode === 'all' ? 0.4 : 0;
  }
  const wordScore = sum / terms.length;
  const base = content.length ? content : words;
  const coverage = base.length ? base.filter((w) => covered.has(w)).length / base.length : 0;
  const score = 0.75 * wordScore + 0.15 * clamp(trigram) + 0.1 * coverage;
  return Math.round(clamp(score) * 10_000) / 10_000;
}

function clamp(n: number): number {
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0;
}
