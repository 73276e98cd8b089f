import type { JsonSchema } from '../../mcp/input-schema.ts';
import type { ToolDef } from '../../mcp/tool-catalog.ts';

// Command-line options generated from a tool's input schema (itself derived
// from the route's zod schemas), so the CLI offers exactly the route's
// parameters. Values are converted to the schema's type where they clearly
// are one (`--limit 5` → 5); anything else is sent as given, and the route's
// validation answers with a 400 naming the field.

/** One generated option and the tool argument it fills. */
export interface OptionBinding {
  /** Tool argument (route field) name. */
  property: string;
  /** Commander flags: `--project-id <id>`. */
  flags: string;
  /** Commander's attribute name for the flag (`projectId`). */
  attribute: string;
  help: string;
  parse: (raw: string) => unknown;
}

/** Flags every client command has for itself. */
const RESERVED = new Set(['--url', '--key', '--json', '--help']);

const kebab = (name: string) => name.replace(/_/g, '-').replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const camel = (flag: string) => flag.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** The alternatives of a schema: `anyOf` members, or one per entry of a `type` list. */
function variants(s: JsonSchema): JsonSchema[] {
  if (Array.isArray(s.anyOf)) return s.anyOf as JsonSchema[];
  if (Array.isArray(s.type)) return s.type.map((type) => ({ ...s, type }));
  return [s];
}

function jsonOrRaw(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function scalarParser(s: JsonSchema): (raw: string) => unknown {
  const types = variants(s).map((v) => v.type);
  if (types.includes('integer') || types.includes('number')) return (raw) => (/^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : raw);
  if (types.includes('boolean')) return (raw) => (raw === 'true' ? true : raw === 'false' ? false : raw);
  if (types.includes('array')) {
    const item = scalarParser((variants(s).find((v) => v.type === 'array')?.items ?? {}) as JsonSchema);
    return (raw) => (raw.trim().startsWith('[') ? jsonOrRaw(raw) : raw.split(',').map((x) => x.trim()).filter(Boolean).map(item));
  }
  if (types.includes('object')) return jsonOrRaw;
  return (raw) => raw;
}

/**
 * Stands for JSON `null` while commander holds the value: commander turns
 * a parser's `null` into an empty string. {@link optionValue} maps it back.
 */
export const NULL_VALUE = Symbol('null');

/** A parsed option value as a tool argument. */
export function optionValue(v: unknown): unknown {
  return v === NULL_VALUE ? null : v;
}

/** Parser of one option value by its JSON Schema; `null` clears a nullable field. */
export function valueParser(s: JsonSchema): (raw: string) => unknown {
  const nullable = variants(s).some((v) => v.type === 'null');
  const base = scalarParser({ ...s, anyOf: variants(s).filter((v) => v.type !== 'null') });
  return (raw) => (nullable && raw === 'null' ? NULL_VALUE : base(raw));
}

function placeholder(name: string, s: JsonSchema): string {
  const v = variants(s).find((x) => x.type !== 'null') ?? s;
  if (v.type === 'integer' || v.type === 'number') return name.endsWith('id') || name.endsWith('Id') ? '<id>' : '<n>';
  if (v.type === 'boolean') return '<true|false>';
  if (v.type === 'array') return (v.items as JsonSchema | undefined)?.type === 'object' ? '<json>' : '<a,b,...>';
  if (v.type === 'object') return '<json>';
  return '<value>';
}

function helpOf(s: JsonSchema, required: boolean): string {
  const v = variants(s).find((x) => x.type !== 'null') ?? s;
  const parts = [s.description ?? v.description ?? ''];
  if (Array.isArray(v.enum)) parts.push(`(one of: ${v.enum.join(', ')})`);
  if (variants(s).some((x) => x.type === 'null')) parts.push('("null" clears)');
  if (required) parts.push('(required)');
  return parts.filter(Boolean).join(' ').replace(/`/g, '');
}

/**
 * The options of a tool's arguments, minus `skip`. When two arguments
 * spell the same flag (`sectionId` and its alias `section_id`), the first
 * one in the schema wins.
 */
export function toolOptions(tool: ToolDef, skip: string[] = []): OptionBinding[] {
  const seen = new Set(RESERVED);
  const required = new Set(tool.inputSchema.required ?? []);
  const out: OptionBinding[] = [];
  for (const [property, s] of Object.entries(tool.inputSchema.properties)) {
    if (skip.includes(property)) continue;
    const flag = `--${kebab(property)}`;
    if (seen.has(flag)) continue;
    seen.add(flag);
    out.push({
      property,
      flags: `${flag} ${placeholder(property, s)}`,
      attribute: camel(flag.slice(2)),
      help: helpOf(s, required.has(property)),
      parse: valueParser(s),
    });
  }
  return out;
}
