import { AppError } from "@parley/platform/errors";
import { isBuiltInThemeTemplateId, themeSchema } from "@parley/schemas";
import { idSchema, nameSchema } from "@parley/schemas/management/common";
import { themeTemplateSchema } from "@parley/schemas/management/themeTemplates";
import { z } from "zod";
import { workspaceProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toThemeTemplate } from "./toThemeTemplate";

/** How many templates a workspace may save (the gallery lists them all on the theme page). */
const MAX_THEME_TEMPLATES_PER_WORKSPACE = 100;

const badRequest = (message: string, code: string) =>
  new AppError("BAD_REQUEST", [{ message, path: ["themeTemplateId"], code }]);
const readOnly = () => badRequest("This template cannot be changed here", "THEME_TEMPLATE_READ_ONLY");

export const saveThemeTemplate = workspaceProcedure("write")
  .meta({
    openapi: {
      method: "PUT",
      path: "/themeTemplates/{themeTemplateId}",
      tags: ["Theme templates"],
      summary: "Save a theme template",
      description: `Beyond the spec. Creates the workspace's template with this id (the client picks it), or replaces its name and theme (MEMBER or ADMIN). Built-in or another workspace's: \`THEME_TEMPLATE_READ_ONLY\`; at most ${MAX_THEME_TEMPLATES_PER_WORKSPACE} per workspace (\`THEME_TEMPLATE_LIMIT_REACHED\`). Bots keep their theme when it is saved again.`,
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    z.strictObject({
      workspaceId: idSchema,
      themeTemplateId: idSchema,
      name: nameSchema,
      theme: themeSchema,
    }),
  )
  .output(z.object({ themeTemplate: themeTemplateSchema }))
  .mutation(async ({ ctx, input }) => {
    const { workspaceId } = ctx.access;
    const { themeTemplateId: id, name, theme } = input;
    if (isBuiltInThemeTemplateId(id)) throw readOnly();
    // Replace the workspace's own template, else create it: an id another workspace holds is never touched.
    const [replaced] = await ctx.prisma.themeTemplate.updateManyAndReturn({
      where: { id, workspaceId },
      data: { name, theme, updatedAt: new Date() },
    });
    if (replaced) return { themeTemplate: toThemeTemplate(replaced) };
    const count = await ctx.prisma.themeTemplate.count({ where: { workspaceId } });
    if (count >= MAX_THEME_TEMPLATES_PER_WORKSPACE)
      throw badRequest(
        `A workspace has at most ${MAX_THEME_TEMPLATES_PER_WORKSPACE} theme templates`,
        "THEME_TEMPLATE_LIMIT_REACHED",
      );
    const existing = await ctx.prisma.themeTemplate.findUnique({ where: { id }, select: { id: true } });
    if (existing) throw readOnly();
    const created = await ctx.prisma.themeTemplate.create({ data: { id, workspaceId, name, theme } });
    return { themeTemplate: toThemeTemplate(created) };
  });
