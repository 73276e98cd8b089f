// Summarises a V8 CPU profile (`node --cpu-prof`, written by `npm run bench --
// --profile`): where the time went by package (node_modules/<pkg>, src/<dir>,
// node internals) and the hottest functions by self time and by total time.
// Usage: npx tsx bench/diagnostics/profile-summary.ts <file.cpuprofile> [top=25] [--skip <seconds of start-up to leave out>]

import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Which part of the program a script URL belongs to. */
export function ownerOf(url: string): string {
  if (!url) return '(native / idle / gc)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = url.indexOf('/src/');
  if (src >= 0) {
    const parts = url.slice(src + 1).split('/');
    return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith('node:')) return 'node internals';
  return url.replace(/^file:\/\//, '');
}

/** Self and total time (ms) per function and per owner; samples in the first `skipSec` seconds (start-up) are left out. */
export function summarise(profile: CpuProfile, skipSec = 0) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfMs = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at / 1e6 >= skipSec) selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });

  const key = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
  const fnSelf = new Map<string, number>();
  const fnTotal = new Map<string, number>();
  const owners = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of selfMs) {
    const node = byId.get(id)!;
    total += ms;
    const name = node.callFrame.functionName;
    const idle = name === '(idle)' || name === '(program)' || name === '(garbage collector)';
    fnSelf.set(key(node), (fnSelf.get(key(node)) ?? 0) + ms);
    const owner = idle ? name : ownerOf(node.callFrame.url);
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
    // Total time: every distinct function on the stack gets the sample once.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = key(byId.get(cur)!);
      if (seen.has(k)) continue;
      seen.add(k);
      fnTotal.set(k, (fnTotal.get(k) ?? 0) + ms);
    }
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return { totalMs: total, owners: sorted(owners), self: sorted(fnSelf), total: sorted(fnTotal) };
}

if (process.argv[1]?.endsWith('profile-summary.ts')) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: npx tsx bench/diagnostics/profile-summary.ts <file.cpuprofile> [top] [--skip seconds]\n');
    process.exit(2);
  }
  const top = Number(process.argv[3] ?? 25);
  const skipAt = process.argv.indexOf('--skip');
  const s = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, skipAt > 0 ? Number(process.argv[skipAt + 1]) : 0);
  const line = ([name, ms]: [string, number]) => `${ms.toFixed(0).padStart(8)} ms ${((ms / s.totalMs) * 100).toFixed(1).padStart(5)} %  ${name}`;
  process.stdout.write(`profile ${file}: ${s.totalMs.toFixed(0)} ms sampled\n\nBy owner (self time):\n`);
  process.stdout.write(`${s.owners.slice(0, top).map(line).join('\n')}\n\nFunctions by self time:\n`);
  process.stdout.write(`${s.self.slice(0, top).map(line).join('\n')}\n\nFunctions by total time (inclusive):\n`);
  process.stdout.write(`${s.total.slice(0, top).map(line).join('\n')}\n`);
}
