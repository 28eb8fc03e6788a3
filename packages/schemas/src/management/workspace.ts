import { z } from "zod";
import { textSchema } from "../text";
import { iconSchema, idSchema, nameSchema, timestampSchema } from "./common";
import { retentionDaysSchema } from "./retention";

export const workspaceRoles = ["ADMIN", "MEMBER", "GUEST"] as const;
export const workspaceRoleSchema = z.enum(workspaceRoles);
export type WorkspaceRoleName = z.infer<typeof workspaceRoleSchema>;

export const plans = ["FREE", "STARTER", "PRO", "ENTERPRISE"] as const;
export const planSchema = z.enum(plans);
export type PlanName = z.infer<typeof planSchema>;

/** A workspace's own hard limit as an operator sets it: null restores the plan's, absent keeps it. */
export const chatsHardLimitInputSchema = z
  .number()
  .int()
  .min(0)
  .max(100_000_000)
  .nullable()
  .optional()
  .describe("Chats per period after which startChat is refused; null = the plan's default");

/** The full workspace record (returned by creation), exactly the fields of the spec. */
export const workspaceSchema = z
  .object({
    id: idSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    name: textSchema,
    icon: textSchema.nullable(),
    paymentId: textSchema.nullable().describe("Identifier at the payment provider; null without one"),
    settings: z
      .object({
        retentionDays: retentionDaysSchema.describe(
          "Data retention (beyond the spec): results older than this many days are deleted with their answers, logs, files and sessions; null = kept forever",
        ),
        typebotCompatibility: z
          .boolean()
          .describe(
            "Typebot's chat API (beyond the spec): keyless startChat on /typebots/{publicId}/startChat for published bots whose public share is on; on by default once a Typebot export was imported",
          ),
      })
      .catchall(z.unknown()),
    isSuspended: z.boolean(),
    isPastDue: z.boolean(),
    isVerified: z.boolean(),
    chatsHardLimit: z
      .number()
      .int()
      .nullable()
      .describe("Chats per billing period after which startChat is refused; null = no limit"),
    lastActivityAt: timestampSchema.nullable(),
    inactiveFirstEmailSentAt: timestampSchema.nullable(),
    inactiveSecondEmailSentAt: timestampSchema.nullable(),
  })
  .meta({ id: "Workspace" });
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceSummarySchema = z.object({
  id: idSchema,
  name: textSchema,
  icon: textSchema.nullable(),
});

export const workspaceInputSchema = z.object({
  name: nameSchema.meta({ example: "Acme support" }),
  icon: iconSchema.nullable().optional().meta({ example: "🤖" }),
});

/** The workspace settings a PATCH may change (ADMIN only): each optional, absent = unchanged. */
export const workspaceSettingsInputSchema = z.strictObject({
  retentionDays: retentionDaysSchema
    .optional()
    .describe(
      "Data retention in days (1 to 3650); null turns it off. Bots inherit it unless they set their own.",
    ),
  typebotCompatibility: z
    .boolean()
    .optional()
    .describe("Serve Typebot's keyless chat API for the workspace's bots (docs/typebot-compat.md)."),
});

export const workspaceMemberSchema = z
  .object({
    userId: idSchema,
    email: textSchema,
    name: textSchema.nullable(),
    role: workspaceRoleSchema,
    createdAt: timestampSchema.describe("When the user joined the workspace"),
  })
  .meta({ id: "WorkspaceMember" });
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

/**
 * An invitation to a workspace, as ADMINs list it. `url` and `emailSent` come only in the answer that makes
 * the link (invite, resend): only the link's hash is stored. One component for every invitation answer.
 */
export const workspaceInvitationSchema = z
  .object({
    id: idSchema,
    email: textSchema,
    role: workspaceRoleSchema,
    invitedBy: textSchema.nullable().describe("The inviting ADMIN's e-mail"),
    createdAt: timestampSchema,
    expiresAt: timestampSchema,
    url: textSchema.optional().describe("Only when sent: the single-use link"),
    emailSent: z.boolean().optional().describe("Only when sent: whether it was e-mailed"),
  })
  .meta({ id: "WorkspaceInvitation" });
export type WorkspaceInvitation = z.infer<typeof workspaceInvitationSchema>;

/** A workspace's invite link; `url` only in the answer that creates it (only its hash is stored). */
export const workspaceInviteLinkSchema = z
  .object({
    id: idSchema,
    role: workspaceRoleSchema,
    createdAt: timestampSchema,
    expiresAt: timestampSchema.nullable().describe("null: never expires"),
    maxUses: z.int().min(1).nullable().describe("null: no limit"),
    uses: z.int().min(0),
    url: textSchema.optional().describe("Only on creation"),
  })
  .meta({ id: "WorkspaceInviteLink" });
export type WorkspaceInviteLink = z.infer<typeof workspaceInviteLinkSchema>;
