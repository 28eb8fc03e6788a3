import path from "node:path";
import type { NextConfig } from "next";

const config: NextConfig = {
  poweredByHeader: false,
  // `npm run start:prod` and the container run .next/standalone (server.js with only the traced files).
  output: "standalone",
  // The monorepo's root, so the workspace packages and hoisted node_modules are traced too.
  outputFileTracingRoot: path.join(import.meta.dirname, "../.."),
  // The sandbox process (sandboxHost.cjs, an emitted asset) loads isolated-vm by require, which tracing cannot see;
  // the AI agent's knowledge search loads usearch's CommonJS build through createRequire, and its prebuilt binary
  // is found at run time (as in the builder's output).
  outputFileTracingIncludes: {
    "/**": [
      "../../node_modules/isolated-vm/{package.json,isolated-vm.js,prebuilds/linux-*/*.node,build/Release/*.node}",
      "../../node_modules/usearch/{package.json,javascript/dist/cjs/*.js,prebuilds/linux-*/*.node}",
      "../../node_modules/{node-gyp-build,bindings,file-uri-to-path}/**",
    ],
  },
  reactStrictMode: true,
  // Internal packages are consumed from source (style.md).
  transpilePackages: [
    "@parley/config",
    "@parley/platform",
    "@parley/integrations",
    "@parley/chat",
    "@parley/api",
    "@parley/db",
    "@parley/schemas",
    "@parley/engine",
    "@parley/chat-widget",
  ],
  serverExternalPackages: [
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "pg-boss",
    "ioredis",
    "rate-limiter-flexible",
    "pino",
    "@node-rs/argon2",
    "isolated-vm",
    // The AI agent's knowledge search: usearch's native vector index, loaded by Node as it is in the tests.
    "usearch",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-node",
  ],
  // `npm run typecheck` checks types once for the whole monorepo.
  typescript: { ignoreBuildErrors: true },
};

export default config;
