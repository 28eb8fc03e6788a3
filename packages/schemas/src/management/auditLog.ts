import { z } from "zod";
import { textSchema } from "../text";
import { idSchema, timestampSchema } from "./common";

/**
 * Every action the audit log records, `noun.verb` (docs/audit-log.md). User-level actions (`user.*`,
 * `apiToken.*`) belong to no workspace: they are listed in every workspace their actor is a member of, or only
 * in the one an API token is restricted to.
 */
export const auditActions = [
  "user.signedIn",
  "user.signInFailed",
  "user.twoFactorEnabled",
  "user.twoFactorDisabled",
  "user.twoFactorReset",
  "user.recoveryCodesRegenerated",
  "user.sessionsRevoked",
  "user.sessionRevoked",
  "user.identityUnlinked",
  "apiToken.created",
  "apiToken.revoked",
  "workspace.created",
  "workspace.updated",
  "workspace.planChanged",
  "workspace.deleted",
  "workspace.suspended",
  "workspace.unsuspended",
  "workspace.verified",
  "workspace.unverified",
  "member.added",
  "member.roleChanged",
  "member.removed",
  "member.joinedByDomain",
  "invitation.created",
  "invitation.resent",
  "invitation.revoked",
  "invitation.accepted",
  "invitation.declined",
  "inviteLink.created",
  "inviteLink.deleted",
  "inviteLink.used",
  "bot.created",
  "bot.edited",
  "bot.published",
  "bot.publishedWithFailingTests",
  "bot.unpublished",
  "bot.canaryStarted",
  "bot.canaryChanged",
  "bot.canaryPromoted",
  "bot.canaryRolledBack",
  "bot.canaryRolledBackAutomatically",
  "bot.deleted",
  "bot.restored",
  "bot.riskCleared",
  "bot.shared",
  "bot.shareChanged",
  "bot.unshared",
  "bot.replayStarted",
  "credentials.created",
  "credentials.updated",
  "credentials.deleted",
  "results.exported",
  "sso.configured",
  "sso.deleted",
  "domain.added",
  "domain.verified",
  "domain.updated",
  "domain.deleted",
] as const;

export type AuditAction = (typeof auditActions)[number];

export const auditActionSchema = z.enum(auditActions).meta({ id: "AuditAction" });

/** What an action was done to. */
export const auditTargetTypes = [
  "user",
  "session",
  "identity",
  "apiToken",
  "workspace",
  "member",
  "invitation",
  "inviteLink",
  "bot",
  "botCollaborator",
  "credentials",
  "sso",
  "domain",
] as const;

export type AuditTargetType = (typeof auditTargetTypes)[number];

/** How a person proved who they are (`user.signedIn`, `user.signInFailed`). */
export const signInMethods = ["password", "magicLink", "sso"] as const;
export type SignInMethod = (typeof signInMethods)[number];

/** The second factor a sign-in took: an authenticator's code, a recovery code, or none asked. */
export const secondFactors = ["totp", "recoveryCode", "none"] as const;
export type SecondFactor = (typeof secondFactors)[number];

/**
 * What more an entry says, where its action has more to say (null otherwise): a sign-in's method, its single
 * sign-on provider and its second factor.
 */
export const auditEntryDetailsSchema = z
  .object({
    method: z.enum(signInMethods).optional(),
    /** The single sign-on provider's id (`google`, `oidc`…), for `method: "sso"`. */
    provider: textSchema.optional(),
    secondFactor: z.enum(secondFactors).optional(),
  })
  .meta({ id: "AuditEntryDetails" });

export type AuditEntryDetails = z.infer<typeof auditEntryDetailsSchema>;

export const auditLogEntrySchema = z
  .object({
    id: idSchema,
    action: auditActionSchema,
    /** `id` null: no account acted (a failed sign-in with an e-mail that has none). */
    actor: z.object({ id: idSchema.nullable(), email: textSchema }),
    target: z.object({ type: z.enum(auditTargetTypes), id: textSchema }),
    createdAt: timestampSchema,
    ip: textSchema,
    userAgent: textSchema,
    details: auditEntryDetailsSchema.nullable(),
  })
  .meta({ id: "AuditLogEntry" });

export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
