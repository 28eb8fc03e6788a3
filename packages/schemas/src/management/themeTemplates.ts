import { z } from "zod";
import { themeSchema } from "../bot/theme";
import { textSchema } from "../text";

/** A theme template as the API returns it: a built-in one (no workspace) or one a workspace saved. */
export const themeTemplateSchema = z
  .object({
    id: textSchema,
    name: textSchema,
    theme: themeSchema,
    isBuiltIn: z.boolean(),
    /** null for a built-in template. */
    workspaceId: textSchema.nullable(),
    createdAt: textSchema.nullable(),
    updatedAt: textSchema.nullable(),
  })
  .meta({ id: "ThemeTemplate" });
export type ThemeTemplate = z.infer<typeof themeTemplateSchema>;
