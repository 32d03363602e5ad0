# syntax=docker/dockerfile:1
# The product's image: one build, two targets that share it.
#   docker build --target api -t loyalty-api .     the API server (Fastify), port 4000
#   docker build --target web -t loyalty-web .     the web app (Next.js behind web-server), port 3000
# compose.yaml runs both with PostgreSQL, nginx and a one-off migration service.
# Node 20: pg-boss 10 and the engines field ask for it; the official image's Debian (bookworm) slim
# variant, pinned by major version.

ARG NODE_IMAGE=node:20-bookworm-slim

# ── Dependencies, dev ones included: the build needs next, esbuild and TypeScript ──
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ── The production build: server/dist (API + migrate CLI), .next and dist/web-server.cjs ──
FROM deps AS build
# Canonical URLs, the sitemap and Open Graph are written at build time (README).
ARG PUBLIC_APP_URL=http://localhost
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PUBLIC_APP_URL=${PUBLIC_APP_URL}
COPY . .
RUN npm run build

# ── Production dependencies only (no dev dependencies reach the runtime) ──
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ── What both servers run on: production modules and the built files, owned by root, run as node ──
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json next.config.mjs ./
COPY --from=build /app/server/dist ./server/dist
COPY server/migrations ./server/migrations
# The embedded database's directory (unused with DATABASE_URL), the one place the app writes.
RUN mkdir -p /app/data && chown node:node /app/data
ENV DATA_DIR=/app/data
# The official image's unprivileged user (uid 1000).
USER node

# ── The API server ──
FROM runtime AS api
ENV API_HOST=0.0.0.0 \
    API_PORT=4000
EXPOSE 4000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:4000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "server/dist/main.cjs"]

# ── The web app ──
FROM runtime AS web
COPY --from=build /app/.next ./.next
COPY --from=build /app/dist ./dist
COPY public ./public
ENV PORT=3000
EXPOSE 3000
# The page most visitors get first; it answers without a session.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Started as every other way starts it (scripts/lib/web-server-command.mjs: its memory settings;
# server/test/unit/deployment.test.ts checks these two lines against it).
ENV MALLOC_ARENA_MAX=2
CMD ["node", "--max-semi-space-size=1", "--max-old-space-size=96", "--optimize-for-size", "--max-optimized-bytecode-size=4096", "--no-turbo-inlining", "dist/web-server.cjs"]
