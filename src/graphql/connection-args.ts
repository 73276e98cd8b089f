import { PAGE_LIMITS } from '../domain/page.ts';
import { ValidationError } from '../errors.ts';

/** Page size of every connection: `first`/`last` as the offset pages' `limit` (1 to 100, 50 when neither is given). */
export const CONNECTION_LIMITS = { defaultSize: PAGE_LIMITS.defaultLimit, maxSize: PAGE_LIMITS.maxLimit } as const;

/** Longest cursor accepted; ours are far shorter, so anything longer is not one of ours. */
export const MAX_CURSOR_LENGTH = 2000;

/** The Relay arguments as GraphQL hands them over. */
export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

/** Which slice to read: `size` rows after (or, `backward`, before) the cursor, if any. */
export interface ConnectionWindow {
  size: number;
  backward: boolean;
  cursor: { field: 'after' | 'before'; value: string } | null;
}

/** A connection whose items are larger than most pages its own, smaller sizes (the defaults otherwise). */
export interface ConnectionSizes {
  defaultSize: number;
  maxSize: number;
}

function checkSize(field: 'first' | 'last', value: number, maxSize: number): number {
  if (value < 1 || value > maxSize) {
    throw new ValidationError(
      field,
      `${field} must be between 1 and ${maxSize} (got ${value}).`,
      'out_of_range',
    );
  }
  return value;
}

/**
 * Validates the Relay arguments into one window. Only the unambiguous forms
 * are accepted: `first` with `after` pages forward, `last` with `before`
 * backward. The mixed forms the Relay spec tolerates (both sizes, both
 * cursors, `first` + `before`) have no use with keyset paging and would
 * silently mean something the client did not intend, so they are errors.
 */
export function readConnectionArgs(args: ConnectionArgs, sizes: ConnectionSizes = CONNECTION_LIMITS): ConnectionWindow {
  const { first, last, after, before } = args;
  if (first != null && last != null) {
    throw new ValidationError('last', 'Give first or last, not both.', 'conflicting_arguments');
  }
  if (after != null && before != null) {
    throw new ValidationError('before', 'Give after or before, not both.', 'conflicting_arguments');
  }
  if (before != null && first != null) {
    throw new ValidationError(
      'before',
      'before pages backwards: use it with last, not first.',
      'conflicting_arguments',
    );
  }
  if (after != null && last != null) {
    throw new ValidationError('after', 'after pages forwards: use it with first, not last.', 'conflicting_arguments');
  }
  const backward = last != null || before != null;
  const size =
    first != null
      ? checkSize('first', first, sizes.maxSize)
      : last != null
        ? checkSize('last', last, sizes.maxSize)
        : sizes.defaultSize;
  const cursor =
    after != null
      ? { field: 'after' as const, value: after }
      : before != null
        ? { field: 'before' as const, value: before }
        : null;
  return { size, backward, cursor };
}
