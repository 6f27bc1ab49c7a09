#!/usr/bin/env bash
# Prints the path of a Temporal CLI binary, building it with Go when none is installed.
# Order: $TEMPORAL_CLI_PATH, `temporal` on PATH, $(go env GOPATH)/bin/temporal, $DATA_DIR/bin/temporal.
# Only that path goes to stdout (callers capture it); progress goes to stderr, and Go's own
# output too unless $TEMPORAL_CLI_BUILD_LOG names a file to append it to.
# Later CLI versions cannot be `go install`ed; v1.5.1 can. Newer Go linkers reject the CLI's
# go:linkname uses unless told not to check them.
set -euo pipefail

VERSION="v1.5.1"
DATA_DIR="${DATA_DIR:-.data}"

found() { echo "$1"; exit 0; }

[[ -n "${TEMPORAL_CLI_PATH:-}" && -x "${TEMPORAL_CLI_PATH}" ]] && found "${TEMPORAL_CLI_PATH}"
command -v temporal >/dev/null 2>&1 && found "$(command -v temporal)"
if command -v go >/dev/null 2>&1; then
  gobin="$(go env GOPATH)/bin/temporal"
  [[ -x "$gobin" ]] && found "$gobin"
fi
[[ -x "$DATA_DIR/bin/temporal" ]] && found "$(cd "$DATA_DIR/bin" && pwd)/temporal"

if ! command -v go >/dev/null 2>&1; then
  echo "no temporal CLI found and no Go toolchain to build one" >&2
  exit 1
fi

mkdir -p "$DATA_DIR/bin"
target="$(cd "$DATA_DIR/bin" && pwd)"
if [[ -n "${TEMPORAL_CLI_BUILD_LOG:-}" ]]; then
  exec 3>>"$TEMPORAL_CLI_BUILD_LOG"
  where=" (Go's output: $TEMPORAL_CLI_BUILD_LOG)"
else
  exec 3>&2
  where=""
fi
started=$SECONDS
echo "building the Temporal CLI $VERSION with Go into $target: first start only, about 3-4 minutes$where..." >&2
# Go 1.23+ knows -checklinkname; an older Go rejects the flag and links without it.
if ! GOBIN="$target" go install -ldflags=-checklinkname=0 "github.com/temporalio/cli/cmd/temporal@$VERSION" >&3 2>&3; then
  GOBIN="$target" go install "github.com/temporalio/cli/cmd/temporal@$VERSION" >&3 2>&3
fi
echo "built the Temporal CLI in $((SECONDS - started)) s: $target/temporal" >&2
# The binary just written sits in the page cache in large folios, which the kernel maps into the
# dev server 2 MB at a time: that server then held about 170 MB of RSS idle instead of 115, for as
# long as those pages stayed cached. Written out and dropped from the cache, the binary is read
# back from disk on start, a page at a time, as any installed one is. Best effort: GNU dd only.
sync "$target/temporal" 2>/dev/null || sync
dd if="$target/temporal" iflag=nocache count=0 status=none 2>/dev/null || true
found "$target/temporal"
