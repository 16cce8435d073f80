#!/usr/bin/env sh
# `npm run build` at the root (its build:console), or `npm run build -w @insure/console`: the
# operator console of each service.
# 1. The typed client from the committed OpenAPI documents (scripts/generate-client.sh);
# 2. the console type-checked against it: a renamed or removed field fails here, not in the page;
# 3. one Vite build per service into dist/console/<service>/, which that service serves at /console/;
# 4. the first load of each kept under its budget (first-load.mjs).
set -eu
cd "$(dirname "$0")"
sh scripts/generate-client.sh
tsc -p tsconfig.json
for service in lead-distribution coverage-claims; do
  vite build -c vite.config.ts --mode "$service" --logLevel warn
done
node first-load.mjs
