import { createId } from "@parley/db";
import { checkSsoProvider, SsoError } from "@parley/integrations/sso/ssoClient";
import {
  sealWorkspaceSsoSecret,
  toWorkspaceSsoProvider,
} from "@parley/integrations/sso/workspaceSsoProviders";
import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { workspaceSsoInputSchema, workspaceSsoSchema } from "@parley/schemas/management/workspaceSso";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";
import { toWorkspaceSso } from "./toWorkspaceSso";

const invalid = (message: string, path: string, code: string) =>
  new AppError("BAD_REQUEST", [{ message, path: ["sso", path], code }]);

export const updateWorkspaceSso = workspaceProcedure("admin")
  .meta({
    openapi: {
      method: "PUT",
      path: "/workspaces/{workspaceId}/sso",
      tags: ["Single sign-on"],
      summary: "Configure the workspace's identity provider",
      description:
        "ADMIN only. Creates or replaces the provider (one per workspace); `clientSecret` is required the first time and kept when left out. An OpenID Connect issuer's discovery document is read first (BAD_REQUEST `SSO_DISCOVERY_FAILED`). `isEnforced: true` needs a verified allowed domain (`SSO_DOMAIN_NOT_VERIFIED`). Audited as `sso.configured`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ workspaceId: idSchema, sso: workspaceSsoInputSchema }))
  .output(z.object({ sso: workspaceSsoSchema }))
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    const allowedDomains = [...new Set(input.sso.allowedDomains)];
    const existing = await ctx.prisma.workspaceSso.findUnique({ where: { workspaceId } });
    const id = existing?.id ?? createId();
    let sealed: { secretData: string; secretIv: string };
    if (input.sso.clientSecret !== undefined)
      sealed = sealWorkspaceSsoSecret(input.sso.clientSecret, { id, workspaceId });
    else if (existing) sealed = { secretData: existing.secretData, secretIv: existing.secretIv };
    else throw invalid("The client secret is required the first time", "clientSecret", "REQUIRED");
    if (input.sso.isEnforced) {
      const verified = await ctx.prisma.workspaceDomain.count({
        where: { workspaceId, domain: { in: allowedDomains }, verifiedAt: { not: null } },
      });
      if (verified === 0)
        throw invalid(
          "Verify one of the allowed domains before requiring single sign-on: no member could sign in otherwise.",
          "isEnforced",
          "SSO_DOMAIN_NOT_VERIFIED",
        );
    }
    const fields = {
      preset: input.sso.preset,
      name: input.sso.name,
      issuer: input.sso.issuer,
      clientId: input.sso.clientId,
      allowedDomains,
      isEnforced: input.sso.isEnforced,
      ...sealed,
    };
    try {
      await checkSsoProvider(toWorkspaceSsoProvider({ id, workspaceId, ...fields }));
    } catch (error) {
      if (!(error instanceof SsoError)) throw error;
      throw invalid(
        `The provider's discovery document could not be read at this issuer: ${error.message}`,
        "issuer",
        "SSO_DISCOVERY_FAILED",
      );
    }
    const row = await ctx.prisma.$transaction(async (tx) => {
      const saved = await tx.workspaceSso.upsert({
        where: { workspaceId },
        create: { id, workspaceId, ...fields },
        update: fields,
      });
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "sso.configured",
        workspaceId,
        target: { type: "sso", id: saved.id },
      });
      return saved;
    });
    return { sso: toWorkspaceSso(row) };
  });
