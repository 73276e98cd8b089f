import type { RouteDef } from '../http/route.ts';
import { toolRoutes } from '../http/routes/tools/index.ts';
import { type JsonSchema, type ObjectJsonSchema, type RouteInputLayout, routeInputLayout, routeOutputSchema } from './input-schema.ts';
import { type RouteCall, ToolInputError, toRouteCall } from './route-call.ts';
import { TOOL_ANNOTATIONS, type ToolHints, fallbackHints } from './tool-annotations.ts';
import { TOOL_GUIDANCE } from './tool-guidance.ts';

// The MCP tools are the tool routes (`/api/mcp/*`): one tool per route,
// named by its `operationId`, so a route added to the table is a tool at
// once. Two spec 4.1 names do not map one-to-one and are declared here:
// `tasksvc_section` serves two routes through an `action` argument, and
// `tasksvc_get_tasks` is a second name of the task list route.

/** Routes served as one tool, chosen by its `action` argument. */
export const ACTION_TOOLS: Record<string, Record<string, string>> = {
  tasksvc_section: { list: 'tasksvc_section_list', create: 'tasksvc_section_create' },
};

/** Second tool names of a route. */
export const TOOL_ALIASES: Record<string, string> = { tasksvc_get_tasks: 'tasksvc_list_tasks' };

/** MCP tool annotations (spec 2025-06-18 `ToolAnnotations`). */
export interface ToolAnnotations extends ToolHints {
  openWorldHint: false;
}

/** One MCP tool: its listing and how its arguments become a route request. */
export interface ToolDef {
  name: string;
  title: string;
  description: string;
  inputSchema: ObjectJsonSchema;
  outputSchema?: ObjectJsonSchema;
  annotations: ToolAnnotations;
  /** The routes behind the tool (one, or one per action). */
  routes: RouteDef[];
  /** The route request of a call's arguments; throws {@link ToolInputError}. */
  toCall(args: Record<string, unknown>): RouteCall;
}

/** Every tool, in route-table order, with lookup by name. */
export interface ToolCatalog {
  tools: ToolDef[];
  get(name: string): ToolDef | undefined;
}

function annotationsOf(name: string, route: RouteDef): ToolAnnotations {
  return { ...(TOOL_ANNOTATIONS[name] ?? fallbackHints(route.summary, route.method)), openWorldHint: false };
}

/** The route's reference text: summary, then description. */
function routeText(route: RouteDef): string {
  return [route.summary, route.description].filter(Boolean).join(' ');
}

function describe(name: string, reference: string): string {
  const guidance = TOOL_GUIDANCE[name];
  return guidance ? `${guidance}\n\n${reference}` : reference;
}

function singleRouteTool(name: string, route: RouteDef): ToolDef {
  const layout = routeInputLayout(route);
  const annotations = annotationsOf(name, route);
  const outputSchema = routeOutputSchema(route);
  return {
    name,
    title: annotations.title,
    description: describe(name, `${routeText(route)} (${route.method} /api/mcp${route.path})`),
    inputSchema: layout.schema,
    ...(outputSchema ? { outputSchema } : {}),
    annotations,
    routes: [route],
    toCall: (args) => toRouteCall(route, layout, args),
  };
}

