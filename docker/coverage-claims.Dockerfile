# syntax=docker/dockerfile:1
# The coverage-claims image: that service's build output and only the production packages it imports,
# run as a non-root user. Build from the repository root (see docs/operations/deployment.md):
#   docker build -f docker/coverage-claims.Dockerfile -t coverage-claims:0.1.0 .
# No configuration is baked in: the environment sets it (DATABASE_URL is required).

# Every stage starts from the same exact Node.js release on Debian 12, the one CI tests with
# (.ci/node24/package.json; a deployment test compares them). Pinning the digest: docs/operations/deployment.md.

# Compile everything, then keep what the coverage-claims entry points import (scripts/app-bundle.ts).
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The operator console is an npm workspace (apps/console): npm ci installs its build tools too.
COPY apps/console/package.json apps/console/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY libs libs
COPY apps apps
COPY scripts scripts
# The operator console is built from the committed OpenAPI documents (apps/console/build.sh).
COPY openapi openapi
RUN npm run build && node dist/scripts/app-bundle.js coverage-claims /bundle

# Install the pruned package.json and lock: production packages of this service only.
FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /app
COPY --from=build /bundle/package.json /bundle/package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM node:24.21.0-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/.data
COPY --from=deps /app/node_modules node_modules
COPY --from=build /bundle/package.json package.json
COPY --from=build /bundle/dist dist
# The only writable path the service needs (local state); a volume in Kubernetes, where the root filesystem is read-only.
RUN mkdir .data && chown 1000:1000 .data
# The image's `node` user, by number so that Kubernetes can verify runAsNonRoot.
USER 1000:1000
EXPOSE 3000 9464
# Six misses in a row (a minute) before unhealthy: room for a first start that applies migrations.
HEALTHCHECK --interval=10s --timeout=3s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migration job: node dist/apps/coverage-claims/src/migrate.js
CMD ["node", "dist/apps/coverage-claims/src/main.js"]
