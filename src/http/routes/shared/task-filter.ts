import { z } from 'zod';
import { STATUSES, NAME_LIMITS } from '../../../domain/fields.ts';
import { PRIORITIES } from '../../../domain/task/fields.ts';

// Query-string filters that the task list and the task search both take:
// one definition each, so the two routes describe and parse them alike.

/** `section`: a section name, matched case-insensitively. */
export const sectionParam = () => z.string().trim().min(1).max(NAME_LIMITS.sectionTitleMax).optional().describe('Section name (case-insensitive).');

/** `assigned_to`: `me`, `unassigned` or a user id (lower-cased by the variables). */
export const assignedToParam = () =>
  z
    .string()
    .regex(/^(me|unassigned|[1-9]\d{0,9})$/i, 'must be me, unassigned or a user id')
    .optional()
    .describe('`me`, `unassigned`, or a user id.');

/** `priority`: one of the task priorities. */
export const priorityParam = () => z.enum(PRIORITIES).optional().describe('`urgent`, `high`, `medium` or `low`.');

/** `status`: one of the task statuses (the lists default to `Normal`). */
export const statusParam = () => z.enum(STATUSES).optional().describe('`Normal` (default), `Archive` or `Deleted`.');
