import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { toolRoutes } from '../../src/http/routes/tools/index.ts';
import { qsBool, qsId, qsInt, qsList } from '../../src/http/query-params.ts';
import { jsonSchemaOf, routeInputLayout, typedStringParameter } from '../../src/mcp/input-schema.ts';
import { ToolInputError, toRouteCall } from '../../src/mcp/route-call.ts';
import { TOOL_ANNOTATIONS } from '../../src/mcp/tool-annotations.ts';
import { ACTION_TOOLS, TOOL_ALIASES, buildToolCatalog, toolCatalog } from '../../src/mcp/tool-catalog.ts';
import { TOOL_GUIDANCE } from '../../src/mcp/tool-guidance.ts';
import { SPEC_TOOLS } from './tool-scenario.ts';

const catalog = toolCatalog();

describe('MCP tool catalog (from the tool-route table)', () => {
  it('has every spec tool and serves every tool route', () => {
    const names = catalog.tools.map((t) => t.name);
    for (const name of SPEC_TOOLS) expect(names).toContain(name);
    const served = new Set(catalog.tools.flatMap((t) => t.routes.map((r) => r.operationId)));
    expect([...served].sort()).toEqual(toolRoutes.map((r) => r.operationId).sort());
  });

  it('has true annotations and agent guidance written down for every tool', () => {
    for (const tool of catalog.tools) {
      expect(TOOL_ANNOTATIONS[tool.name], `${tool.name}: add it to src/mcp/tool-annotations.ts`).toBeDefined();
      expect(TOOL_GUIDANCE[tool.name], `${tool.name}: add it to src/mcp/tool-guidance.ts`).toBeDefined();
      expect(tool.annotations.openWorldHint).toBe(false);
      const writes = tool.routes.some((r) => r.method !== 'GET');
      // A tool over a write route cannot be read-only, nor a read-only one destructive.
      expect(tool.annotations.readOnlyHint, tool.name).toBe(!writes);
      if (tool.annotations.readOnlyHint) expect(tool.annotations.destructiveHint, tool.name).toBe(false);
      expect(tool.description.startsWith(TOOL_GUIDANCE[tool.name])).toBe(true);
    }
  });

  it('derives every single-route input schema from the route’s zod schemas', () => {
    for (const route of toolRoutes) {
      const grouped = Object.values(ACTION_TOOLS).some((a) => Object.values(a).includes(route.operationId));
      if (grouped) continue;
      const tool = catalog.get(route.operationId)!;
      expect(tool.inputSchema).toEqual(routeInputLayout(route).schema);
      if (route.body) {
        const body = jsonSchemaOf(route.body, 'input');
        for (const [name, s] of Object.entries(body.properties ?? {})) expect(tool.inputSchema.properties[name]).toEqual(s);
      }
    }
    expect(catalog.get('tasksvc_get_tasks')!.inputSchema).toEqual(catalog.get('tasksvc_list_tasks')!.inputSchema);
    expect(catalog.get('tasksvc_get_tasks')!.routes).toEqual(catalog.get(TOOL_ALIASES.tasksvc_get_tasks)!.routes);
  });

  it('types query-string parameters by what the route parses them into', () => {
    const typed = (s: z.ZodType) => typedStringParameter(jsonSchemaOf(s, 'input'), jsonSchemaOf(s, 'output'));
    expect(typed(qsId())).toMatchObject({ type: 'integer', exclusiveMinimum: 0 });
    expect(typed(qsInt(1, 50))).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 });
    expect(typed(qsInt(1, 500).transform((n) => Math.min(n, 100)).default(50))).toEqual({ type: 'integer', default: 50 });
    expect(typed(qsBool().default(false).describe('hidden?'))).toEqual({ type: 'boolean', default: false, description: 'hidden?' });
    expect(typed(qsList())).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(typed(z.enum(['asc', 'desc']))).toEqual({ type: 'string', enum: ['asc', 'desc'] });
    expect(typed(z.string().regex(/^[a-z]+$/))).toEqual({ type: 'string', pattern: '^[a-z]+$' });
  });

  it('turns arguments into the route request: path, query strings, body', () => {
    const list = catalog.get('tasksvc_list_tasks')!;
    expect(list.toCall({ project_id: 3, labels: ['a', 'b'], has_due_date: false, limit: 5, search: undefined })).toEqual({
      method: 'GET',
      path: '/tasks',
      query: { project_id: '3', labels: 'a,b', has_due_date: 'false', limit: '5' },
    });
    const section = catalog.get('tasksvc_section')!;
    expect(section.toCall({ action: 'create', projectId: 7, title: 'QA' })).toEqual({
      method: 'POST',
      path: '/projects/7/sections',
      query: {},
      body: { title: 'QA' },
    });
    expect(section.toCall({ action: 'list', projectId: 7, include_hidden: true })).toMatchObject({ query: { include_hidden: 'true' } });
    expect(catalog.get('tasksvc_get_user_context')!.toCall({})).toEqual({ method: 'GET', path: '/user/context', query: {} });
  });

  it('refuses what cannot become a request, naming the argument', () => {
    const fail = (name: string, args: Record<string, unknown>) => {
      try {
        catalog.get(name)!.toCall(args);
      } catch (err) {
        expect(err).toBeInstanceOf(ToolInputError);
        return (err as ToolInputError).field;
      }
      throw new Error('expected a ToolInputError');
    };
    expect(fail('tasksvc_list_projects', { colour: 'red' })).toBe('colour');
    expect(fail('tasksvc_list_project_members', {})).toBe('projectId');
    expect(fail('tasksvc_section', { projectId: 1 })).toBe('action');
    expect(fail('tasksvc_section', { action: 'create', projectId: 1, include_hidden: true })).toBe('include_hidden');
  });

  it('fails at start-up when the route table and the tool names disagree', () => {
    const withoutCreate = toolRoutes.filter((r) => r.operationId !== 'tasksvc_section_create');
    expect(() => buildToolCatalog(withoutCreate)).toThrow(/tasksvc_section: no route tasksvc_section_create/);
    const listTasks = toolRoutes.find((r) => r.operationId === 'tasksvc_list_tasks')!;
    const clash = { ...listTasks, operationId: 'tasksvc_x', path: '/x/:search', params: z.object({ search: z.string() }) };
    expect(() => buildToolCatalog([...toolRoutes, clash])).toThrow(/"search" is in both params and query/);
    expect(() => toRouteCall({ method: 'GET', path: '/p/:id' }, { schema: { type: 'object', properties: {} }, slots: {} }, {})).toThrow(
      ToolInputError,
    );
  });

  it('an argument named like an Object.prototype member is unknown, not a slot', () => {
    const layout = { schema: { type: 'object' as const, properties: {} }, slots: { q: 'query' as const } };
    for (const name of ['toString', 'constructor', 'valueOf', '__proto__']) {
      expect(() => toRouteCall({ method: 'GET', path: '/p' }, layout, JSON.parse(`{"${name}": "x"}`))).toThrow(
        expect.objectContaining({ code: 'unknown_argument' }),
      );
    }
  });
});
