// Unsaved text of the task panel (a description being edited, a comment being
// written), kept per person and task in localStorage as it is typed: it
// survives a reload, closing the panel (Escape) and a session that ended
// mid-sentence, and is cleared once saved. Per person: another account signed
// in on the same browser never sees it.
import { useCallback, useEffect, useState } from 'react';

const PREFIX = 'tasksvc.draft';

/** The storage key of one draft, or null while the person is not known yet. */
export function draftKey(userId: number | null | undefined, taskId: number, field: 'description' | 'comment'): string | null {
  return userId ? `${PREFIX}.${userId}.${taskId}.${field}` : null;
}

/** The stored draft under `key`, or null (none, unreadable, or storage unavailable). */
export function readDraft<T>(key: string | null): T | null {
  if (!key) return null;
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

/** Stores (or with null removes) the draft under `key`; a full or disabled storage is not an error. */
export function writeDraft(key: string | null, value: unknown): void {
  if (!key) return;
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or privacy mode: the draft lives as long as the screen does.
  }
}

/**
 * A draft value in React state that is written through to localStorage and
 * read back when its key becomes known (the person loads after the panel).
 */
export function useDraft<T>(key: string | null): [T | null, (value: T | null) => void] {
  const [value, setValue] = useState<T | null>(() => readDraft<T>(key));
  const [loadedKey, setLoadedKey] = useState(key);
  if (key !== loadedKey) {
    setLoadedKey(key);
    setValue(readDraft<T>(key));
  }
  const set = useCallback(
    (next: T | null) => {
      setValue(next);
      writeDraft(key, next);
    },
    [key],
  );
  // Another tab saved or discarded it: follow.
  useEffect(() => {
    if (!key) return;
    const onStorage = (e: StorageEvent) => e.key === key && setValue(readDraft<T>(key));
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key]);
  return [value, set];
}
