// npm run cli -- <command>: administers an install without the UI, against the
// same database as `npm start` (DATABASE_URL, or the embedded server in DATA_DIR).
// The command tree is in cli/runCli.ts (commander: subcommands, generated --help, usage errors).
import { createPrismaClient, type Database } from "@parley/db";
import type { CliContext } from "./cli/cliContext";
import { runCli } from "./cli/runCli";
import { openDatabase } from "./lib/openDatabase";

let opened: { prisma: Database; stop: () => Promise<void> } | undefined;

const context: CliContext = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  // Opened on first use: --help and usage errors never start the database.
  database: async () => {
    if (!opened) {
      const database = await openDatabase({ log: (line) => console.error(line) });
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
