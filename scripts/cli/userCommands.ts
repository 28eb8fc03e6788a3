import { createUserAccount } from "@parley/platform/accounts/createUserAccount";
import { setUserPassword } from "@parley/platform/accounts/setUserPassword";
import type { Command } from "commander";
import { z } from "zod";
import { type CliContext, writeLine } from "./cliContext";
import { parseOptions } from "./parseOptions";
import { readSecret } from "./readSecret";

export function addUserCommands(program: Command, context: CliContext) {
  const user = program.command("user").description("Accounts");
  user
    .command("create")
    .description("Creates a user (and a workspace named W, the user its ADMIN). Prints the user id.")
    .requiredOption("--email <email>", "the account's email")
    .requiredOption("--password <password>", "at least 8 characters")
    .option("--name <name>", "display name")
    .option("--workspace <name>", "also create a workspace of this name, the user its ADMIN")
    .action(async (values: unknown) => {
      const input = parseOptions(
        z.object({
          email: z.email(),
          password: z.string().min(8),
          name: z.string().optional(),
          workspace: z.string().min(1).optional(),
        }),
        values,
      );
      const prisma = await context.database();
      const { user: created } = await createUserAccount(prisma, { ...input, workspaceName: input.workspace });
      writeLine(context.stdout, created.id);
    });
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
    .action(async (values: unknown) => {
      const { email } = parseOptions(z.object({ email: z.email() }), values);
      const password = await readSecret(context, "New password");
      const prisma = await context.database();
      const { signedOutSessions } = await setUserPassword(prisma, { email, password });
      writeLine(
        context.stdout,
        `Password of ${email} changed; ${signedOutSessions} builder session(s) signed out`,
      );
    });
}
