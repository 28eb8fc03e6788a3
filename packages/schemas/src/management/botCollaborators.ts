import { z } from "zod";
import { textSchema } from "../text";
import { idSchema, timestampSchema } from "./common";

/** What a person one bot is shared with may do on it: VIEWER reads, EDITOR also edits and publishes. */
export const botRoles = ["VIEWER", "EDITOR"] as const;
export const botRoleSchema = z.enum(botRoles);
export type BotRoleName = z.infer<typeof botRoleSchema>;

/** A person a bot is shared with (who accepted, or a member of the bot's workspace it was shared with). */
export const botCollaboratorSchema = z
  .object({
    userId: idSchema,
    email: textSchema,
    name: textSchema.nullable(),
    role: botRoleSchema,
    createdAt: timestampSchema.describe("When the bot was shared with them"),
  })
  .meta({ id: "BotCollaborator" });
export type BotCollaborator = z.infer<typeof botCollaboratorSchema>;

/**
 * An invitation to one bot, waiting for the invited address to accept it. `url` and `emailSent` come only in
 * the answer that makes the link: only the link's hash is stored.
 */
export const botInvitationSchema = z
  .object({
    id: idSchema,
    email: textSchema,
    role: botRoleSchema,
    invitedBy: textSchema.nullable().describe("The inviting member's e-mail"),
    createdAt: timestampSchema,
    expiresAt: timestampSchema,
    url: textSchema.optional().describe("Only when sent: the single-use link"),
    emailSent: z.boolean().optional().describe("Only when sent: whether it was e-mailed"),
  })
  .meta({ id: "BotInvitation" });
export type BotInvitation = z.infer<typeof botInvitationSchema>;

/** Who a bot is shared with: the people with access, and the invitations not accepted yet. */
export const botSharingSchema = z.object({
  collaborators: z.array(botCollaboratorSchema),
  invitations: z.array(botInvitationSchema),
});
export type BotSharing = z.infer<typeof botSharingSchema>;

/** A bot shared with the caller, as the dashboard's "Shared with you" lists it. */
export const sharedBotSchema = z
  .object({
    id: idSchema,
    name: textSchema,
    icon: textSchema.nullable(),
    publicId: textSchema.nullable(),
    isPublished: z.boolean(),
    workspaceId: idSchema,
    workspaceName: textSchema,
    role: botRoleSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: "SharedBot" });
export type SharedBot = z.infer<typeof sharedBotSchema>;
