// npm run cli -- <command>: administers an install without the UI, against the
// same database as `npm start` (DATABASE_URL, or the embedded server in DATA_DIR).
// The command tree is in cli/runCli.ts (commander: subcommands, generated --help, usage errors).
// `npm run build` bundles this file into dist/server/cli.mjs, which bin/parley runs without tsx:
// the production image's `parley` command. With NODE_ENV=production (as in the image) DATABASE_URL
// is required and nothing is migrated (`npm run migrate` does that once per release).
import { createPrismaClient, type Database } from "@parley/db";
import type { CliContext } from "./cli/cliContext";
import { runCli } from "./cli/runCli";
import { launcherEnv } from "./lib/launcherEnv";
import { openDatabase } from "./lib/openDatabase";
import { isProduction } from "./lib/productionEnv";

let opened: { prisma: Database; stop: () => Promise<void> } | undefined;

const context: CliContext = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  // The bundle is what bin/parley runs.
  programName: import.meta.url.endsWith(".mjs") ? "parley" : "npm run cli --",
  // Opened on first use: --help and usage errors never start the database.
  database: async () => {
    if (!opened) {
      if (isProduction && !launcherEnv.DATABASE_URL) {
        throw new Error(
          "DATABASE_URL is required in production (NODE_ENV=production): the embedded PostgreSQL is for development only.",
        );
      }
      const database = await openDatabase({ log: (line) => console.error(line), migrate: !isProduction });
      const prisma = createPrismaClient({ connectionString: database.connectionString, poolSize: 2 });
      opened = {
        prisma,
        stop: async () => {
          await prisma.$disconnect();
          await database.stop();
        },
      };
    }
    return opened.prisma;
  },
};

const code = await runCli(process.argv.slice(2), context);
await opened?.stop();
process.exit(code);
