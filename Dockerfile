# Formloom: `formloom serve` in a container. Build: docker build -t formloom .
# Data (the SQLite database, uploads, the secret key) lives in the /data volume.

# 1. Build and pack formloom, then install the packed tarball exactly as a self-hoster would
#    (npm install --global). better-sqlite3 13 ships prebuilt binaries for linux x64/arm64
#    (glibc and musl); the compiler stays for a platform it has none for.
FROM node:24-bookworm-slim AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
RUN npm install --global pnpm@11.28.10
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile \
  && FORMLOOM_BUILD_DTS=0 pnpm --filter 'formloom...' build \
  && cd apps/server && pnpm pack --pack-destination /tmp/pack
RUN npm install --global --prefix /opt/formloom --no-audit --no-fund /tmp/pack/formloom-*.tgz

# 2. The runtime: Node and the installed package only; no compiler, no sources, no pnpm.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
  FORMLOOM_DATA_DIR=/data \
  PORT=3000
COPY --from=build /opt/formloom /opt/formloom
RUN mkdir -p /data && chown node:node /data
# The image's own unprivileged user (uid 1000).
USER node
WORKDIR /data
VOLUME ["/data"]
EXPOSE 3000
# Healthy when the API answers: /v1/me without a key is a 401 in the error envelope, which needs
# the HTTP server, the router and the error handler all up (5xx or no answer: unhealthy).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/v1/me').then((r) => process.exit(r.status < 500 ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/opt/formloom/bin/formloom"]
CMD ["serve"]
