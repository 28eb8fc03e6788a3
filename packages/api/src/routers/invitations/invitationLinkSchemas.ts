import { botRoleSchema } from "@parley/schemas/management/botCollaborators";
import { idSchema } from "@parley/schemas/management/common";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";

/** The secret of an invitation link, as the link's page sends it. */
export const invitationTokenSchema = textSchema.min(1).max(100);
/** The workspace joined. */
export const joinedSchema = z.object({ workspaceId: idSchema });
/** What accepting an invitation gives: the workspace joined, or, for an invitation to one bot, the bot shared (and its workspace). */
export const acceptedSchema = z.object({ workspaceId: idSchema, botId: idSchema.nullable() });
/** For an invitation to one bot: the bot's name and the role it is shared with. */
export const invitedBotSchema = z.object({ name: textSchema, role: botRoleSchema }).nullable();
