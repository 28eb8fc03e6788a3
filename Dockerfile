# syntax=docker/dockerfile:1
# Parley's production image: one image for every service (compose.yaml picks the service with
# `node dist/server/startProd.mjs --only=<builder|viewer|chat-server>`, i.e. `npm run start:prod --
# --only=…`, and runs `npm run migrate` once); `parley <command>` is the CLI in every container.
# The build stage runs exactly `npm ci` and `npm run build`; the runtime stage keeps the build's
# output and the production dependencies only, and runs as the unprivileged `node` user.
# Docker cannot run on the machines this project is developed and tested on: the tests run the
# same scripts and the same deploy/haproxy.cfg without containers (docs/deploy.md).

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1
COPY . .
RUN npm ci && npm run build && npm prune --omit=dev

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 DATA_DIR=/data
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/dist ./dist
# The CLI (`npm run cli`'s commands, bundled into dist/server/cli.mjs) as the `parley` command:
#   docker compose exec builder parley user reset-password --email ada@example.com
COPY --from=build /app/bin ./bin
COPY --from=build /app/apps/builder/package.json ./apps/builder/package.json
COPY --from=build /app/apps/builder/.next/standalone ./apps/builder/.next/standalone
COPY --from=build /app/apps/viewer/package.json ./apps/viewer/package.json
COPY --from=build /app/apps/viewer/.next/standalone ./apps/viewer/.next/standalone
RUN mkdir -p /data && chown node:node /data && ln -s /app/bin/parley /usr/local/bin/parley
USER node
EXPOSE 3000 3001 3002
# `npm run start:prod`'s own command (package.json), run directly: `docker stop` sends SIGTERM to the
# container's first process, and npm does not pass it on (it exits at once, leaving the servers to
# be killed); start:prod stops its servers gracefully on SIGTERM.
CMD ["node", "dist/server/startProd.mjs"]
