// Words the seed builds titles, descriptions and comments from, and the search queries the bench sends (real
// words, some with typos, so the engine's typo-tolerant paths run too).

const list = (words: string) => words.trim().split(/\s+/);

/** Nouns of an ordinary software team's backlog. */
export const TITLE_WORDS = list(`
  login signup password reset dashboard invoice billing export import report search filter sort pagination upload
  download avatar profile settings notification email webhook payment checkout cart order shipping refund coupon
  discount onboarding tutorial tooltip modal sidebar header footer navigation breadcrumb theme darkmode
  accessibility keyboard shortcut calendar timezone locale translation currency analytics tracking metrics logging
  monitoring alerting backup restore migration database index cache queue worker cron scheduler retry timeout
  latency memory performance crash error exception regression flaky test coverage deploy release rollback
  permissions roles session token oauth saml audit compliance privacy encryption api endpoint graphql schema client
  mobile android ios desktop browser
`);

/** Verbs that open a task title. */
export const TITLE_VERBS = [
  'Fix', 'Add', 'Improve', 'Refactor', 'Remove', 'Update', 'Investigate', 'Document', 'Design', 'Implement',
  'Optimize', 'Migrate', 'Support', 'Review', 'Test', 'Polish', 'Clean up', 'Split', 'Speed up', 'Harden',
];

/** Filler for descriptions and comments. */
export const PROSE_WORDS = list(`
  the user should be able to see when after before page loads slowly button does not work on small screens we need a
  better way handle this case customers reported it twice last week steps reproduce open click expected actual
  result blank screen spinner never stops works fine staging production only happens with large accounts maybe
  related recent change in
`);

/** Section titles of every seeded board, in board order (`Backlog` first: creates without a section land there). */
export const SECTION_TITLES = ['Backlog', 'Todo', 'In Progress', 'In Review', 'Done'];

/** Labels of every seeded board. */
export const LABEL_NAMES = ['bug', 'feature', 'chore', 'docs', 'frontend', 'backend', 'infra', 'security'];

/** Board names; a number is appended when there are more boards than names. */
export const BOARD_NAMES = list(`
  Atlas Borealis Cobalt Delta Ember Falcon Granite Harbor Indigo Juniper Kestrel Lumen Meridian Nimbus Onyx Pioneer
  Quartz Riverbed Summit Tundra Umbra Vertex Willow Xenon Yarrow Zephyr
`);

/** Search queries: plain words, two-word queries, prefixes and typos. */
export const SEARCH_QUERIES = [
  'login', 'password reset', 'invoice export', 'dashbord', 'notificaton', 'webhook retry', 'dark', 'perfomance',
  'checkout crash', 'timezone', 'oauth token', 'migration', 'calendar sync', 'refund', 'accessibility keyboard',
  'flaky test', 'mobile crash', 'billing', 'cache timeout', 'analytcs',
];
