import type { Command } from "commander";
import { type CliContext, commandRun } from "./cliContext";

// Loaded when a token command runs, so --help never loads the platform.
const actions = () => import("./tokenActions");

export function addTokenCommands(program: Command, context: CliContext) {
  const token = program.command("token").description("API tokens (bt_…)");
  token
    .command("create")
    .description(
      "Prints a new API token of that user, and nothing else (with --json: its id, name, scopes, workspace, expiry and token). Without --scope it has full access.",
    )
    .requiredOption("--email <email>", "the token's owner")
    .option("--name <name>", "a name to tell it apart", "CLI token")
    .option(
      "--scope <scope...>",
      "what it may do (repeatable): bots:read, bots:write, results:read, results:write, chat, workspaces:read, workspaces:admin, account, instance:admin",
    )
    .option("--workspace-id <id>", "the one workspace it acts in (the owner must be a member)")
    .option("--expires <time>", "ISO time (e.g. 2027-01-31T00:00:00Z) from which it is refused")
    .action(async (values: unknown, command: Command) =>
      (await actions()).createToken(commandRun(context, command), values),
    );
  token
    .command("list")
    .description(
      "Lists the API tokens that are not revoked (all users', or one user's), newest first: id, prefix, owner, name, scopes, expiry, created, last used. Secrets are never shown.",
    )
    .option("--email <email>", "only this user's tokens")
    .action(async (values: unknown, command: Command) =>
      (await actions()).listTokens(commandRun(context, command), values),
    );
  token
    .command("revoke")
    .description("Revokes an API token (any user's): it stops working at once.")
    .requiredOption("--token-id <id>", "the token's id, as `token list` shows it")
    .action(async (values: unknown, command: Command) =>
      (await actions()).revokeToken(commandRun(context, command), values),
    );
}
