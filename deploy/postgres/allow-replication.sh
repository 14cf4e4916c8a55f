#!/bin/sh
# Run once by the postgres image when it initialises the primary's data directory (compose.yaml mounts it into
# /docker-entrypoint-initdb.d): the standby (service postgres-replica) streams the WAL from here as the ess user.
set -e
echo "host replication ess all scram-sha-256" >> "$PGDATA/pg_hba.conf"
