# tasksvc image: dependencies installed and the bundle built once, at image
# build time (never `npm ci` at container start). Run as the unprivileged
# `node` user. Node 22: every dependency's declared engine accepts it (see
# the README's "Node versions"; the code also runs on Node 20.19+).

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Install scripts stay off (nothing downloads a binary); the Prisma client is
# generated explicitly below from the schema.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN node scripts/generate.mjs --prisma-only \
  && npm run build \
  && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
CMD ["node", "dist/main.js", "serve"]
