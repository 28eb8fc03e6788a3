import { randomBytes } from "node:crypto";
import { createId } from "@parley/db";
import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { emailDomainSchema, workspaceDomainSchema } from "@parley/schemas/management/workspaceSso";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";
import { toWorkspaceDomain } from "./toWorkspaceDomain";

/** Domains one workspace may claim. */
const MAX_DOMAINS = 20;

export const addDomain = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "POST",
      path: "/workspaces/{workspaceId}/domains",
      tags: ["Single sign-on"],
      summary: "Claim an e-mail domain",
      description:
        "ADMIN only. Answers the TXT record to publish (`_parley.<domain>`), then verify. BAD_REQUEST `DOMAIN_EXISTS` when the workspace already has it, `TOO_MANY_DOMAINS` past 20. Audited as `domain.added`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ workspaceId: idSchema, domain: z.strictObject({ domain: emailDomainSchema }) }))
  .output(z.object({ domain: workspaceDomainSchema }))
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    const row = await ctx.prisma.$transaction(async (tx) => {
      const existing = await tx.workspaceDomain.findMany({
        where: { workspaceId },
        select: { domain: true },
      });
      if (existing.some((entry) => entry.domain === input.domain.domain))
        throw new AppError("BAD_REQUEST", [
          {
            message: "This workspace already has this domain",
            path: ["domain", "domain"],
            code: "DOMAIN_EXISTS",
          },
        ]);
      if (existing.length >= MAX_DOMAINS)
        throw new AppError("BAD_REQUEST", [
          {
            message: `A workspace has at most ${MAX_DOMAINS} domains`,
            path: ["domain"],
            code: "TOO_MANY_DOMAINS",
          },
        ]);
      const created = await tx.workspaceDomain.create({
        data: {
          id: createId(),
          workspaceId,
          domain: input.domain.domain,
          token: randomBytes(18).toString("base64url"),
        },
      });
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "domain.added",
        workspaceId,
        target: { type: "domain", id: created.id },
      });
      return created;
    });
    return { domain: toWorkspaceDomain(row) };
  });
