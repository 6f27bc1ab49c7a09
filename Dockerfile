FROM node:20-bookworm-slim
WORKDIR /app
# ffmpeg decodes and cuts audio for speech-to-text; a worker with STT_PROVIDER set refuses to start without it.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
USER node
EXPOSE 8080 9464
CMD ["npm", "start"]
