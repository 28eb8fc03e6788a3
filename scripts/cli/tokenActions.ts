import { loadWorkspaceAccess } from "@parley/platform/access/loadAccess";
import { normalizeEmail } from "@parley/platform/accounts/createUserAccount";
import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { createApiToken } from "@parley/platform/auth/apiTokens";
import { AppError } from "@parley/platform/errors";
import { apiTokenScopeSchema } from "@parley/schemas/management/apiTokenScopes";
import { z } from "zod";
import { cliAuditRequest } from "./cliAuditRequest";
import type { CommandRun } from "./cliContext";
import { writeList, writeResult } from "./output";
import { idOption, parseOptions } from "./parseOptions";

export async function createToken(run: CommandRun, values: unknown) {
  const input = parseOptions(
    z.object({
      email: z.email(),
      name: z.string().min(1),
      scope: z.array(apiTokenScopeSchema).optional(),
      workspaceId: idOption.optional(),
      expires: z.iso
        .datetime({ offset: true })
        .refine((value) => Date.parse(value) > Date.now(), "must be in the future")
        .optional(),
    }),
    values,
  );
  const prisma = await run.database();
  const user = await prisma.user.findUnique({
    where: { email: normalizeEmail(input.email) },
    select: { id: true, email: true },
  });
  if (!user) throw new AppError("NOT_FOUND", [{ message: `No user with email ${input.email}` }]);
  if (input.workspaceId) await loadWorkspaceAccess(prisma, user.id, input.workspaceId, "read");
  const created = await prisma.$transaction(async (tx) => {
    const token = await createApiToken(tx, user.id, input.name, {
      scopes: input.scope ? [...new Set(input.scope)] : null,
      workspaceId: input.workspaceId ?? null,
      expiresAt: input.expires ? new Date(input.expires) : null,
    });
    await appendAuditEntry(tx, cliAuditRequest(user), {
      action: "apiToken.created",
      workspaceId: token.workspaceId,
      target: { type: "apiToken", id: token.id },
    });
    return token;
  });
  writeResult(
    run,
    {
      id: created.id,
      name: input.name,
      scopes: created.scopes,
      workspaceId: created.workspaceId,
      expiresAt: created.expiresAt,
      token: created.token,
    },
    created.token,
  );
}

export async function listTokens(run: CommandRun, values: unknown) {
  const input = parseOptions(z.object({ email: z.email().optional() }), values);
  const prisma = await run.database();
  const tokens = await prisma.apiToken.findMany({
    where: { revokedAt: null, ...(input.email ? { owner: { email: normalizeEmail(input.email) } } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      prefix: true,
      name: true,
      createdAt: true,
      lastUsedAt: true,
      expiresAt: true,
      scopes: true,
      owner: { select: { email: true } },
    },
  });
  writeList(
    run,
    tokens.map(({ owner, scopes, ...token }) => ({
      ...token,
      owner: owner.email,
      scopes: scopes.length > 0 ? scopes.join(",") : null,
    })),
    [
      { key: "id", title: "ID" },
      { key: "prefix", title: "PREFIX" },
      { key: "owner", title: "OWNER" },
      { key: "name", title: "NAME" },
      { key: "scopes", title: "SCOPES", none: "all" },
      { key: "expiresAt", title: "EXPIRES", none: "never" },
      { key: "createdAt", title: "CREATED" },
      { key: "lastUsedAt", title: "LAST USED", none: "never" },
    ],
    "No API tokens",
  );
}

export async function revokeToken(run: CommandRun, values: unknown) {
  const { tokenId } = parseOptions(z.object({ tokenId: idOption }), values);
  const prisma = await run.database();
  await prisma.$transaction(async (tx) => {
    const [revoked] = await tx.apiToken.updateManyAndReturn({
      where: { id: tokenId, revokedAt: null },
      data: { revokedAt: new Date() },
      select: { id: true, workspaceId: true, owner: { select: { id: true, email: true } } },
    });
    if (!revoked) throw new AppError("NOT_FOUND", [{ message: `No active API token with id ${tokenId}` }]);
    await appendAuditEntry(tx, cliAuditRequest(revoked.owner), {
      action: "apiToken.revoked",
      workspaceId: revoked.workspaceId,
      target: { type: "apiToken", id: revoked.id },
    });
  });
  writeResult(run, { id: tokenId, revoked: true }, `Token ${tokenId} revoked`);
}
