import type { Command } from "commander";
import { type CliContext, commandRun } from "./cliContext";

// The actions' module (the platform, Prisma, zod) loads only when one of them runs: --help stays fast.
const actions = () => import("./userActions");

export function addUserCommands(program: Command, context: CliContext) {
  const user = program.command("user").description("Accounts");
  user
    .command("list")
    .description(
      "Lists accounts, oldest first: id, email, name, workspaces (id:role), created, last activity. Password hashes are never shown.",
    )
    .option("--email <text>", "only emails containing this text (case-insensitive)")
    .option("--workspace-id <id>", "only members of this workspace")
    .option("--limit <n>", "at most this many (1 to 10000)", "1000")
    .action(async (values: unknown, command: Command) =>
      (await actions()).listUsers(commandRun(context, command), values),
    );
  user
    .command("create")
    .description("Creates a user (and a workspace named W, the user its ADMIN). Prints the user id.")
    .requiredOption("--email <email>", "the account's email")
    .requiredOption("--password <password>", "at least 8 characters")
    .option("--name <name>", "display name")
    .option("--workspace <name>", "also create a workspace of this name, the user its ADMIN")
    .action(async (values: unknown, command: Command) =>
      (await actions()).createUser(commandRun(context, command), values),
    );
  user
    .command("reset-password")
    .description(
      "Sets a new password of an account and signs it out of the builder everywhere (API tokens are kept). " +
        "The password is typed at a prompt without echo, or read from the first line of standard input; " +
        "it is never taken from the command line.",
    )
    .requiredOption("--email <email>", "the account's email")
    .addHelpText(
      "after",
      `\nExample:\n  printf '%s\\n' "$NEW_PASSWORD" | ${program.name()} user reset-password --email ada@example.com`,
    )
    .action(async (values: unknown, command: Command) =>
      (await actions()).resetPassword(commandRun(context, command), values),
    );
  user
    .command("reset-2fa")
    .description(
      "Turns an account's two-factor sign-in off, for a person who lost both their authenticator app and their " +
        "recovery codes: the authenticator, the recovery codes and any sign-in waiting for a code are deleted " +
        "(sessions and password are kept). Recorded in the audit log (user.twoFactorReset). Check who asks first.",
    )
    .requiredOption("--email <email>", "the account's email")
    .action(async (values: unknown, command: Command) =>
      (await actions()).resetTwoFactor(commandRun(context, command), values),
    );
}
