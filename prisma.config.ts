// Prisma CLI configuration. The app itself never reads this file: packages/db
// builds its client and runs migrations from code (see packages/db/src).
// The Prisma CLI is installed as `prisma-cli` (see packages/db/scripts/generate.ts).
import { defineConfig } from "prisma-cli/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: {
    url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/unused",
  },
});
