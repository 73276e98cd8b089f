import { InvalidArgumentError } from 'commander';

/**
 * A commander parser for a whole number in [min, max]: `--id abc` stops at
 * argument parsing with a usage error naming the option, before any
 * database or network work (never a driver error about NaN).
 */
export function integerOption(what: string, min = 1, max = Number.MAX_SAFE_INTEGER): (raw: string) => number {
  return (raw) => {
    const value = /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      throw new InvalidArgumentError(`${what} must be a whole number from ${min} to ${max}.`);
    }
    return value;
  };
}
