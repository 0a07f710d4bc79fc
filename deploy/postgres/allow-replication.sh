#!/bin/sh
# Runs once, when the primary's cluster is made (/docker-entrypoint-initdb.d): the standby signs in
# for replication with the same password as the services; the image's own rule ("all") does not
# cover replication connections.
set -eu
echo "host replication ${POSTGRES_USER} all scram-sha-256" >> "$PGDATA/pg_hba.conf"
