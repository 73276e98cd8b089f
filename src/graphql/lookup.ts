import { NotFoundError } from '../errors.ts';

/**
 * The answer of a single-object lookup (`task`, `project`, `draft`, …): the
 * object, or null when it does not exist or is not the viewer's to see. Both
 * are the same null, so nothing leaks; a NOT_FOUND error would null the whole
 * `data` of a non-null field and lose the sibling fields a client asked for.
 * Other errors (a malformed argument) stay errors.
 */
export async function foundOrNull<T>(find: () => Promise<T>): Promise<T | null> {
  try {
    return await find();
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
