import type { ThemeTemplateModel } from "@parley/db";
import type { Theme, ThemeTemplateDefinition } from "@parley/schemas";
import type { ThemeTemplate } from "@parley/schemas/management/themeTemplates";

export function toThemeTemplate(row: ThemeTemplateModel): ThemeTemplate {
  return {
    id: row.id,
    name: row.name,
    theme: row.theme as Theme,
    isBuiltIn: false,
    workspaceId: row.workspaceId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toBuiltInThemeTemplate(template: ThemeTemplateDefinition): ThemeTemplate {
  return { ...template, isBuiltIn: true, workspaceId: null, createdAt: null, updatedAt: null };
}
