# Build stage: every dependency (the TypeScript compiler among them), then `npm run build`, which
# compiles to dist/ and bundles the workflow code ahead of time.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies and dist/ only; the npm scripts run it with plain node.
FROM node:20-bookworm-slim
WORKDIR /app
# ffmpeg decodes and cuts audio for speech-to-text; a worker with STT_PROVIDER set refuses to start without it.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
# The start scripts' `--if-stale` check takes a dist/ shipped without its sources as it is.
COPY scripts/build.js ./scripts/build.js
COPY --from=build /app/dist ./dist
USER node
EXPOSE 8080 9464
CMD ["npm", "start"]
