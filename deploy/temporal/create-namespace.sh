#!/bin/sh
# The namespace the service runs in (docker-compose.yml, service temporal-namespace), once the
# server answers; an existing one is kept as it is.
set -eu
: "${TEMPORAL_ADDRESS:?TEMPORAL_ADDRESS is the server, host:port}"
namespace="${NAMESPACE:-default}"
retention="${NAMESPACE_RETENTION:-7d}"
attempts=60

attempt=1
until temporal operator cluster health --address "$TEMPORAL_ADDRESS" >/dev/null 2>&1; do
  if [ "$attempt" -ge "$attempts" ]; then
    echo "Temporal at $TEMPORAL_ADDRESS did not become healthy" >&2
    exit 1
  fi
  attempt=$((attempt + 1))
  sleep 2
done

if temporal operator namespace describe --namespace "$namespace" --address "$TEMPORAL_ADDRESS" >/dev/null 2>&1; then
  echo "namespace $namespace exists"
else
  temporal operator namespace create --namespace "$namespace" --retention "$retention" --address "$TEMPORAL_ADDRESS"
  echo "namespace $namespace created (retention $retention)"
fi
