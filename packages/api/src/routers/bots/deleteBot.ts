import { successMessageSchema } from "@parley/schemas/management/common";
import { memberBotProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { deleteBotData } from "../../bots/deleteBotData";
import { readWriteErrors } from "../errorLists";

export const deleteBot = memberBotProcedure("write")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/bots/{botId}",
      tags: ["Bots"],
      summary: "Delete a bot",
      description:
        "Removes the bot from every listing (GET answers NOT_FOUND afterwards), stops its published version from answering startChat (versions, chat key and sessions are deleted) and erases its results. Chats it had in the current period still count in the usage.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await deleteBotData(ctx.prisma, input.botId, auditRequestOf(ctx));
    return { message: "success" as const };
  });
