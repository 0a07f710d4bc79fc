#!/bin/sh
# The read replica: cloned from the primary once (pg_basebackup -R writes standby.signal and
# primary_conninfo), then PostgreSQL in standby mode, streaming the primary's WAL and serving
# read-only queries to query-api (READ_DATABASE_URL).
set -eu
: "${PRIMARY_HOST:?}" "${POSTGRES_USER:?}" "${POSTGRES_DB:?}"
export PGPASSWORD="${POSTGRES_PASSWORD:?}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h "$PRIMARY_HOST" -U "$POSTGRES_USER" -d "$POSTGRES_DB"; do sleep 1; done
  # The slot keeps the primary's WAL until the standby has it (made once; a re-cloned standby takes it over).
  psql -h "$PRIMARY_HOST" -U "$POSTGRES_USER" -d "$POSTGRES_DB" -v ON_ERROR_STOP=1 -c \
    "select pg_create_physical_replication_slot('civitas_replica') where not exists (select 1 from pg_replication_slots where slot_name = 'civitas_replica')"
  pg_basebackup -h "$PRIMARY_HOST" -U "$POSTGRES_USER" -D "$PGDATA" -R -X stream -S civitas_replica --checkpoint=fast
  chmod 700 "$PGDATA"
fi
# hot_standby_feedback: the primary's vacuum waits for the standby's running reads instead of cancelling them.
exec postgres -c hot_standby_feedback=on -c idle_in_transaction_session_timeout=30s
