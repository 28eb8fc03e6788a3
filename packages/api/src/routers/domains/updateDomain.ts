import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { workspaceDomainSchema } from "@parley/schemas/management/workspaceSso";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";
import { toWorkspaceDomain } from "./toWorkspaceDomain";

export const updateDomain = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/workspaces/{workspaceId}/domains/{domainId}",
      tags: ["Single sign-on"],
      summary: "Open or close joining by a domain",
      description:
        "ADMIN only. `allowsJoining: true` lets people whose verified address is of this (verified) domain join as MEMBER: offered in the builder, and at once when they sign in through the workspace's provider. Audited as `domain.updated`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      workspaceId: idSchema,
      domainId: idSchema,
      domain: z.strictObject({ allowsJoining: z.boolean() }),
    }),
  )
  .output(z.object({ domain: workspaceDomainSchema }))
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    const row = await ctx.prisma.$transaction(async (tx) => {
      const { count } = await tx.workspaceDomain.updateMany({
        where: { id: input.domainId, workspaceId },
        data: { allowsJoining: input.domain.allowsJoining },
      });
      if (count === 0) throw new AppError("NOT_FOUND");
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "domain.updated",
        workspaceId,
        target: { type: "domain", id: input.domainId },
      });
      return tx.workspaceDomain.findUniqueOrThrow({ where: { id: input.domainId } });
    });
    return { domain: toWorkspaceDomain(row) };
  });
