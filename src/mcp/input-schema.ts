import { z } from 'zod';
import type { RouteDef } from '../http/route.ts';

// A tool's input is its route's path, query and body schemas merged into one
// object. The JSON Schemas come from the routes' own zod schemas; nothing is
// written twice. Path and query parameters travel as strings, so their zod
// input type is `string`; the argument an agent gives is the typed value the
// string encodes (the schema's output type: `limit: 5`, not `limit: "5"`),
// and it is encoded back into the string the route parses and validates.

/** A JSON Schema node (as `z.toJSONSchema` prints it). */
export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  pattern?: string;
  $defs?: Record<string, JsonSchema>;
};

/** An object JSON Schema, as MCP requires for `inputSchema`. */
export type ObjectJsonSchema = JsonSchema & { type: 'object'; properties: Record<string, JsonSchema> };

/** Where a tool argument goes in the route request. */
export type Slot = 'params' | 'query' | 'body';

/** A route's tool input: its JSON Schema and where each property is sent. */
export interface RouteInputLayout {
  schema: ObjectJsonSchema;
  slots: Record<string, Slot>;
}

/** Query-string patterns of integers (src/http/query-params.ts `qsId`, `qsInt`). */
const INTEGER_PATTERNS = new Set(['^\\d+$', '^-?\\d+$']);

/** The JSON Schema of a zod schema, without the `$schema` marker. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const typeIs = (s: JsonSchema | undefined, t: string) => s?.type === t;

/**
 * The typed form of one string-carried parameter, from its zod input
 * (`string` with a pattern or enum) and output (the parsed value) schemas:
 * numbers, booleans and lists as the route parses them; a transform that
 * JSON Schema cannot show (clamping) falls back to the input's pattern.
 */
export function typedStringParameter(input: JsonSchema, output: JsonSchema | undefined): JsonSchema {
  const keep = { ...(input.description ? { description: input.description } : {}) };
  const dflt = output && 'default' in output ? { default: output.default } : 'default' in input ? { default: input.default } : {};
  if (typeIs(output, 'integer') || typeIs(output, 'number') || typeIs(output, 'boolean') || typeIs(output, 'array')) {
    return { ...output, ...keep };
  }
  if (typeIs(input, 'string') && Array.isArray(input.enum) && input.enum.includes('true') && input.enum.includes('false')) {
    return { type: 'boolean', ...keep, ...dflt };
  }
  if (typeIs(input, 'string') && input.pattern && INTEGER_PATTERNS.has(input.pattern)) {
    return { type: 'integer', ...keep, ...dflt };
  }
  return input;
}

function objectParts(schema: z.ZodType, slot: Slot): { properties: Record<string, JsonSchema>; required: string[]; defs: Record<string, JsonSchema> } {
  const input = jsonSchemaOf(schema, 'input');
  if (input.type !== 'object' || !input.properties) throw new Error(`tool input: the ${slot} schema must be a zod object`);
  let properties = input.properties;
  if (slot !== 'body') {
    const output = jsonSchemaOf(schema, 'output');
    properties = Object.fromEntries(
      Object.entries(input.properties).map(([name, s]) => [name, typedStringParameter(s, output.properties?.[name])]),
    );
  }
  return { properties, required: input.required ?? [], defs: input.$defs ?? {} };
}

/**
 * Merges a route's `params`, `query` and `body` schemas into one tool input
 * schema. Two parts naming the same property is a route-table error, found
 * at start-up.
 */
export function routeInputLayout(route: Pick<RouteDef, 'operationId' | 'params' | 'query' | 'body'>): RouteInputLayout {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const defs: Record<string, JsonSchema> = {};
  const slots: Record<string, Slot> = {};
  for (const slot of ['params', 'query', 'body'] as const) {
    const part = route[slot];
    if (!part) continue;
    const parts = objectParts(part, slot);
    for (const [name, s] of Object.entries(parts.properties)) {
      if (slots[name]) throw new Error(`${route.operationId}: "${name}" is in both ${slots[name]} and ${slot}`);
      slots[name] = slot;
      properties[name] = s;
    }
    required.push(...parts.required);
    for (const [name, d] of Object.entries(parts.defs)) {
      if (defs[name]) throw new Error(`${route.operationId}: two $defs named "${name}"`);
      defs[name] = d;
    }
  }
  const schema: ObjectJsonSchema = { type: 'object', properties, additionalProperties: false };
  if (required.length) schema.required = required;
  if (Object.keys(defs).length) schema.$defs = defs;
  return { schema, slots };
}

/** `additionalProperties: false` removed at every level: results may grow fields without breaking clients. */
export function openObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openObjects);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'additionalProperties' && v === false) continue;
    out[k] = openObjects(v);
  }
  return out;
}

/** A route's success body as an MCP `outputSchema` (object bodies only). */
export function routeOutputSchema(route: Pick<RouteDef, 'response'>): ObjectJsonSchema | undefined {
  if (!route.response) return undefined;
  const out = openObjects(jsonSchemaOf(route.response, 'output')) as JsonSchema;
  return out.type === 'object' && out.properties ? (out as ObjectJsonSchema) : undefined;
}
