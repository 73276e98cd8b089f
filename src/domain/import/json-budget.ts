import { ValidationError } from '../../errors.ts';

/**
 * A streaming check of JSON text against nesting and string budgets, fed
 * chunk by chunk before the parser sees the chunk: a file nesting deeper
 * than `maxDepth`, or holding one string longer than `maxString`
 * characters, is refused with its field (`file`) before the parser would
 * hold it. It tracks only whether it is inside a string, the depth and the
 * current string's length: constant memory whatever the file.
 */
export class JsonBudget {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private stringLength = 0;

  constructor(
    private readonly maxDepth: number,
    private readonly maxString: number,
  ) {}

  /** Checks the next chunk of text; throws VALIDATION on `file` past a budget. */
  check(chunk: string): void {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c) this.escaped = true;
        else if (c === 0x22) this.inString = false;
        if (++this.stringLength > this.maxString) {
          throw new ValidationError('file', `the file holds a string longer than ${this.maxString} characters`, 'too_long');
        }
      } else if (c === 0x22) {
        this.inString = true;
        this.stringLength = 0;
      } else if (c === 0x7b || c === 0x5b) {
        if (++this.depth > this.maxDepth) throw new ValidationError('file', `the file nests deeper than ${this.maxDepth} levels`, 'too_deep');
      } else if (c === 0x7d || c === 0x5d) this.depth--;
    }
  }
}