function actionTool(name: string, actions: Record<string, RouteDef>): ToolDef {
  const layouts = Object.fromEntries(Object.entries(actions).map(([a, r]) => [a, routeInputLayout(r)])) as Record<string, RouteInputLayout>;
  const names = Object.keys(actions);
  const properties: Record<string, JsonSchema> = {
    action: { type: 'string', enum: names, description: `What to do: ${names.map((a) => `\`${a}\``).join(' or ')}.` },
  };
  const usedBy: Record<string, string[]> = {};
  for (const [action, layout] of Object.entries(layouts)) {
    for (const [prop, s] of Object.entries(layout.schema.properties)) {
      if (properties[prop] && JSON.stringify(properties[prop]) !== JSON.stringify(s)) {
        throw new Error(`MCP tool ${name}: "${prop}" differs between its actions`);
      }
      usedBy[prop] = [...(usedBy[prop] ?? []), action];
      properties[prop] = s;
    }
  }
  for (const [prop, acts] of Object.entries(usedBy)) {
    if (acts.length < names.length) {
      const s = properties[prop];
      properties[prop] = { ...s, description: `(${acts.map((a) => `\`${a}\``).join(', ')} only) ${s.description ?? ''}`.trim() };
    }
  }
  const requiredEverywhere = Object.keys(usedBy).filter((p) => names.every((a) => layouts[a].schema.required?.includes(p)));
  const hints = TOOL_ANNOTATIONS[name] ?? fallbackHints(name, names.some((a) => actions[a].method !== 'GET') ? 'POST' : 'GET');
  const reference = names
    .map((a) => `action "${a}" (${actions[a].method} /api/mcp${actions[a].path}): ${routeText(actions[a])}`)
    .join('\n');
  return {
    name,
    title: hints.title,
    description: describe(name, reference),
    inputSchema: { type: 'object', properties, required: ['action', ...requiredEverywhere], additionalProperties: false },
    annotations: { ...hints, openWorldHint: false },
    routes: names.map((a) => actions[a]),
    toCall: (args) => {
      const action = args.action;
      if (typeof action !== 'string' || !actions[action]) {
        throw new ToolInputError('action', `action is required: ${names.map((a) => `"${a}"`).join(' or ')}.`, 'required');
      }
      for (const prop of Object.keys(args)) {
        if (prop !== 'action' && usedBy[prop] && !usedBy[prop].includes(action)) {
          throw new ToolInputError(prop, `${prop} applies to action ${usedBy[prop].join(', ')}, not ${action}.`, 'not_for_action');
        }
      }
      return toRouteCall(actions[action], layouts[action], args, ['action']);
    },
  };
}

/**
 * Builds the tools of a route table. Fails at start-up when a grouped or
 * aliased route is missing, so a renamed route cannot silently drop a tool.
 */
export function buildToolCatalog(routes: RouteDef[]): ToolCatalog {
  const byOperation = new Map(routes.map((r) => [r.operationId, r]));
  const grouped = new Map<string, string>(); // operationId → action tool name
  for (const [tool, actions] of Object.entries(ACTION_TOOLS)) {
    for (const op of Object.values(actions)) {
      if (!byOperation.has(op)) throw new Error(`MCP tool ${tool}: no route ${op}`);
      grouped.set(op, tool);
    }
  }
  const tools: ToolDef[] = [];
  const emitted = new Set<string>();
  for (const route of routes) {
    const group = grouped.get(route.operationId);
    if (group) {
      if (emitted.has(group)) continue;
      const actions = Object.fromEntries(Object.entries(ACTION_TOOLS[group]).map(([a, op]) => [a, byOperation.get(op)!]));
      tools.push(actionTool(group, actions));
      emitted.add(group);
      continue;
    }
    tools.push(singleRouteTool(route.operationId, route));
    for (const [alias, target] of Object.entries(TOOL_ALIASES)) {
      if (target === route.operationId) tools.push(singleRouteTool(alias, route));
    }
  }
  for (const [alias, target] of Object.entries(TOOL_ALIASES)) {
    if (!byOperation.has(target)) throw new Error(`MCP tool ${alias}: no route ${target}`);
  }
  const names = new Set<string>();
  for (const t of tools) {
    if (names.has(t.name)) throw new Error(`Duplicate MCP tool ${t.name}`);
    names.add(t.name);
  }
  const index = new Map(tools.map((t) => [t.name, t]));
  return { tools, get: (name) => index.get(name) };
}

let defaultCatalog: ToolCatalog | undefined;

/** The tools of the tool-route table (`src/http/routes/tools`), built once. */
export function toolCatalog(): ToolCatalog {
  defaultCatalog ??= buildToolCatalog(toolRoutes);
  return defaultCatalog;
}
