import { AppError } from "@parley/platform/errors";
import { idSchema, successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const deleteThemeTemplate = workspaceProcedure("write")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/themeTemplates/{themeTemplateId}",
      tags: ["Theme templates"],
      summary: "Delete a theme template",
      description:
        "Beyond the spec. Deletes one of the workspace's templates (MEMBER or ADMIN); bots that recorded it keep their theme and their `selectedThemeTemplateId` becomes null. NOT_FOUND for a built-in template or one the workspace does not have.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ themeTemplateId: idSchema }))
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    const deleted = await ctx.prisma.$transaction(async (tx) => {
      const { count } = await tx.themeTemplate.deleteMany({
        where: { id: input.themeTemplateId, workspaceId },
      });
      if (count > 0)
        await tx.bot.updateMany({
          where: { workspaceId, selectedThemeTemplateId: input.themeTemplateId },
          data: { selectedThemeTemplateId: null },
        });
      return count > 0;
    });
    if (!deleted)
      throw new AppError("NOT_FOUND", [{ message: "No such theme template", path: ["themeTemplateId"] }]);
    return { message: "success" as const };
  });
