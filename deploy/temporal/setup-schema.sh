#!/bin/sh
# The Temporal cluster's databases and schema (docker-compose.yml, service temporal-schema), with
# temporal-sql-tool from temporalio/admin-tools. Safe on every `docker compose up`: an existing
# database is kept, setup-schema leaves a versioned schema alone, and update-schema applies only
# the versions a newer server image brings.
set -eu
: "${POSTGRES_SEEDS:?POSTGRES_SEEDS names the Postgres host}"
: "${POSTGRES_USER:?POSTGRES_USER is required}"
: "${SQL_PASSWORD:?SQL_PASSWORD is required}"
schemas=/etc/temporal/schema/postgresql/v12

sql() { temporal-sql-tool --plugin postgres12 --ep "$POSTGRES_SEEDS" -p "${DB_PORT:-5432}" -u "$POSTGRES_USER" "$@"; }

# temporal holds the workflows and their histories; temporal_visibility the lists that the UI
# and the CLI's `jobs replay --since` search.
sql --db temporal create
sql --db temporal setup-schema -v 0.0
sql --db temporal update-schema -d "$schemas/temporal/versioned"
sql --db temporal_visibility create
sql --db temporal_visibility setup-schema -v 0.0
sql --db temporal_visibility update-schema -d "$schemas/visibility/versioned"
echo "Temporal schema is up to date"
