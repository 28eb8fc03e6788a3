import { idSchema, timestampSchema } from "@parley/schemas/management/common";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";

/** A live builder sign-in of the account (Account > Security > Sessions). */
export const accountSessionSchema = z
  .object({
    id: idSchema,
    createdAt: timestampSchema.describe("When it signed in"),
    lastUsedAt: timestampSchema.describe("Its last request, to the minute"),
    expiresAt: timestampSchema,
    method: textSchema
      .nullable()
      .describe(
        "How it signed in: `password`, `magicLink`, `passwordReset`, `sso:<provider>`, with `+totp` or `+recoveryCode` after a second factor; null when not recorded",
      ),
    ip: textSchema.nullable().describe("The client address it signed in from (the trusted-proxy rule)"),
    userAgent: textSchema.nullable().describe("The User-Agent of the browser that signed in"),
    ssoProvider: textSchema.nullable().describe("The identity provider it signed in through, if any"),
    ssoProviderName: textSchema.nullable().describe("That provider's name"),
    isCurrent: z.boolean().describe("The session of this request (always false with an API token)"),
  })
  .meta({ id: "AccountSession" });

/** An identity provider's account linked to this one (Account > Security > Single sign-on). */
export const linkedIdentitySchema = z
  .object({
    id: idSchema,
    provider: textSchema.describe(
      "The provider's id: the install's (`google`, `oidc`…) or a workspace's (`ws-<id>`)",
    ),
    providerName: textSchema,
    createdAt: timestampSchema.describe("When it was linked (its first sign-in)"),
    lastUsedAt: timestampSchema.nullable(),
  })
  .meta({ id: "LinkedIdentity" });
