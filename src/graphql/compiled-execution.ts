import { type DocumentNode, type ExecutionArgs, type ExecutionResult, GraphQLError, type GraphQLSchema, type Source, execute } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';

/** A result as graphql-js's `execute` answers it: at once or later. */
type MaybePromise<T> = T | Promise<T>;

/** An operation compiled by graphql-jit, and how its errors become graphql-js's. */
export interface CompiledOperation {
  query: CompiledQuery;
  /** graphql-jit's errors of this document as graphql-js would have raised them (see {@link asGraphQLJsErrors}). */
  errors(errors: readonly GraphQLError[]): GraphQLError[];
}

interface Slot {
  /** Executions so far through graphql-js, before the document earned its compilation. */
  uses: number;
  /** The compiled operation; null when graphql-jit cannot run it (then graphql-js always does). */
  query?: CompiledOperation | null;
}

/**
 * Query and mutation documents run by graphql-jit's compiled form of them
 * instead of graphql-js's interpreter: the document is turned into one
 * JavaScript function once, which then skips graphql-js's per-request walk
 * of the selection (field collection, argument coercion from the AST,
 * resolver-info objects, completion by type) on every later execution.
 *
 * Compiled per document object (a WeakMap: a document dropped by its cache
 * drops its compiled form too) and operation name, after `compileAfter`
 * executions by graphql-js: a fixed route document (0) compiles on its first
 * run, a caller's document (/graphql, graphql-ws) only once it is repeated,
 * so a stream of distinct documents costs their interpretation, never a
 * compilation each. Subscriptions are left to graphql-js (graphql-jit
 * compiles only their source stream, and this service runs them through
 * ./shared-subscribe.ts), and so is any document graphql-jit refuses to
 * compile.
 */
export class CompiledExecution {
  private readonly slots = new WeakMap<DocumentNode, Map<string, Slot>>();

  constructor(
    readonly schema: GraphQLSchema,
    private readonly compileAfter = 0,
  ) {}

  /** Executes like graphql-js's `execute` (the same arguments and result), compiled when the document qualifies. */
  readonly execute = (args: ExecutionArgs): MaybePromise<ExecutionResult> => {
    const query = args.schema === this.schema ? this.compiled(args.document, args.operationName ?? undefined) : null;
    return query ? runCompiled(query, args, execute) : execute(args);
  };

  /** The compiled operation of `document`, or null while graphql-js runs it (not yet repeated, a subscription, refused). */
  compiled(document: DocumentNode, operationName?: string): CompiledOperation | null {
    let byName = this.slots.get(document);
    if (!byName) {
      byName = new Map();
      this.slots.set(document, byName);
    }
    const key = operationName ?? '';
    let slot = byName.get(key);
    if (!slot) {
      slot = { uses: 0 };
      byName.set(key, slot);
    }
    if (slot.query !== undefined) return slot.query;
    if (slot.uses++ < this.compileAfter) return null;
    slot.query = compileOperation(this.schema, document, operationName);
    return slot.query;
  }
}

/**
 * Runs a compiled operation. When graphql-jit refuses the variables (its
 * coercion runs before anything executes, and only then is the answer
 * without `data`), `fallback` answers instead: graphql-js's coercion
 * words its errors differently (a scalar's own message, the path inside an
 * input object), and callers see graphql-js's, word for word; a value the
 * two coercions disagree on runs as graphql-js decides.
 */
function runCompiled(
  compiled: CompiledOperation,
  args: ExecutionArgs,
  fallback: (args: ExecutionArgs) => MaybePromise<ExecutionResult>,
): MaybePromise<ExecutionResult> {
  const result = compiled.query.query(args.rootValue, args.contextValue, args.variableValues ?? {}) as MaybePromise<ExecutionResult>;
  if (!(result instanceof Promise)) return 'data' in result ? withErrors(result, compiled) : fallback(args);
  return result.then((r) => withErrors(r, compiled));
}

function withErrors(result: ExecutionResult, compiled: CompiledOperation): ExecutionResult {
  return result.errors?.length ? { ...result, errors: compiled.errors(result.errors) } : result;
}

/**
 * graphql-jit's field errors as graphql-js raises them. graphql-jit makes
 * errors of its own class holding only `locations`; graphql-js's hold the
 * source and positions they come from, and whatever rebuilds an error from
 * those (yoga's masking and serialisation, this service's 503 answers)
 * would drop the locations of graphql-jit's. And as graphql-js's
 * `locatedError`, an error that already has a path is answered itself.
 */
export function asGraphQLJsErrors(errors: readonly GraphQLError[], source: Source | undefined): GraphQLError[] {
  let lineStarts: number[] | undefined;
  const positionOf = (line: number, column: number) => {
    if (!lineStarts) {
      lineStarts = [0];
      const body = source?.body ?? '';
      for (let i = 0; i < body.length; i++) if (body.charCodeAt(i) === 10) lineStarts.push(i + 1);
    }
    return (lineStarts[line - 1] ?? 0) + column - 1;
  };
  return errors.map((e) => {
    const original = e.originalError;
    if (original instanceof GraphQLError && Array.isArray(original.path)) return original;
    const positions = source && e.locations?.length ? e.locations.map((l) => positionOf(l.line, l.column)) : undefined;
    return new GraphQLError(e.message, {
      source: positions ? source : undefined,
      positions,
      path: e.path,
      originalError: original ?? undefined,
      // graphql-js takes an error's extensions from the error it wraps; graphql-jit's own errors have none of their own.
      extensions: original ? undefined : e.extensions,
    });
  });
}

function compileOperation(schema: GraphQLSchema, document: DocumentNode, operationName?: string): CompiledOperation | null {
  const operations = document.definitions.filter((d) => d.kind === 'OperationDefinition');
  const operation = operationName ? operations.find((d) => d.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  // No such operation, or an ambiguous one: graphql-js answers the request's error.
  if (!operation || operation.operation === 'subscription') return null;
  try {
    const compiled = compileQuery(schema, document, operationName, {
      // Stacks are for unexpected errors, which carry their own (the resolver's); a refusal
      // (an AppError) needs none, and capturing one per error is most of an error's cost.
      disablingCapturingStackErrors: true,
    });
    if (!isCompiledQuery(compiled)) return null;
    const source = document.loc?.source;
    return { query: compiled, errors: (errors) => asGraphQLJsErrors(errors, source) };
  } catch {
    // graphql-jit throws on what it does not support; graphql-js runs the document as before.
    return null;
  }
}

/**
 * The yoga plugin that runs /graphql's queries and mutations compiled once
 * `compiled` has compiled their document (see {@link CompiledExecution}).
 * Other documents keep yoga's own executor; other plugins' `onExecute`
 * checks run as before; subscriptions keep their own path.
 */
export function compiledExecutionPlugin(compiled: CompiledExecution): Plugin {
  return {
    onExecute: ({ args, executeFn, setExecuteFn }) => {
      if (args.schema !== compiled.schema) return;
      const query = compiled.compiled(args.document, args.operationName ?? undefined);
      if (query) setExecuteFn(((a: ExecutionArgs) => runCompiled(query, a, executeFn as never)) as never);
    },
  };
}
