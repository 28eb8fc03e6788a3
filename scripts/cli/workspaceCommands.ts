import type { WorkspaceFlagChange } from "@parley/platform/admin/setWorkspaceFlag";
import { type Command, Option } from "commander";
import { type CliContext, commandRun } from "./cliContext";

// Loaded when a workspace command runs, so --help never loads the platform.
const actions = () => import("./workspaceActions");

const flagCommands: Record<WorkspaceFlagChange, string> = {
  suspend:
    "Suspends a workspace: its bots stop answering (startChat FORBIDDEN WORKSPACE_SUSPENDED, share pages 404); its members keep the builder.",
  unsuspend: "Lifts a suspension: the workspace's published bots answer again.",
  verify:
    "Marks a workspace verified: its bots are never held for their riskLevel (PUBLISH_RISK_THRESHOLD), and those held now are served.",
  unverify: "Withdraws the verification: bots at or above PUBLISH_RISK_THRESHOLD are held again.",
};

export function addWorkspaceCommands(program: Command, context: CliContext) {
  const workspace = program
    .command("workspace")
    .description("Workspaces: list, members, plans and the administrator's flags");
  workspace
    .command("list")
    .description(
      "Lists workspaces, oldest first: id, name, plan, members, bots (not archived), suspended, verified, created. The ids are what the other commands take.",
    )
    .option("--name <text>", "only names containing this text (case-insensitive)")
    .option("--email <email>", "only workspaces this user is a member of")
    .option("--limit <n>", "at most this many (1 to 10000)", "1000")
    .action(async (values: unknown, command: Command) =>
      (await actions()).listWorkspaces(commandRun(context, command), values),
    );
  workspace
    .command("add-member")
    .description("Adds an existing user to a workspace (or changes their role).")
    .requiredOption("--workspace-id <id>", "the workspace")
    .requiredOption("--email <email>", "the user's email")
    .addOption(
      new Option("--role <role>", "their role").choices(["ADMIN", "MEMBER", "GUEST"]).makeOptionMandatory(),
    )
    .action(async (values: unknown, command: Command) =>
      (await actions()).addMember(commandRun(context, command), values),
    );
  workspace
    .command("set-plan")
    .description(
      "Sets a workspace's plan (closed periods are invoiced first at the old plan) and, with --chats-hard-limit, its own hard limit.",
    )
    .requiredOption("--workspace-id <id>", "the workspace")
    .addOption(
      new Option("--plan <plan>", "the plan")
        .choices(["FREE", "STARTER", "PRO", "ENTERPRISE"])
        .makeOptionMandatory(),
    )
    .option(
      "--chats-hard-limit <n>",
      "chats per period after which startChat is refused; `none` restores the plan's default; absent: unchanged",
    )
    .action(async (values: unknown, command: Command) =>
      (await actions()).setPlan(commandRun(context, command), values),
    );
  for (const [change, description] of Object.entries(flagCommands) as [WorkspaceFlagChange, string][]) {
    workspace
      .command(change)
      .description(description)
      .requiredOption("--workspace-id <id>", "the workspace")
      .action(async (values: unknown, command: Command) =>
        (await actions()).setFlag(commandRun(context, command), change, values),
      );
  }
}
