#!/usr/bin/env bash
# The test command (README, .ci/run): typecheck, then the whole suite against real Postgres, Redis
# and Temporal (scripts/with-infra.sh provides them). Extra arguments go to jest.
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsc --noEmit -p .
exec bash scripts/with-infra.sh npx jest "$@"
