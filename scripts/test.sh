#!/usr/bin/env bash
# The test command (README, .ci/run): typecheck, lint, then the whole suite against real Postgres,
# Redis and Temporal (scripts/with-infra.sh provides them). Extra arguments go to jest. It ends with
# one plain line of totals, "jest: N passed, N failed, N skipped", for tools that read a run's last line.
set -uo pipefail
cd "$(dirname "$0")/.."
npx tsc --noEmit -p . || exit 1
npm run --silent lint || exit 1

results="$(mktemp -t vd-jest-results-XXXXXX.json)"
bash scripts/with-infra.sh npx jest --json --outputFile="$results" "$@"
status=$?
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`jest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
' "$results" 2>/dev/null || echo "jest: 0 passed, 1 failed"
rm -f "$results"
exit $status
