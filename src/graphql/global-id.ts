import { MAX_INT } from '../domain/fields.ts';
import { ValidationError } from '../errors.ts';

/**
 * Relay global object ids: `base64("<Type>:<row id>")`, the encoding of
 * graphql-relay-js's `toGlobalId` (so Relay, Apollo and urql tooling that
 * peeks into ids keeps working). Opaque to clients: they compare and send
 * them back, never build them. Every Node type's row id is a positive
 * 32-bit integer (the Team's numeric id, not its UUID).
 */
export function encodeGlobalId(typename: string, id: number | string | bigint): string {
  return Buffer.from(`${typename}:${id}`, 'utf8').toString('base64');
}

/** A decoded global id: the type it names and its row id (a number, or a UUID for agents). */
export interface GlobalIdParts {
  typename: string;
  id: number | string;
}

/** How a Node type's row id is written in its global id: a positive 32-bit integer, or a UUID. */
export type RowIdKind = 'int' | 'uuid';

/** Longest global id accepted: a type name, a colon and a UUID, in base64 (4/3), with room to spare. */
export const GLOBAL_ID_MAX_LENGTH = 96;

const CANONICAL_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const PARTS = /^([A-Z][A-Za-z]*):(.+)$/;
const INT_ID = /^[1-9]\d{0,9}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Reads a global id made by {@link encodeGlobalId} for one of the Node
 * types in `kinds` (type name → how its row id is written), or throws
 * VALIDATION naming `field` (the argument it came in). Only the canonical
 * encoding is accepted (the one string this service hands out), so one
 * object has exactly one id and a normalised cache one key. A well-formed
 * id of a row that does not exist, or that the caller may not see, is not
 * an error here: the caller answers null for it.
 */
export function decodeGlobalId(raw: string, kinds: ReadonlyMap<string, RowIdKind>, field: string): GlobalIdParts {
  const invalid = () =>
    new ValidationError(
      field,
      `\`${field}\` must be a global id read from a \`globalId\` field; got ${JSON.stringify(raw.slice(0, GLOBAL_ID_MAX_LENGTH))}.`,
      'invalid_global_id',
    );
  if (raw.length > GLOBAL_ID_MAX_LENGTH || raw.length % 4 !== 0 || !CANONICAL_BASE64.test(raw)) throw invalid();
  const text = Buffer.from(raw, 'base64').toString('utf8');
  // Not canonical (other padding bits, invalid UTF-8): not a string this service made.
  if (Buffer.from(text, 'utf8').toString('base64') !== raw) throw invalid();
  const match = PARTS.exec(text);
  const kind = match ? kinds.get(match[1]) : undefined;
  if (!match || !kind) throw invalid();
  const [, typename, id] = match;
  if (kind === 'uuid') {
    if (!UUID.test(id)) throw invalid();
    return { typename, id };
  }
  if (!INT_ID.test(id) || Number(id) > MAX_INT) throw invalid();
  return { typename, id: Number(id) };
}
