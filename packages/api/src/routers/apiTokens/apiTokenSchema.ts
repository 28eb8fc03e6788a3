import { apiTokenScopeSchema } from "@parley/schemas/management/apiTokenScopes";
import { idSchema } from "@parley/schemas/management/common";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";

export const apiTokenSchema = z
  .object({
    id: textSchema,
    name: textSchema,
    prefix: textSchema.describe("First characters of the token, to tell tokens apart"),
    createdAt: textSchema,
    lastUsedAt: textSchema.nullable(),
    expiresAt: textSchema.nullable().describe("From then on refused like a revoked token; null: never"),
    scopes: z.array(apiTokenScopeSchema).nullable().describe("null: full access"),
    workspaceId: idSchema.nullable().describe("The one workspace it acts in; null: all of its owner's"),
  })
  .meta({ id: "ApiToken" });

/** A stored token as the API shows it (no scopes stored: full access, `null`). */
export function toApiToken(token: {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  scopes: string[] | null;
  workspaceId: string | null;
}): z.infer<typeof apiTokenSchema> {
  const scopes = token.scopes?.length ? token.scopes.map((scope) => apiTokenScopeSchema.parse(scope)) : null;
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    expiresAt: token.expiresAt?.toISOString() ?? null,
    scopes,
    workspaceId: token.workspaceId,
  };
}
