import path from "node:path";
import type { NextConfig } from "next";

const config: NextConfig = {
  poweredByHeader: false,
  // `npm run start:prod` and the container run .next/standalone (server.js with only the traced files).
  output: "standalone",
  // The monorepo's root, so the workspace packages and hoisted node_modules are traced too.
  outputFileTracingRoot: path.join(import.meta.dirname, "../.."),
  // The sandbox process (sandboxHost.cjs, an emitted asset) loads isolated-vm by require, which tracing cannot see;
  // the knowledge bases' vector index loads usearch's CommonJS build through createRequire, and its prebuilt binary
  // is found at run time.
  outputFileTracingIncludes: {
    "/**": [
      "../../node_modules/isolated-vm/{package.json,isolated-vm.js,prebuilds/linux-*/*.node,build/Release/*.node}",
      "../../node_modules/usearch/{package.json,javascript/dist/cjs/*.js,prebuilds/linux-*/*.node}",
      "../../node_modules/{node-gyp-build,bindings,file-uri-to-path}/**",
    ],
  },
  // For profiling (bench/editor.ts --profile): `BROWSER_SOURCE_MAPS=1` writes the client's source maps.
  productionBrowserSourceMaps: process.env.BROWSER_SOURCE_MAPS === "1",
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
    "usearch",
    // The knowledge bases' file readers: pdf.js (inside unpdf, loaded by a dynamic import) and mammoth run as
    // Node loads them in the tests, unbundled.
    "unpdf",
    "mammoth",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-node",
  ],
  // `npm run typecheck` checks types once for the whole monorepo.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
      // Not on uploaded files (/api/v1/files/…): Next keeps a header set here over the route's own, and a file
      // carries its own policy (`sandbox; default-src 'none'`, getFile.ts), which must stay on this origin.
      {
        source: "/:path((?!api/v1/files/).*)",
        headers: [{ key: "Content-Security-Policy", value: "frame-ancestors 'none'" }],
      },
    ];
  },
};

export default config;
