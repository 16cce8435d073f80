#!/usr/bin/env sh
# `npm run build:console` (part of `npm run build`): the operator console of each service.
# 1. Types from the committed OpenAPI documents (openapi-typescript), as partners generate theirs;
# 2. the console type-checked against them: a renamed or removed field fails here, not in the page;
# 3. one Vite build per service into dist/console/<service>/, which that service serves at /console/;
# 4. the first load of each kept under its budget (first-load.mjs).
set -eu
cd "$(dirname "$0")/../.."
for service in lead-distribution coverage-claims; do
  openapi-typescript --redocly openapi/generate.redocly.yaml "openapi/$service.json" -o "apps/console/src/api/generated/$service.ts" >/dev/null
done
tsc -p apps/console
for service in lead-distribution coverage-claims; do
  vite build -c apps/console/vite.config.ts --mode "$service" --logLevel warn
done
node apps/console/first-load.mjs
