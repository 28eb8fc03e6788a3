import { lookupTxtRecords } from "@parley/integrations/dns/lookupTxtRecords";
import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import {
  toWorkspaceDomainTxtValue,
  workspaceDomainSchema,
  workspaceDomainTxtLabel,
} from "@parley/schemas/management/workspaceSso";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";
import { toWorkspaceDomain } from "./toWorkspaceDomain";

const refused = (message: string, code: string) => new AppError("BAD_REQUEST", [{ message, code }]);

export const verifyDomain = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "POST",
      path: "/workspaces/{workspaceId}/domains/{domainId}/verify",
      tags: ["Single sign-on"],
      summary: "Verify a domain by its TXT record",
      description:
        "ADMIN only. Looks the TXT record up in DNS. BAD_REQUEST `DOMAIN_RECORD_NOT_FOUND` (no record, or another value), `DNS_LOOKUP_FAILED`, or `DOMAIN_TAKEN` (another workspace verified it). A verified domain answers at once. Audited as `domain.verified`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ workspaceId: idSchema, domainId: idSchema }))
  .output(z.object({ domain: workspaceDomainSchema }))
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    const found = await ctx.prisma.workspaceDomain.findFirst({ where: { id: input.domainId, workspaceId } });
    if (!found) throw new AppError("NOT_FOUND");
    if (found.verifiedAt) return { domain: toWorkspaceDomain(found) };
    const lookup = await lookupTxtRecords(`${workspaceDomainTxtLabel}.${found.domain}`);
    const now = new Date();
    if (lookup.status !== "found" || !lookup.values.includes(toWorkspaceDomainTxtValue(found.token))) {
      await ctx.prisma.workspaceDomain.updateMany({ where: { id: found.id }, data: { checkedAt: now } });
      if (lookup.status === "failed")
        throw refused(`The DNS lookup failed (${lookup.code}): try again in a moment.`, "DNS_LOOKUP_FAILED");
      throw refused(
        `No TXT record ${workspaceDomainTxtLabel}.${found.domain} with the value ${toWorkspaceDomainTxtValue(found.token)} was found yet (DNS changes can take a while).`,
        "DOMAIN_RECORD_NOT_FOUND",
      );
    }
    const row = await ctx.prisma.$transaction(async (tx) => {
      const taken = await tx.workspaceDomain.count({
        where: { domain: found.domain, verifiedAt: { not: null }, workspaceId: { not: workspaceId } },
      });
      if (taken > 0) throw refused("Another workspace has verified this domain", "DOMAIN_TAKEN");
      const verified = await tx.workspaceDomain.update({
        where: { id: found.id },
        data: { verifiedAt: now, checkedAt: now },
      });
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "domain.verified",
        workspaceId,
        target: { type: "domain", id: found.id },
      });
      return verified;
    });
    return { domain: toWorkspaceDomain(row) };
  });
