/** Dates as people read them, in their locale: "3 Mar 2026". */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Date and time: "3 Mar 2026, 14:05". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** `YYYY-MM-DD` of an ISO instant (the value of a date input; due dates are days in UTC). */
export function dateInputValue(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '';
}

/** Initials for an avatar: "Ada Lovelace" → "AL". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase();
}

/** Whether a due date (a UTC day) is before today. */
export function isOverdue(iso: string | null | undefined, now = new Date()): boolean {
  return !!iso && iso.slice(0, 10) < now.toISOString().slice(0, 10);
}
