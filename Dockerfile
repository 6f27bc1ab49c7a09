FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
USER node
EXPOSE 8080 9464
CMD ["npm", "start"]
