#!/bin/sh
# First start of the local stack's PostgreSQL: one role and one database per service, each role
# owning its database (so its migrations can create tables and the trusted pg_trgm extension).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v cc_password="$COVERAGE_CLAIMS_DB_PASSWORD" -v ld_password="$LEAD_DISTRIBUTION_DB_PASSWORD" <<'SQL'
CREATE ROLE coverage_claims LOGIN PASSWORD :'cc_password';
CREATE DATABASE coverage_claims OWNER coverage_claims;
CREATE ROLE lead_distribution LOGIN PASSWORD :'ld_password';
CREATE DATABASE lead_distribution OWNER lead_distribution;
SQL
