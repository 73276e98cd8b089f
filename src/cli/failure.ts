import { CommanderError } from 'commander';

/**
 * How a failed command ends: its exit code and what it prints. A usage error
 * (commander has already printed it on stderr) keeps commander's exit code
 * and, with `--json`, is also one JSON object on stdout; any other error is
 * one line (`error: …`, or `{error, message}` with `--json`) and exit 1,
 * never a stack. The CLI and the control channel's server (which runs the
 * same commands for a client) end commands this way.
 */
export function commandFailure(err: unknown, json: boolean): { code: number; stdout?: string; stderr?: string } {
  if (err instanceof CommanderError) {
    const message = err.message.replace(/^error: /, '');
    return {
      code: err.exitCode,
      stdout: json && err.exitCode !== 0 ? `${JSON.stringify({ error: 'USAGE', message })}\n` : undefined,
    };
  }
  const message = err instanceof Error ? err.message : String(err);
  const code = typeof (err as { code?: unknown }).code === 'string' ? (err as { code: string }).code : 'ERROR';
  return json
    ? { code: 1, stdout: `${JSON.stringify({ error: code, message })}\n` }
    : { code: 1, stderr: `error: ${message}\n` };
}
