import { describe, expect, it } from "vitest";
import { getIncludedFont } from "./includedFonts";
import { applyThemeDefaults, themeSchema } from "./index";
import { builtInThemeTemplates, isBuiltInThemeTemplateId } from "./themeTemplates";

describe("built-in theme templates", () => {
  it("are at least 8 valid themes with distinct builtin- ids, names and looks, each on an included font", () => {
    expect(builtInThemeTemplates.length).toBeGreaterThanOrEqual(8);
    expect(new Set(builtInThemeTemplates.map((template) => template.id)).size).toBe(
      builtInThemeTemplates.length,
    );
    expect(new Set(builtInThemeTemplates.map((template) => template.name)).size).toBe(
      builtInThemeTemplates.length,
    );
    const looks = new Set<string>();
    for (const template of builtInThemeTemplates) {
      expect(isBuiltInThemeTemplateId(template.id)).toBe(true);
      expect(themeSchema.safeParse(template.theme).success).toBe(true);
      const theme = applyThemeDefaults(template.theme);
      const font = typeof theme.general.font === "string" ? theme.general.font : theme.general.font?.family;
      expect(getIncludedFont(font), `${template.name}: ${font}`).toBeDefined();
      looks.add(`${theme.chat.hostBubbles.backgroundColor}/${theme.chat.buttons.backgroundColor}`);
    }
    expect(looks.size).toBe(builtInThemeTemplates.length);
    expect(isBuiltInThemeTemplateId("clx1a2b3c4d5e6f7g8h9i0j1")).toBe(false);
  });
});
