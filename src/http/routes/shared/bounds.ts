import { z } from 'zod';

// Route bodies parse types only and leave limits to the domain, whose errors
// name the route's field. So that OpenAPI (and the MCP tools made from it)
// still tell a caller the limits, a route field carries the domain rule's
// bounds as JSON Schema metadata: documented, never checked twice.

const BOUND_KEYWORDS = ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems'] as const;

/**
 * The JSON Schema bounds of a domain rule (lengths, ranges, counts, and
 * those of a list's elements), for `.meta()` on the route field that
 * parses the same value.
 */
export function boundsOf(rule: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(rule, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const bounds: Record<string, unknown> = {};
  for (const key of BOUND_KEYWORDS) if (json[key] !== undefined) bounds[key] = json[key];
  // A list of scalars: its elements' bounds too (an object element's fields are the domain's names, not the route's).
  const items = json.items as Record<string, unknown> | undefined;
  if (items && ['string', 'number', 'integer'].includes(items.type as string)) {
    bounds.items = Object.fromEntries(Object.entries(items).filter(([k]) => k === 'type' || k === 'pattern' || (BOUND_KEYWORDS as readonly string[]).includes(k)));
  }
  return bounds;
}
