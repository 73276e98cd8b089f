import { parseTicketNumber } from '../domain/task/ticket-number.ts';

// How a search query becomes terms. Both engines and the PostgreSQL index
// function `tasksvc_search_vector` (migrations 20261121010000_search and
// 20261129013500_search_words_bounded) split text the same way: lower-case
// runs of letters and digits (of any script). The text-search parser only
// ever sees such words, on both sides: it is quadratic on some punctuation.

/** Typo budget: no typo below 4 letters, one edit from 4, two from 8 (the search spec). */
export const TYPO_RULES = { oneTypo: 4, twoTypos: 8 } as const;

/** Longest word the index keys cover (`tasksvc_search_words`). */
export const MAX_WORD_LENGTH = 40;

/**
 * Longest word whose English stem is indexed (the migration drops longer
 * words of a title or description before the text-search parser): a longer
 * query word is looked up by its title keys only.
 */
export const MAX_STEMMED_WORD_LENGTH = 100;

/** Longest word that keeps its two-edit tolerance (the index holds 2-deletion keys up to this length). */
export const MAX_TWO_TYPO_LENGTH = 20;

/** Distinct words of a query that are matched; later ones are ignored (a query holds at most 200 characters). */
export const MAX_QUERY_WORDS = 16;

/**
 * Index keys one query may look up, all words together: what bounds a
 * search's cost (a 20-letter word with two typos alone needs 422 keys; 16
 * of them made a search cost seconds). Words keep their typo budget in
 * query order while it fits; a word that no longer fits tolerates one typo
 * less, or none.
 */
export const MAX_QUERY_KEYS = 512;

/** Shortest last word matched as a prefix (`auth` finds `authentication`). */
export const MIN_PREFIX_LENGTH = 3;

// PostgreSQL's english.stop, so the PostgreSQL stemmer and this list agree.
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for with ' +
    'about against between into through during before after above below to from up down in out on off over under again ' +
    'further then once here there when where why how all any both each few more most other some such no nor not only ' +
    'own same so than too very s t can will just don should now'
  ).split(' '),
);

/** One word of a query. */
export interface QueryTerm {
  word: string;
  /** Edits tolerated (0, 1 or 2). */
  typos: number;
  /** The last word of the query also matches as the start of a title word. */
  prefix: boolean;
  stopWord: boolean;
}

/** A query split into ticket numbers and words. */
export interface ParsedQuery {
  /** `ABC-12` forms, prefix upper-cased. */
  tickets: { prefix: string; uniqueIndex: number; ticketNumber: string }[];
  /** Words to match; stop words are dropped unless the query has nothing else. */
  terms: QueryTerm[];
  /** The words joined by spaces (for trigram similarity). */
  text: string;
  /** Every word comes from a ticket number (`ABC-12` alone). */
  ticketsOnly: boolean;
}

/** Splits text into lower-case words of letters and digits. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** Edits a word of this many letters tolerates. */
export function typoBudget(length: number): number {
  if (length >= TYPO_RULES.twoTypos) return 2;
  if (length >= TYPO_RULES.oneTypo) return 1;
  return 0;
}

/** Whether a word is an English stop word. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/**
 * Parses a search query: ticket numbers (`ABC-12`, also `#ABC-12`) are
 * looked up exactly; every word (ticket numbers' parts included, so that
 * `COVID-19` still finds text) is matched with typo tolerance, within
 * {@link MAX_QUERY_WORDS} and {@link MAX_QUERY_KEYS}.
 */
export function parseQuery(query: string): ParsedQuery {
  const tickets: ParsedQuery['tickets'] = [];
  for (const token of query.split(/[\s,;]+/)) {
    const parsed = parseTicketNumber(token.replace(/^#/, '').replace(/[.!?)]+$/, ''));
    if (parsed && !tickets.some((t) => t.prefix === parsed.prefix && t.uniqueIndex === parsed.uniqueIndex)) {
      tickets.push({ ...parsed, ticketNumber: `${parsed.prefix}-${parsed.uniqueIndex}` });
    }
  }
  const all = [...new Set(wordsOf(query))].slice(0, MAX_QUERY_WORDS);
  const content = all.filter((w) => !isStopWord(w));
  const chosen = content.length ? content : all;
  let keysLeft = MAX_QUERY_KEYS;
  const terms = chosen.map((word, i) => {
    const length = [...word].length;
    const term = {
      word,
      typos: length > MAX_WORD_LENGTH ? 0 : Math.min(typoBudget(length), length > MAX_TWO_TYPO_LENGTH ? 1 : 2),
      prefix: i === chosen.length - 1 && length >= MIN_PREFIX_LENGTH,
      stopWord: isStopWord(word),
    };
    // Typo tolerance is what costs: the first words keep theirs, later ones get less once the budget is spent.
    while (term.typos > 0 && indexKeysOf(term).length > keysLeft) term.typos--;
    keysLeft -= indexKeysOf(term).length;
    return term;
  });
  const ticketWords = new Set(tickets.flatMap((t) => wordsOf(t.ticketNumber)));
  const ticketsOnly = tickets.length > 0 && terms.every((t) => ticketWords.has(t.word));
  return { tickets, terms, text: chosen.join(' '), ticketsOnly };
}

/** The strings one deletion away from `word` (by code point). */
export function deletions(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>();
  for (let i = 0; i < chars.length; i++) out.add(chars.slice(0, i).join('') + chars.slice(i + 1).join(''));
  return [...out];
}

/**
 * The index keys a query word looks up (symmetric-delete scheme, see the
 * migration): `~` + the word and its 1-deletion variants; for two typos also
 * its 2-deletion variants, each looked up as `~` and `~~` (the index's
 * 2-deletion keys of title words). A title word within the budget shares at
 * least one key; the few extra candidates are ranked down by the scorer.
 */
export function indexKeysOf(term: QueryTerm): string[] {
  const variants = new Set<string>([term.word]);
  if (term.typos >= 1) for (const d of deletions(term.word)) variants.add(d);
  if (term.typos >= 2) for (const d of deletions(term.word)) for (const dd of deletions(d)) variants.add(dd);
  const keys: string[] = [];
  for (const v of variants) {
    if (!v) continue;
    keys.push(`~${v}`);
    if (term.typos >= 2) keys.push(`~~${v}`);
  }
  if (term.prefix) keys.push(`^${term.word}`);
  return keys;
}

/** A tsquery disjunction of lexemes, quoted (words hold letters and digits only). */
export function tsqueryOr(lexemes: string[]): string {
  return lexemes.map((l) => `'${l.replace(/['\\]/g, '')}'`).join(' | ');
}
