/**
 * Reading dates people and programs send: ISO 8601 dates (`2026-03-01`,
 * midnight UTC) and datetimes (`2026-03-01T12:00`, `…Z`, `…+02:00`; without a
 * zone, UTC). Strict where `new Date()` is lenient: an impossible calendar
 * date (`2020-02-30`, which `new Date` rolls over to March 1) and a year
 * outside 1–9999 (which PostgreSQL and ISO 8601 basic years cannot hold, and
 * which `Date.UTC` would read as 19xx below 100) are refused.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

const MIN_MS = new Date('0001-01-01T00:00:00.000Z').getTime();
const MAX_MS = new Date('9999-12-31T23:59:59.999Z').getTime();

/** The message of a refused date, naming `field`. */
export function invalidDateMessage(field: string): string {
  return `${field} must be an ISO 8601 date or datetime in years 1–9999 (2026-03-01 or 2026-03-01T12:00:00Z).`;
}

/** Whether `date` is a real instant in years 1–9999 (UTC). */
export function isStorableDate(date: Date): boolean {
  const t = date.getTime();
  return !Number.isNaN(t) && t >= MIN_MS && t <= MAX_MS;
}

/** Reads an ISO 8601 date or datetime (rules above); null when it is not one. */
export function parseIsoDate(value: string): Date | null {
  const m = ISO_DATE.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m;
  const day = new Date(0);
  day.setUTCFullYear(+y, +mo - 1, +d);
  if (day.getUTCFullYear() !== +y || day.getUTCMonth() !== +mo - 1 || day.getUTCDate() !== +d) return null;
  if (+h > 23 || +mi > 59 || +s > 59) return null;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${frac.slice(0, 4)}${offset}`);
  return isStorableDate(date) ? date : null;
}
