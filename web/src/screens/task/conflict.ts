import type { CombinedError } from 'urql';

/** The task as it is now, as a refused stale save reports it (`extensions.current`). */
export interface CurrentTask {
  version: number;
  title: string;
  /** Sanitised HTML. */
  description: string;
  updatedAt: string;
  updatedBy: { id: number; displayName: string } | null;
}

/** How a save of a task's text ended: saved, refused because the task changed meanwhile, or failed (shown by the panel). */
export type SaveResult = { ok: true } | { ok: false; current: CurrentTask | null };

/** The current task of a CONFLICT `stale_version` refusal; null for any other error. */
export function staleVersionOf(error: CombinedError | undefined): CurrentTask | null {
  const ext = error?.graphQLErrors[0]?.extensions;
  if (ext?.code !== 'CONFLICT' || ext.detail !== 'stale_version') return null;
  return (ext.current as CurrentTask | undefined) ?? null;
}

/** "Changed by Alice while you were editing" (or by someone, when the account is gone). */
export function changedByLine(current: Pick<CurrentTask, 'updatedBy'>): string {
  return `Changed by ${current.updatedBy?.displayName ?? 'someone'} while you were editing`;
}

/**
 * Saves `value` of a text field with the version it was edited from. A
 * refusal because the task changed meanwhile is no conflict when nobody
 * touched this field (the server still holds `base`: saved again onto the
 * new version) or when the server already `holds` what is being saved; otherwise it is
 * answered for the person to choose.
 */
export async function saveText(
  save: (expectedVersion: number) => Promise<SaveResult>,
  field: 'title' | 'description',
  base: string,
  baseVersion: number,
  holds: (current: CurrentTask) => boolean = () => false,
): Promise<SaveResult> {
  let version = baseVersion;
  // Twice at most: a second change in between is shown rather than raced.
  for (let attempt = 0; attempt < 2; attempt++) {
    const result = await save(version);
    if (result.ok || !result.current) return result;
    if (holds(result.current)) return { ok: true };
    if (result.current[field] !== base) return result;
    version = result.current.version;
  }
  return save(version);
}
