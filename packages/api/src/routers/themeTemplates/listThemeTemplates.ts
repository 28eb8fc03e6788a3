import { builtInThemeTemplates } from "@parley/schemas";
import { themeTemplateSchema } from "@parley/schemas/management/themeTemplates";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toBuiltInThemeTemplate, toThemeTemplate } from "./toThemeTemplate";

export const listThemeTemplates = workspaceProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/themeTemplates",
      tags: ["Theme templates"],
      summary: "List theme templates",
      description:
        "Beyond the spec. The built-in templates (`isBuiltIn`, ids starting with `builtin-`), then the workspace's own, newest first. A bot records the template applied to it in `selectedThemeTemplateId`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ themeTemplates: z.array(themeTemplateSchema) }))
  .query(async ({ ctx }) => {
    const own = await ctx.prisma.themeTemplate.findMany({
      where: { workspaceId: ctx.access.workspaceId },
      orderBy: { createdAt: "desc" },
    });
    return {
      themeTemplates: [...builtInThemeTemplates.map(toBuiltInThemeTemplate), ...own.map(toThemeTemplate)],
    };
  });
