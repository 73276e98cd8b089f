import { isStorableDate, parseIsoDate } from '../iso-date.ts';
import { printedLimit } from '../fields.ts';
import { z } from 'zod';

// Field rules shared by task create, update and move. Limits the spec leaves
// open are ours, chosen generously: description 100,000 characters; at most
// 50 image and 50 attachment URLs (http or https, 2,048 characters each);
// estimates up to one year of minutes.

/** Priorities in GraphQL and the tool API; null means "no priority". */
export const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type PriorityName = (typeof PRIORITIES)[number];

/** Team-manifest estimate sizes: 0 none, 2 XS, 3 S, 4 M, 5 L, 6 XL (1 is unused). */
export const ESTIMATE_SIZES = [0, 2, 3, 4, 5, 6] as const;

export const TASK_LIMITS = {
  titleMax: 500,
  descriptionMax: 100_000,
  urlsMax: 50,
  urlLength: 2048,
  estimateMinutesMax: 525_600,
  labelsMax: 100,
  assigneesMax: 100,
} as const;

export const titleField = () => z.string().trim().min(1).max(TASK_LIMITS.titleMax);
export const descriptionField = () => z.string().max(TASK_LIMITS.descriptionMax);
export const priorityField = () => z.enum(PRIORITIES);
export const estimateMinutesField = () => z.number().int().min(0).max(TASK_LIMITS.estimateMinutesMax);
export const estimateSizeField = () =>
  z
    .number()
    .int()
    .refine((n) => (ESTIMATE_SIZES as readonly number[]).includes(n), 'must be 0, 2, 3, 4, 5 or 6');
/**
 * Images and attachments are http(s) URLs. zod checks an array's length
 * before its elements: a list of 100,000 costs one length check, not
 * 100,000 parses (the route bodies leave the count to this rule).
 */
export const urlListField = () =>
  z
    .array(
      z
        .string()
        .trim()
        .max(TASK_LIMITS.urlLength)
        .regex(/^https?:\/\/\S+$/i, 'must be an http or https URL'),
    )
    .max(TASK_LIMITS.urlsMax);
/**
 * A Date, or an ISO 8601 date/datetime string (a date alone means 00:00
 * UTC); impossible calendar dates and years outside 1–9999 are refused
 * (../iso-date.ts), so nothing reaches the database that it cannot hold.
 */
export const dateField = () =>
  z.union([z.date(), z.string().max(64)]).transform((v, ctx) => {
    const date = v instanceof Date ? (isStorableDate(v) ? v : null) : parseIsoDate(v);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date or datetime in years 1–9999 (2026-03-01 or 2026-03-01T12:00:00Z)' });
      return z.NEVER;
    }
    return date;
  });

/**
 * The optional task columns a create and an update write as given: each
 * with its rule and its column's SQL type (the one-statement insert casts
 * its parameter to it; a quoted name is an enum). Absent from a create →
 * null; null in an update clears it; an update records a change when the
 * value differs. Create, update and the insert are built from this list: a
 * new optional scalar column is one line here (and its description below).
 */
export const OPTIONAL_TASK_COLUMNS = {
  priority: { rule: priorityField, sqlType: '"Priority"' },
  estimateMinutes: { rule: estimateMinutesField, sqlType: 'integer' },
  estimateSize: { rule: estimateSizeField, sqlType: 'integer' },
} as const;

/** The name of an optional task column. */
export type OptionalTaskColumn = keyof typeof OPTIONAL_TASK_COLUMNS;

/** The optional columns' names, in declaration order. */
export const OPTIONAL_TASK_COLUMN_NAMES = Object.keys(OPTIONAL_TASK_COLUMNS) as OptionalTaskColumn[];

/** The values of the optional columns, null when not set. */
export type OptionalTaskValues = {
  [K in OptionalTaskColumn]: z.output<ReturnType<(typeof OPTIONAL_TASK_COLUMNS)[K]['rule']>> | null;
};

/** The zod shape of the optional columns for an input schema: each rule, nullish. */
export function optionalTaskColumnsShape() {
  return Object.fromEntries(OPTIONAL_TASK_COLUMN_NAMES.map((k) => [k, OPTIONAL_TASK_COLUMNS[k].rule().nullish()])) as {
    [K in OptionalTaskColumn]: z.ZodOptional<z.ZodNullable<ReturnType<(typeof OPTIONAL_TASK_COLUMNS)[K]['rule']>>>;
  };
}

/**
 * What a public task field means, once for every transport: GraphQL's field
 * and input descriptions, the REST and tool bodies (so OpenAPI and MCP) read
 * this text; limits are printed from TASK_LIMITS. Keyed by the domain's
 * name. Spellings that differ by transport (GraphQL's `URGENT`, the tool
 * routes' `urgent`; `estimate` for `estimateMinutes`) stay out of it: each
 * transport adds its own after it.
 */
export const TASK_FIELD_DESCRIPTIONS = {
  title: `Title, 1 to ${printedLimit(TASK_LIMITS.titleMax)} characters (trimmed on write).`,
  description:
    `Description as sanitised HTML; written as HTML or as markdown (by the content type; markdown is converted), ` +
    `at most ${printedLimit(TASK_LIMITS.descriptionMax)} characters as written.`,
  contentType: 'The markup a written description is in: HTML (the default) or markdown (GitHub Flavored Markdown, converted to HTML).',
  priority: 'Priority; null when the task has none (null in an update clears it).',
  estimateMinutes:
    `Estimate in minutes, a whole number from 0 to ${printedLimit(TASK_LIMITS.estimateMinutesMax)} (a year); ` +
    'null when not estimated (null in an update clears it).',
  estimateSize:
    'T-shirt size of the team board manifest: 0 none, 2 XS, 3 S, 4 M, 5 L, 6 XL (1 is refused); ' +
    'independent of the estimate in minutes; null when not sized (null in an update clears it).',
  images:
    `Image URLs (http or https, up to ${printedLimit(TASK_LIMITS.urlLength)} characters each), at most ` +
    `${TASK_LIMITS.urlsMax}; an update replaces the list (null or [] empties it).`,
  attachments:
    `Attachment URLs (http or https, up to ${printedLimit(TASK_LIMITS.urlLength)} characters each), at most ` +
    `${TASK_LIMITS.urlsMax}; an update replaces the list (null or [] empties it).`,
  dueDate:
    'Due date: an ISO 8601 date (00:00 UTC) or datetime in years 1–9999; null when none (null in an update clears it).',
  status: 'Status: normal, archived or deleted (hidden, and can be undone); a new task is normal unless given.',
} as const satisfies Record<OptionalTaskColumn, string> & Record<string, string>;

/**
 * The optional columns of whole numbers (SQL `integer`): GraphQL shows each
 * as a nullable Int of Task and of both task inputs, with its description,
 * without a line of its own.
 */
export const OPTIONAL_INT_COLUMNS = OPTIONAL_TASK_COLUMN_NAMES.filter((k) => OPTIONAL_TASK_COLUMNS[k].sqlType === 'integer');

// Filters the task list and the task search share.

/** `assignedTo` of a task filter: `me`, `unassigned` (no user and no agent) or a user id. */
export const assignedToField = () =>
  z
    .string()
    .trim()
    .regex(/^(me|unassigned|[1-9]\d{0,9})$/i, 'must be me, unassigned or a user id');

/** Whom an `assignedTo` filter names: nobody (`unassigned`) or a user id (`me` is the caller). */
export function assignedToWhom(value: string, userId: number): 'unassigned' | number {
  const who = value.toLowerCase();
  return who === 'unassigned' ? 'unassigned' : who === 'me' ? userId : Number(who);
}
