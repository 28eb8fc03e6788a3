import { addWorkspaceMember } from "@parley/platform/accounts/addWorkspaceMember";
import { setWorkspaceFlag, type WorkspaceFlagChange } from "@parley/platform/admin/setWorkspaceFlag";
import { type Command, Option } from "commander";
import { z } from "zod";
import { type CliContext, writeLine } from "./cliContext";
import { idOption, parseOptions } from "./parseOptions";

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
    .description("Workspaces: members and the administrator's flags");
  workspace
    .command("add-member")
    .description("Adds an existing user to a workspace (or changes their role).")
    .requiredOption("--workspace-id <id>", "the workspace")
    .requiredOption("--email <email>", "the user's email")
    .addOption(
      new Option("--role <role>", "their role").choices(["ADMIN", "MEMBER", "GUEST"]).makeOptionMandatory(),
    )
    .action(async (values: unknown) => {
      const input = parseOptions(
        z.object({ workspaceId: idOption, email: z.email(), role: z.enum(["ADMIN", "MEMBER", "GUEST"]) }),
        values,
      );
      const member = await addWorkspaceMember(await context.database(), input);
      writeLine(context.stdout, `${member.userId} is ${member.role} of ${member.workspaceId}`);
    });
  for (const [change, description] of Object.entries(flagCommands) as [WorkspaceFlagChange, string][]) {
    workspace
      .command(change)
      .description(description)
      .requiredOption("--workspace-id <id>", "the workspace")
      .action(async (values: unknown) => {
        const { workspaceId } = parseOptions(z.object({ workspaceId: idOption }), values);
        const flags = await setWorkspaceFlag(await context.database(), workspaceId, change);
        writeLine(
          context.stdout,
          `Workspace ${flags.id} ("${flags.name}"): ${flags.isSuspended ? "suspended" : "not suspended"}, ${flags.isVerified ? "verified" : "not verified"}`,
        );
      });
  }
}
