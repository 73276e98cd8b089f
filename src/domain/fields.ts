import { z } from 'zod';

// Field rules every resource shares: ids and the status of tasks and
// projects. Resource-specific fields live beside their resource
// (task/fields.ts for tasks).

/** Largest id PostgreSQL's `integer` holds. */
export const MAX_INT = 2147483647;

/**
 * Length limits (characters) of names several resources and both route
 * tables share; the domain schemas and the routes' OpenAPI `maxLength` read
 * them from here.
 */
export const NAME_LIMITS = {
  sectionTitleMax: 200,
  labelNameMax: 100,
  viewTitleMax: 200,
  urlMax: 2048,
  emailMax: 320,
  displayNameMax: 200,
  labelColorMax: 50,
} as const;

/** A limit as descriptions print it, with thousands separators (10000 → "10,000"). */
export const printedLimit = (n: number) => n.toLocaleString('en-US');

/** A positive integer id. */
export const idField = () => z.number().int().positive().max(MAX_INT);

/** Task and project status values (spec 3). */
export const STATUSES = ['Normal', 'Archive', 'Deleted'] as const;
export type StatusName = (typeof STATUSES)[number];

/** A task or project status. */
export const statusField = () => z.enum(STATUSES);
