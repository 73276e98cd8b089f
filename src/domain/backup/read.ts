import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ValidationError } from '../../errors.ts';
import { BACKUP_LIMITS } from './format.ts';

/**
 * The lines of a gzip-compressed file, each without its newline, with its
 * 1-based number. A line longer than BACKUP_LIMITS.lineBytes is refused
 * before it is held whole (a crafted file cannot make the reader buffer
 * without end); a file that is not gzip is refused as such.
 */
export async function* gzipLines(input: Readable, limit: number = BACKUP_LIMITS.lineBytes): AsyncGenerator<{ line: string; number: number }> {
  const gunzip = createGunzip();
  input.on('error', (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  let parts: Buffer[] = [];
  let held = 0;
  let number = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let start = 0;
      for (let nl = chunk.indexOf(10, start); nl >= 0; nl = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, nl);
        if (held + piece.length > limit) throw tooLong(number + 1, limit);
        parts.push(piece);
        number++;
        yield { line: Buffer.concat(parts).toString('utf8'), number };
        parts = [];
        held = 0;
        start = nl + 1;
      }
      const rest = chunk.subarray(start);
      if (held + rest.length > limit) throw tooLong(number + 1, limit);
      if (rest.length > 0) {
        // Copied: the gunzip chunk's memory is reused.
        parts.push(Buffer.from(rest));
        held += rest.length;
      }
    }
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') {
      throw new ValidationError('file', 'the file is not a tasksvc backup (not gzip data, or cut short)', 'not_a_backup');
    }
    throw err;
  } finally {
    input.unpipe(gunzip);
    gunzip.destroy();
  }
  if (held > 0) {
    number++;
    yield { line: Buffer.concat(parts).toString('utf8'), number };
  }
}

function tooLong(number: number, limit: number) {
  return new ValidationError(`line ${number}`, `line ${number} of the backup is longer than ${limit} bytes`, 'too_long');
}
