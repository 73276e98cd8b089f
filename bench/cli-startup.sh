#!/usr/bin/env bash
# CLI start-up times with hyperfine (Debian: apt-get install hyperfine): the
# installed `tasksvc` (bin/tasksvc.js → dist/main.js) against `node -e 0`.
# Targets: --version and --help ≤ 2× node -e 0; a client command ≤ 1 s on an
# idle machine. A client command needs a running service: pass its URL and
# key (TASKSVC_URL, TASKSVC_API_KEY), else that row is skipped.
# With a service given, `tasksvc mcp` ready time too (bench/mcp-startup.ts).
# Prints the machine's load before and after: times on a busy machine are noise.
# --smoke runs each command once (no hyperfine needed) and fails if one fails.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build.mjs --service-only --quiet
cmds=("node -e 0" "node bin/tasksvc.js --version" "node bin/tasksvc.js --help")
service=""
if [[ -n "${TASKSVC_URL:-}" && -n "${TASKSVC_API_KEY:-}" ]]; then
  cmds+=("node bin/tasksvc.js projects list --json")
  service=1
fi
if [[ "${1:-}" == "--smoke" ]]; then
  for c in "${cmds[@]}"; do $c >/dev/null; echo "ok: $c"; done
  if [[ -n "$service" ]]; then npx tsx bench/mcp-startup.ts 1; fi
  exit 0
fi
command -v hyperfine >/dev/null || { echo "hyperfine is missing: apt-get install -y hyperfine" >&2; exit 1; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores, node $(node --version)"
hyperfine --warmup 3 --runs "${RUNS:-20}" --export-markdown "${OUT:-/dev/stdout}" -N "${cmds[@]}"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ -n "$service" ]]; then npx tsx bench/mcp-startup.ts "${RUNS:-10}"; fi
