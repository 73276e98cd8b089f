import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { SERVICE_VERSION } from '../version.ts';
import { type RouteExecutor, ToolInputError } from './route-call.ts';
import { type ToolCatalog, type ToolDef, toolCatalog } from './tool-catalog.ts';
import { inputErrorResult, routeErrorResult, successResult, unreachableResult } from './tool-result.ts';

const INSTRUCTIONS =
  'tasksvc: task boards (projects) with sections (columns), tasks, comments, assignees and an inbox. ' +
  'Start with tasksvc_get_user_context (who you are, your teams) and tasksvc_list_projects (board ids). ' +
  'A task is named by exactly one of: task_id; ticket_number such as "ABC-12" (plus project_id when ambiguous); ' +
  'project_id with unique_index. Descriptions and comment text are HTML unless content_type is "markdown". ' +
  'Failed calls come back as tool errors naming the offending field; fix that argument and retry.';

/** A tool as `tools/list` shows it. */
export function listedTool(t: ToolDef): Tool {
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema as Tool['inputSchema'],
    ...(t.outputSchema ? { outputSchema: t.outputSchema as Tool['outputSchema'] } : {}),
    annotations: t.annotations,
  };
}

/**
 * An MCP server whose tools run the tool routes through `execute` (HTTP
 * for `tasksvc mcp`, in-process for `/mcp`).
 *
 * The tools are served with `tools/list` and `tools/call` handlers on the
 * McpServer's underlying server rather than `registerTool`: registerTool
 * takes zod shapes and validates arguments itself, with its own messages.
 * Here the input JSON Schemas are derived from the routes' zod schemas
 * (src/mcp/input-schema.ts) and the route stays the one validator, so a bad
 * argument gets exactly the message and field name the REST caller gets.
 */
export function createMcpServer(execute: RouteExecutor, catalog: ToolCatalog = toolCatalog()): McpServer {
  const mcp = new McpServer(
    { name: 'tasksvc', title: 'tasksvc', version: SERVICE_VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: catalog.tools.map(listedTool) }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = catalog.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${request.params.name}`);
    let call;
    try {
      call = tool.toCall(request.params.arguments ?? {});
    } catch (err) {
      if (err instanceof ToolInputError) return inputErrorResult(err);
      throw err;
    }
    let res;
    try {
      res = await execute(call);
    } catch (err) {
      return unreachableResult(err);
    }
    return res.status >= 200 && res.status < 300 ? successResult(res.body) : routeErrorResult(res);
  });
  return mcp;
}
