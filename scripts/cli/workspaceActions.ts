import { setWorkspacePlan } from "@parley/api/workspaces/setWorkspacePlan";
import { addWorkspaceMember } from "@parley/platform/accounts/addWorkspaceMember";
import { normalizeEmail } from "@parley/platform/accounts/createUserAccount";
import { setWorkspaceFlag, type WorkspaceFlagChange } from "@parley/platform/admin/setWorkspaceFlag";
import { getChatsHardLimit } from "@parley/platform/billing/plans";
import { chatsHardLimitInputSchema, planSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { cliAuditRequest } from "./cliAuditRequest";
import type { CommandRun } from "./cliContext";
import { writeList, writeResult } from "./output";
import { idOption, limitOption, parseOptions } from "./parseOptions";

export async function listWorkspaces(run: CommandRun, values: unknown) {
  const input = parseOptions(
    z.object({ name: z.string().trim().min(1).optional(), email: z.email().optional(), limit: limitOption }),
    values,
  );
  const prisma = await run.database();
  const workspaces = await prisma.workspace.findMany({
    where: {
      ...(input.name ? { name: { contains: input.name, mode: "insensitive" as const } } : {}),
      ...(input.email ? { members: { some: { user: { email: normalizeEmail(input.email) } } } } : {}),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: input.limit,
    select: {
      id: true,
      name: true,
      plan: true,
      isSuspended: true,
      isVerified: true,
      createdAt: true,
      _count: { select: { members: true, bots: { where: { isArchived: false } } } },
    },
  });
  writeList(
    run,
    workspaces.map(({ _count, ...workspace }) => ({
      ...workspace,
      members: _count.members,
      bots: _count.bots,
    })),
    [
      { key: "id", title: "ID" },
      { key: "name", title: "NAME" },
      { key: "plan", title: "PLAN" },
      { key: "members", title: "MEMBERS" },
      { key: "bots", title: "BOTS" },
      { key: "isSuspended", title: "SUSPENDED" },
      { key: "isVerified", title: "VERIFIED" },
      { key: "createdAt", title: "CREATED" },
    ],
    "No workspaces",
  );
}

export async function addMember(run: CommandRun, values: unknown) {
  const input = parseOptions(
    z.object({ workspaceId: idOption, email: z.email(), role: z.enum(["ADMIN", "MEMBER", "GUEST"]) }),
    values,
  );
  const member = await addWorkspaceMember(await run.database(), input, cliAuditRequest());
  writeResult(
    run,
    { userId: member.userId, workspaceId: member.workspaceId, role: member.role },
    `${member.userId} is ${member.role} of ${member.workspaceId}`,
  );
}

export async function setFlag(run: CommandRun, change: WorkspaceFlagChange, values: unknown) {
  const { workspaceId } = parseOptions(z.object({ workspaceId: idOption }), values);
  const flags = await setWorkspaceFlag(await run.database(), workspaceId, change, cliAuditRequest());
  writeResult(
    run,
    { id: flags.id, name: flags.name, isSuspended: flags.isSuspended, isVerified: flags.isVerified },
    `Workspace ${flags.id} ("${flags.name}"): ${flags.isSuspended ? "suspended" : "not suspended"}, ${flags.isVerified ? "verified" : "not verified"}`,
  );
}

export async function setPlan(run: CommandRun, values: unknown) {
  const input = parseOptions(
    z.object({
      workspaceId: idOption,
      plan: planSchema,
      chatsHardLimit: z
        .union([z.literal("none").transform(() => null), z.coerce.number()])
        .optional()
        .pipe(chatsHardLimitInputSchema),
    }),
    values,
  );
  const workspace = await setWorkspacePlan(await run.database(), input.workspaceId, input, cliAuditRequest());
  const hardLimit = getChatsHardLimit(workspace);
  writeResult(
    run,
    { id: workspace.id, plan: workspace.plan, chatsHardLimit: workspace.chatsHardLimit },
    `Workspace ${workspace.id}: ${workspace.plan} plan, ${hardLimit === null ? "no chat limit" : `chats refused after ${hardLimit} a period`}${workspace.chatsHardLimit === null ? " (the plan's)" : ""}`,
  );
}
