/** `ABC-12`: the project's ticket prefix, a hyphen, the task's unique index. */
export function ticketNumberOf(prefix: string, uniqueIndex: number): string {
  return `${prefix}-${uniqueIndex}`;
}

/** Splits `ABC-12` into prefix and index, or null when it is not of that form. */
export function parseTicketNumber(value: string): { prefix: string; uniqueIndex: number } | null {
  const m = /^([A-Za-z][A-Za-z0-9]*)-(\d{1,9})$/.exec(value.trim());
  return m ? { prefix: m[1].toUpperCase(), uniqueIndex: Number(m[2]) } : null;
}
