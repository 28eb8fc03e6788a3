// npm run cli -- <command>: administers an install without the UI, against the
// same database as `npm start` (DATABASE_URL, or the embedded server in DATA_DIR).
// The command tree is in cli/runCli.ts (commander: subcommands, generated --help, usage errors).
// `npm run build` bundles this file into dist/server/cli.mjs, which bin/parley runs without tsx:
// the production image's `parley` command. With NODE_ENV=production (as in the image) DATABASE_URL
// is required and nothing is migrated (`npm run migrate` does that once per release).
// Only commander and the command tree load up front: a command's code, Prisma and the database's
// modules load when it runs, so --help, --version and usage errors answer at once.
import type { Database } from "@parley/db";
import type { CliContext } from "./cli/cliContext";
import { runCli } from "./cli/runCli";

let opened: Promise<{ prisma: Database; stop: () => Promise<void> }> | undefined;

const context: CliContext = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  // The bundle is what bin/parley runs.
  programName: import.meta.url.endsWith(".mjs") ? "parley" : "npm run cli --",
  // Opened on first use: --help and usage errors never start the database.
  database: async () => {
    opened ??= import("./cli/openCliDatabase").then(({ openCliDatabase }) => openCliDatabase());
    return (await opened).prisma;
  },
};

const code = await runCli(process.argv.slice(2), context);
if (opened) await (await opened.catch(() => undefined))?.stop();
process.exit(code);
