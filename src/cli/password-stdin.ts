import { currentControlRun } from '../control/context.ts';

/**
 * The first line of stdin, without its line ending: passwords come from a
 * pipe or a prompt, never from argv (which other users can read in `ps`).
 * Run by a server for a control-channel client: the line that client read.
 */
export async function readPasswordLine(): Promise<string> {
  const run = currentControlRun();
  const line = run ? run.password : await readFirstStdinLine();
  if (!line) throw new Error('--password-stdin: stdin gave no password (expected one line)');
  return line;
}

/** The first line of this process's stdin ('' when it ends first). */
export async function readFirstStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if ((chunk as Buffer).includes(10)) break;
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}
