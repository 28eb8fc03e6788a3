import type { Command } from "commander";
import { type CliContext, commandRun } from "./cliContext";

// Loaded when the command runs, so --help never loads the integrations.
const actions = () => import("./secretsActions");

export function addSecretsCommands(program: Command, context: CliContext) {
  const secrets = program
    .command("secrets")
    .description("The key material of stored credentials (ENCRYPTION_SECRET)");
  secrets
    .command("rotate")
    .description(
      "Re-encrypts every value stored under ENCRYPTION_SECRET_PREVIOUS (integration credentials, result-webhook signing secrets and the replaced ones kept for an overlap period) under ENCRYPTION_SECRET, in batches; values already under ENCRYPTION_SECRET are left alone, so it is safe to re-run. Prints the counts; exit code 1 when a value is readable with neither secret.",
    )
    .option("--batch-size <n>", "rows read and written at a time (1 to 10000)", "100")
    .addHelpText(
      "after",
      `\nThe procedure (docs/deploy.md, "Rotating ENCRYPTION_SECRET"): give every process the new ENCRYPTION_SECRET and the old one as ENCRYPTION_SECRET_PREVIOUS, restart them, run\n  ${program.name()} secrets rotate\nthen remove ENCRYPTION_SECRET_PREVIOUS and restart them again.`,
    )
    .action(async (values: unknown, command: Command) =>
      (await actions()).rotateSecrets(commandRun(context, command), values),
    );
}
