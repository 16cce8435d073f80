#!/usr/bin/env sh
# The console's typed client, from the committed OpenAPI documents (openapi-typescript, as partners
# generate theirs) into src/api/generated/ (not committed): the types of every path and schema, and
# (--enum-values) each enum's values as an array, so a status or event type the API adds reaches
# the console's lists and its label tables, which must then name it (docs/console.md).
# --enum-values also writes arrays for enums under nullable or optional objects, whose element types
# it gets wrong (openapi-ts/openapi-typescript#2139, #2568): the file is not type-checked itself
# (@ts-nocheck); every use of its types still is. The console uses only schemas' own enums.
set -eu
cd "$(dirname "$0")/../../.."
for service in lead-distribution coverage-claims; do
  out="apps/console/src/api/generated/$service.ts"
  openapi-typescript --redocly openapi/generate.redocly.yaml "openapi/$service.json" -o "$out" --enum-values >/dev/null
  printf '// @ts-nocheck: see apps/console/scripts/generate-client.sh\n%s\n' "$(cat "$out")" >"$out"
done
