#!/usr/bin/env sh
# `npm run check:clients [-- <dir>]`: generates TypeScript types from the OpenAPI documents in <dir>
# (default openapi/, the committed ones) with openapi-typescript, as partners would, and type-checks
# the flows beside this file against them with openapi-fetch. Nothing is sent: a document that a
# typed client cannot use as the service answers fails the type-check.
set -eu
cd "$(dirname "$0")/../.."
documents=${1:-openapi}
for service in coverage-claims lead-distribution; do
  openapi-typescript --redocly openapi/generate.redocly.yaml "$documents/$service.json" -o "test/clients/generated/$service.ts"
done
tsc -p test/clients/tsconfig.json
