// Realistic, seeded values for the mock endpoint (`tasksvc mock`): the same
// seed gives the same answer to the same query, so screenshots and
// snapshot tests of screens built against the mock are stable.

/** A seeded pseudo-random generator (mulberry32): numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VERBS = ['Fix', 'Add', 'Update', 'Remove', 'Refactor', 'Document', 'Review', 'Design', 'Migrate', 'Test'];
const THINGS = [
  'login redirect',
  'billing page',
  'search ranking',
  'onboarding emails',
  'dark mode toggle',
  'CSV export',
  'webhook retries',
  'mobile navigation',
  'API rate limits',
  'password reset flow',
  'board filters',
  'notification settings',
];
const FIRST = ['Ada', 'Grace', 'Linus', 'Margaret', 'Alan', 'Barbara', 'Ken', 'Frances', 'Dennis', 'Radia'];
const LAST = [
  'Lovelace',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Turing',
  'Liskov',
  'Thompson',
  'Allen',
  'Ritchie',
  'Perlman',
];
const BOARDS = ['Website', 'Mobile app', 'Platform', 'Growth', 'Design system', 'Support'];
const SECTIONS = ['Backlog', 'Todo', 'In progress', 'In review', 'Done'];
const LABELS = ['bug', 'feature', 'design', 'backend', 'frontend', 'urgent', 'docs'];
const COLORS = ['#e5484d', '#f76b15', '#ffc53d', '#46a758', '#0090ff', '#8e4ec6', '#d6409f'];
const PREFIXES = ['WEB', 'APP', 'PLT', 'GRO', 'DSN', 'SUP'];

/** The value generators of one request, all drawing on one seeded sequence. */
export function mockValues(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  // Fixed epoch: dates do not move between runs (2026-01-15T09:00:00Z ± 60 days).
  const epoch = Date.UTC(2026, 0, 15, 9);
  const date = () => new Date(epoch + int(-60, 60) * 86_400_000 + int(0, 8 * 60) * 60_000).toISOString();
  const name = () => `${pick(FIRST)} ${pick(LAST)}`;
  const hex = (n: number) => Array.from({ length: n }, () => int(0, 15).toString(16)).join('');
  return {
    random,
    pick,
    int,
    date,
    name,
    title: () => `${pick(VERBS)} ${pick(THINGS)}`,
    ticketNumber: () => `${pick(PREFIXES)}-${int(1, 999)}`,
    prefix: () => pick(PREFIXES),
    board: () => pick(BOARDS),
    section: () => pick(SECTIONS),
    /** A board's columns in workflow order: row 1 is the first. */
    sectionAt: (rowId: number) => SECTIONS[rowId - 1] ?? `Column ${rowId}`,
    label: () => pick(LABELS),
    color: () => pick(COLORS),
    email: () => `${pick(FIRST).toLowerCase()}.${pick(LAST).toLowerCase()}${int(1, 99)}@example.com`,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`,
    /** Sanitised HTML as the service stores descriptions and comments. */
    html: () =>
      `<p>${pick(VERBS)} the ${pick(THINGS)} before the release.</p>` +
      `<ul><li>Check the ${pick(THINGS)}</li><li>Ask <strong>${name()}</strong> for a review</li></ul>`,
    sentence: () => `${pick(VERBS)} the ${pick(THINGS)}.`,
  };
}

/** The generators of one request. */
export type MockValues = ReturnType<typeof mockValues>;
