import { type ArgumentNode, type DocumentNode, type ExecutionArgs, type ExecutionResult, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { inputError, nulCharacterError } from '../domain/text-input.ts';
import type { ValidationError } from '../errors.ts';

/** argumentWithNul's answer per document: a cached document is walked once, not per request. */
const nulArguments = new WeakMap<DocumentNode, string | null>();

/** The first argument whose literal value holds a NUL character, by name. */
function argumentWithNul(document: DocumentNode): string | null {
  const known = nulArguments.get(document);
  if (known !== undefined) return known;
  let found: string | null = null;
  const args: ArgumentNode[] = [];
  visit(document, {
    Argument: { enter: (node) => void args.push(node), leave: () => void args.pop() },
    StringValue(node) {
      if (found === null && node.value.includes('\u0000')) found = args.at(-1)?.name.value ?? 'query';
    },
  });
  nulArguments.set(document, found);
  return found;
}

/**
 * The VALIDATION error for an operation's variables nested too deep, or for
 * the first NUL character in its variables or literals; null when neither.
 */
export function nulError(args: Pick<ExecutionArgs, 'document' | 'variableValues'>): ValidationError | null {
  const inVariables = inputError(args.variableValues ?? {}, 'variables');
  if (inVariables) return inVariables;
  const argument = argumentWithNul(args.document);
  return argument ? nulCharacterError(argument) : null;
}

/**
 * A yoga plugin that refuses an operation whose variables or string
 * literals contain U+0000 (PostgreSQL text cannot store it) with a
 * VALIDATION error naming the variable or argument, before it executes.
 */
export function nulGuardPlugin(): Plugin {
  const guard = ({ args, setResultAndStopExecution }: { args: ExecutionArgs; setResultAndStopExecution(r: ExecutionResult): void }) => {
    const error = nulError(args);
    if (error) setResultAndStopExecution({ errors: [error] });
  };
  return { onExecute: guard, onSubscribe: guard };
}
