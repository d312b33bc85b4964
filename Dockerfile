# syntax=docker/dockerfile:1
# One container: the React Router server and SQLite on the volume mounted at /data; Litestream (from npm,
# @flydotio/litestream, in node_modules) replicates the database to the bucket, where uploads also go (docs/operating.md).

# --- build: all dependencies, compile the app -------------------------------------------------------------------
FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# --- production dependencies only ------------------------------------------------------------------------------
FROM node:22-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund

# --- runtime ---------------------------------------------------------------------------------------------------
FROM node:22-bookworm-slim
WORKDIR /app
# glibc's allocator: two arenas, and fixed mmap/trim thresholds so that the large buffers sharp's decoders free go back
# to the system instead of staying with the process (glibc's dynamic threshold otherwise keeps ~250 MB after a burst
# of big images; docs/benchmarks.md, image bombs). The bench's server uses the same (tests/bench/server.ts).
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072
# sqlite3 for the operator's own inspection of the database on the volume; ca-certificates for the bucket's TLS
# (Litestream is a Go binary and reads the system's roots).
RUN apt-get update && apt-get install -y --no-install-recommends sqlite3 ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.js ./
# Migrations are applied on start from ./drizzle; the CLI scripts (db:backup, db:restore, storage:migrate, jobs) run
# from app/ with tsx.
COPY drizzle ./drizzle
COPY app ./app
COPY tsconfig.json ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# server.js loads the build (which validates configuration, migrates and seeds the database), then serves.
CMD ["node", "server.js"]
