import { listBotSharing } from "@parley/platform/accounts/botSharing";
import { botSharingSchema } from "@parley/schemas/management/botCollaborators";
import { memberBotProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toBotInvitation, toCollaborator } from "./toCollaborator";

export const listBotCollaborators = memberBotProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/collaborators",
      tags: ["Sharing"],
      summary: "List who a bot is shared with",
      description:
        "The people the bot is shared with (VIEWER or EDITOR), oldest first, and its pending invitations, newest first. Members of the bot's workspace only: a person the bot is shared with gets FORBIDDEN.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(botSharingSchema)
  .query(async ({ ctx, input }) => {
    const { collaborators, invitations } = await listBotSharing(ctx.prisma, input.botId);
    return {
      collaborators: collaborators.map(toCollaborator),
      invitations: invitations.map(toBotInvitation),
    };
  });
