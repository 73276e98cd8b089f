import { isStorableDate, parseIsoDate } from '../iso-date.ts';
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
/** Images and attachments are http(s) URLs. */
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
