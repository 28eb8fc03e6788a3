import type { Command } from "commander";
import { type CliContext, commandRun } from "./cliContext";

// Loaded when the command runs, so --help never loads the environment modules or the database.
const actions = () => import("./doctorActions");

export function addDoctorCommand(program: Command, context: CliContext) {
  program
    .command("doctor")
    .description(
      "Checks the install: every variable the servers read (as they read them), production requirements and public URLs, the database (reachable, every shipped migration applied), that ENCRYPTION_SECRET opens stored credentials, and SMTP, Redis and S3 when configured. One line per check (ok, warn, fail); exit code 1 if any failed.",
    )
    .option("--timeout <ms>", "how long SMTP, Redis and S3 may take to answer", "3000")
    .action(async (values: unknown, command: Command) =>
      (await actions()).doctor(commandRun(context, command), values),
    );
}
