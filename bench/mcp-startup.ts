// `tasksvc mcp` ready time: the stock MCP SDK client spawns it over stdio and
// completes `initialize` (what a desktop agent waits for; the SDK's default
// request timeout is 60 s), repeated; next to `node -e 0` spawned the same
// way, with the machine's load. Needs a running service: TASKSVC_URL and
// TASKSVC_API_KEY. Usage: TASKSVC_URL=… TASKSVC_API_KEY=… tsx bench/mcp-startup.ts [runs]
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const BIN = new URL('../bin/tasksvc.js', import.meta.url).pathname;
const runs = Number(process.argv[2] ?? 10);
const { TASKSVC_URL, TASKSVC_API_KEY } = process.env;
if (!TASKSVC_URL || !TASKSVC_API_KEY) throw new Error('set TASKSVC_URL and TASKSVC_API_KEY (a running service)');

const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', TASKSVC_URL, TASKSVC_API_KEY, LOG_LEVEL: 'silent' };

async function mcpReady(): Promise<number> {
  const started = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env, stderr: 'ignore' });
  const client = new Client({ name: 'bench', version: '0.0.0' });
  await client.connect(transport);
  const ms = performance.now() - started;
  await client.close();
  return ms;
}

function nodeBaseline(): number {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - started;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], min: s[0], max: s[s.length - 1] };
};

console.log(`load before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}, ${cpus().length} cores, node ${process.version}`);
await mcpReady(); // warm-up (page cache)
const mcp: number[] = [];
const base: number[] = [];
for (let i = 0; i < runs; i++) {
  base.push(nodeBaseline());
  mcp.push(await mcpReady());
}
const m = stats(mcp);
const b = stats(base);
console.log(`node -e 0            median ${b.median.toFixed(0)} ms (min ${b.min.toFixed(0)}, max ${b.max.toFixed(0)})`);
console.log(`tasksvc mcp ready    median ${m.median.toFixed(0)} ms (min ${m.min.toFixed(0)}, max ${m.max.toFixed(0)}), ${(m.median / b.median).toFixed(1)}× node -e 0`);
console.log(`load after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
