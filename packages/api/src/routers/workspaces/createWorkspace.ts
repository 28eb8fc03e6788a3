import { createId } from "@parley/db";
import { newWorkspaceDefaults } from "@parley/platform/admin/instanceSettings";
import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { assertTokenWorkspace } from "@parley/platform/auth/apiTokenGrant";
import { workspaceInputSchema, workspaceSchema } from "@parley/schemas/management/workspace";
import { z } from "zod";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure, errorResponses } from "../../trpc";
import { toWorkspace } from "./toWorkspace";

export const createWorkspace = authenticatedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/workspaces",
      tags: ["Workspaces"],
      summary: "Create a workspace",
      description:
        "Creates a workspace on the instance's default plan (`DEFAULT_WORKSPACE_PLAN`, FREE unless set) with the caller as its ADMIN. Returns the full record.",
      protect: true,
      errorResponses: errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "INTERNAL_SERVER_ERROR"),
    },
  })
  .input(z.strictObject(workspaceInputSchema.shape))
  .output(z.object({ workspace: workspaceSchema }))
  .mutation(async ({ ctx, input }) => {
    // A token restricted to one workspace makes no other.
    assertTokenWorkspace(ctx.user.apiToken, null);
    const workspace = await ctx.prisma.$transaction(async (tx) => {
      const created = await tx.workspace.create({
        data: {
          id: createId(),
          name: input.name,
          icon: input.icon || null,
          ...newWorkspaceDefaults(),
          members: { create: { userId: ctx.user.id, role: "ADMIN" } },
        },
      });
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "workspace.created",
        workspaceId: created.id,
        target: { type: "workspace", id: created.id },
      });
      return created;
    });
    return { workspace: toWorkspace(workspace) };
  });
