import { z } from "zod";
import { textSchema } from "../text";
import { idSchema, timestampSchema } from "./common";

/**
 * How a workspace's identity provider is reached (docs/sso.md): `oidc` any OpenID Connect issuer; `google`,
 * `microsoft` (Entra ID, the verified-address claim `xms_edov`), `gitlab`, `keycloak` are OpenID Connect issuers
 * with their habits; `github` is GitHub's OAuth 2 (github.com or an Enterprise Server's web URL).
 */
export const workspaceSsoPresets = ["oidc", "google", "microsoft", "gitlab", "keycloak", "github"] as const;
export const workspaceSsoPresetSchema = z.enum(workspaceSsoPresets);
export type WorkspaceSsoPreset = z.infer<typeof workspaceSsoPresetSchema>;

/** A lower-case e-mail domain (`acme.com`): labels of letters, digits and hyphens, a dot between them. */
export const emailDomainSchema = textSchema
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    "Not a domain name such as acme.com",
  );

const httpsUrlSchema = textSchema
  .max(500)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), "Not an http(s) URL");

/** A workspace's identity provider as ADMINs read it: the client secret never leaves the server. */
export const workspaceSsoSchema = z
  .object({
    id: idSchema,
    preset: workspaceSsoPresetSchema,
    name: textSchema.describe('The button\'s "Sign in with <name>"'),
    issuer: textSchema.describe("The issuer URL (OpenID Connect), or GitHub's web URL"),
    clientId: textSchema,
    allowedDomains: z.array(textSchema),
    isEnforced: z.boolean().describe("Non-ADMIN members open the workspace only after signing in through it"),
    signInUrl: textSchema.describe("Where a member's browser starts signing in through it"),
    callbackUrl: textSchema.describe("The redirect URI to register at the provider"),
    updatedAt: timestampSchema,
  })
  .meta({ id: "WorkspaceSso" });
export type WorkspaceSso = z.infer<typeof workspaceSsoSchema>;

/** PUT /workspaces/{workspaceId}/sso: the whole configuration; `clientSecret` may be left out to keep the stored one. */
export const workspaceSsoInputSchema = z.strictObject({
  preset: workspaceSsoPresetSchema,
  name: textSchema.trim().min(1).max(60),
  issuer: httpsUrlSchema,
  clientId: textSchema.trim().min(1).max(300),
  clientSecret: textSchema.min(1).max(500).optional(),
  allowedDomains: z.array(emailDomainSchema).min(1).max(20),
  isEnforced: z.boolean().default(false),
});
export type WorkspaceSsoInput = z.infer<typeof workspaceSsoInputSchema>;

/** An e-mail domain a workspace claims, with the DNS record that proves it. */
export const workspaceDomainSchema = z
  .object({
    id: idSchema,
    domain: textSchema,
    verifiedAt: timestampSchema.nullable(),
    checkedAt: timestampSchema.nullable(),
    allowsJoining: z.boolean().describe("Verified addresses of the domain may join as MEMBER"),
    txtRecord: z.object({ name: textSchema, value: textSchema }),
  })
  .meta({ id: "WorkspaceDomain" });
export type WorkspaceDomain = z.infer<typeof workspaceDomainSchema>;

/** The TXT record's label under the domain, and its value's prefix. */
export const workspaceDomainTxtLabel = "_parley";
export const toWorkspaceDomainTxtValue = (token: string) => `parley-workspace=${token}`;

/** The id of a workspace provider in URLs and stored identities. */
export const workspaceSsoProviderKey = (ssoId: string) => `ws-${ssoId}`;
