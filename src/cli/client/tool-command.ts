import type { Command } from 'commander';
import { NotTasksvcError, httpRouteExecutor } from '../../mcp/http-executor.ts';
import { ToolInputError } from '../../mcp/route-call.ts';
import { type ToolDef, toolCatalog } from '../../mcp/tool-catalog.ts';
import { type RouteErrorBody, routeErrorOf } from '../../mcp/tool-result.ts';
import { ClientSetupError, type ConnectionOptions, resolveService, withConnectionOptions } from './connection.ts';
import { optionValue, toolOptions } from './tool-options.ts';

// A client command is one tool: its options are the tool's arguments
// (generated from the route schemas), it calls the tool route over HTTP,
// prints the answer as a table (or the route's JSON with --json) and turns
// route errors into one clear line and exit status 1.

/** A positional argument and the tool arguments it fills. */
export interface PositionalArg {
  /** Commander syntax: `<task>`, `[title]`, `<ids...>`. */
  syntax: string;
  description: string;
  apply: (value: any, args: Record<string, unknown>) => void;
}

/** How a command uses its tool. */
export interface ToolCommandSpec {
  tool: string;
  description: string;
  args?: PositionalArg[];
  /** Arguments always sent (e.g. `action: "list"`), not offered as options. */
  fixed?: Record<string, unknown>;
  /** Tool arguments not offered as options (covered by a positional argument, or meaningless here). */
  hide?: string[];
  /** Human output of a success body. */
  render: (body: any) => string;
  /** Extra help text after the options. */
  example?: string;
}

/** `<task>`: a number is a `task_id`, anything else a `ticket_number` (`ABC-12`). */
export const taskArg: PositionalArg = {
  syntax: '<task>',
  description: 'task id (number) or ticket number such as ABC-12',
  apply: (value: string, args) => {
    if (/^\d+$/.test(value)) args.task_id = Number(value);
    else args.ticket_number = value;
  },
};

/** What a failed call prints: the route's error and a sentence saying what to do. */
export function describeFailure(status: number | null, e: RouteErrorBody): string {
  const field = e.details.field;
  switch (status) {
    case 401:
      return `API key rejected (401): ${e.message} Check TASKSVC_API_KEY or --key.`;
    case 404:
      return `Not found (404): ${e.message}${field ? ` (field ${field})` : ''}`;
    case 400:
      return `Invalid ${field ?? 'request'} (400): ${e.message}`;
    case 429:
      return `Rate limited (429): ${e.message}`;
    default:
      return `${e.error}${status ? ` (${status})` : ''}: ${e.message}${field ? ` (field ${field})` : ''}`;
  }
}

function printFailure(json: boolean, status: number | null, e: RouteErrorBody) {
  if (json) process.stdout.write(`${JSON.stringify({ error: e.error, status, message: e.message, details: e.details })}\n`);
  else process.stderr.write(`error: ${describeFailure(status, e)}\n`);
  process.exitCode = 1;
}

const failure = (error: string, message: string, field: string | null = null, code = 'error'): RouteErrorBody => ({
  error,
  message,
  details: { field, code },
});

async function runTool(tool: ToolDef, args: Record<string, unknown>, o: ConnectionOptions & { json?: boolean }, spec: ToolCommandSpec) {
  const json = !!o.json;
  let service;
  try {
    service = resolveService(o);
  } catch (err) {
    if (err instanceof ClientSetupError) return printFailure(json, null, failure('CLIENT', err.message));
    throw err;
  }
  let call;
  try {
    call = tool.toCall(args);
  } catch (err) {
    if (err instanceof ToolInputError) return printFailure(json, 400, failure('VALIDATION', err.message, err.field, err.code));
    throw err;
  }
  let res;
  try {
    res = await httpRouteExecutor(service)(call);
  } catch (err) {
    if (err instanceof NotTasksvcError) return printFailure(json, err.status, failure('NOT_TASKSVC', err.message));
    const cause = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    return printFailure(json, null, failure('UNAVAILABLE', `Cannot reach tasksvc at ${service.url}: ${cause}`));
  }
  if (res.status < 200 || res.status >= 300) return printFailure(json, res.status, routeErrorOf(res));
  process.stdout.write(json ? `${JSON.stringify(res.body)}\n` : `${spec.render(res.body)}\n`);
}

/** Adds `name` under `parent` as a command running `spec.tool`. */
export function toolCommand(parent: Command, name: string, spec: ToolCommandSpec): Command {
  const tool = toolCatalog().get(spec.tool);
  const cmd = parent.command(name).description(spec.description);
  for (const a of spec.args ?? []) cmd.argument(a.syntax, a.description);
  const bindings = tool ? toolOptions(tool, [...(spec.hide ?? []), ...Object.keys(spec.fixed ?? {})]) : [];
  for (const b of bindings) cmd.option(b.flags, b.help, b.parse);
  withConnectionOptions(cmd).option('--json', "print the route's JSON answer instead of a table");
  if (spec.example) cmd.addHelpText('after', `\nExample:\n  ${spec.example}`);
  cmd.action(async (...actionArgs: unknown[]) => {
    const command = actionArgs[actionArgs.length - 1] as Command;
    const o = command.opts<Record<string, unknown> & ConnectionOptions & { json?: boolean }>();
    if (!tool) return printFailure(!!o.json, null, failure('CLIENT', `This tasksvc build has no tool ${spec.tool}.`));
    const args: Record<string, unknown> = { ...(spec.fixed ?? {}) };
    for (const b of bindings) if (o[b.attribute] !== undefined) args[b.property] = optionValue(o[b.attribute]);
    (spec.args ?? []).forEach((a, i) => {
      const value = command.processedArgs[i];
      if (value !== undefined) a.apply(value, args);
    });
    await runTool(tool, args, o, spec);
  });
  return cmd;
}
