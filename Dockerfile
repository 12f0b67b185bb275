# The budgetnorm service (npm start) as an image; docs/deploy.md explains it and
# test/docs/deploy.test.ts checks it. Build: docker build -t budgetnorm .
# Run: docker run -p 8080:8080 -e BUDGETNORM_API_KEYS=... budgetnorm

# Built once: every dependency (no install scripts), then the build (dist/, the advisor page in it).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build

# The production dependencies alone.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts

# What runs: node as PID 1 (it handles SIGTERM and SIGINT itself), as the unprivileged user node.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/rules ./rules
COPY --from=build /app/scripts/start.mjs ./scripts/start.mjs
USER node
EXPOSE 8080
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
