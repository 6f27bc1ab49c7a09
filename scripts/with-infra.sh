#!/usr/bin/env bash
# Runs a command with real Postgres and Redis available as TEST_DATABASE_URL and TEST_REDIS_URL,
# and the Temporal CLI as TEMPORAL_CLI_PATH. The test command and the benchmarks go through it.
#
# Uses TEST_DATABASE_URL / TEST_REDIS_URL when set. Otherwise it starts a throwaway Postgres
# cluster and Redis server from the installed binaries (Debian: postgresql, redis-server) on free
# ports under a temporary directory, and stops them afterwards. Temporal is started by the suite
# itself (test/support/global-setup.ts), from the CLI that scripts/ensure-temporal-cli.sh finds or builds.
set -euo pipefail
cd "$(dirname "$0")/.."

workdir="$(mktemp -d -t vd-test-infra-XXXXXX)"
pids=()
cleanup() {
  # As the cluster's owner: pg_ctl refuses to run as root, and a server left running would only
  # notice its deleted directory a minute later.
  if [[ -n "${PGBIN:-}" && -d "$workdir/pg" ]]; then run "'$PGBIN/pg_ctl' -D '$workdir/pg' -m immediate stop >/dev/null 2>&1" || true; fi
  for pid in "${pids[@]:-}"; do [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true; done
  rm -rf "$workdir"
}
trap cleanup EXIT

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

if [[ -z "${TEST_DATABASE_URL:-}" ]]; then
  PGBIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
  [[ -z "$PGBIN" ]] && PGBIN="$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/initdb)")"
  if [[ ! -x "$PGBIN/initdb" ]]; then
    echo "Postgres is needed for the tests: install it (apt-get install postgresql) or set TEST_DATABASE_URL" >&2
    exit 1
  fi
  export PGBIN
  pgport="$(free_port)"
  runas=()
  if [[ "$(id -u)" == "0" ]]; then
    # initdb refuses to run as root; the cluster belongs to the postgres user Debian creates.
    chown -R postgres "$workdir" 2>/dev/null || true
    runas=(su postgres -s /bin/bash -c)
  fi
  run() { if [[ ${#runas[@]} -gt 0 ]]; then "${runas[@]}" "$*"; else bash -c "$*"; fi; }
  run "'$PGBIN/initdb' -D '$workdir/pg' -U postgres --auth=trust -E UTF8 >/dev/null"
  run "'$PGBIN/pg_ctl' -D '$workdir/pg' -o \"-p $pgport -k '$workdir' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300\" -w start >/dev/null"
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$pgport/postgres"
fi

if [[ -z "${TEST_REDIS_URL:-}" ]]; then
  if ! command -v redis-server >/dev/null 2>&1; then
    echo "Redis is needed for the tests: install it (apt-get install redis-server) or set TEST_REDIS_URL" >&2
    exit 1
  fi
  redisport="$(free_port)"
  redis-server --port "$redisport" --bind 127.0.0.1 --save '' --appendonly no --daemonize no >/dev/null &
  pids+=("$!")
  for _ in $(seq 50); do redis-cli -p "$redisport" ping >/dev/null 2>&1 && break; sleep 0.1; done
  export TEST_REDIS_URL="redis://127.0.0.1:$redisport"
fi

# Build (once) or find the Temporal CLI before jest starts, so its output is not mixed in.
TEMPORAL_CLI_PATH="$(bash scripts/ensure-temporal-cli.sh)"
export TEMPORAL_CLI_PATH

"$@"
