import path from "node:path";
import type { NextConfig } from "next";

// B-next of bench/chat.ts: the viewer's Next configuration, one route per chat endpoint.
const config: NextConfig = {
  poweredByHeader: false,
  transpilePackages: ["@parley/platform", "@parley/db", "@parley/schemas", "@parley/engine"],
  serverExternalPackages: [
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "pino",
    "@node-rs/argon2",
    "isolated-vm",
  ],
  typescript: { ignoreBuildErrors: true },
  turbopack: { root: path.join(import.meta.dirname, "..", "..") },
};

export default config;
