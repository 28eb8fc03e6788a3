import { idSchema } from "@parley/schemas/management/common";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";

/** The secret of an invitation link, as the link's page sends it. */
export const invitationTokenSchema = textSchema.min(1).max(100);
/** The workspace joined. */
export const joinedSchema = z.object({ workspaceId: idSchema });
