import { describe, expect, it } from "vitest";
import { themeSchema } from "./theme";
import { applyThemeDefaults, defaultTheme } from "./themeDefaults";

describe("themeSchema", () => {
  it("accepts every field of the contract and the font and background kinds", () => {
    const border = { thickness: 1, color: "#000", roundeness: "custom", customRoundeness: 8, opacity: 0.5 };
    const surface = { backgroundColor: "#fff", color: "#111", blur: 2, opacity: 0.9, border };
    const theme = {
      general: {
        font: { type: "Custom", family: "Brand", url: "https://fonts.test/brand.woff2" },
        background: { type: "Image", content: "{{Background}}" },
        progressBar: {
          isEnabled: true,
          color: "#000",
          backgroundColor: "#eee",
          thickness: 6,
          placement: "Bottom",
        },
      },
      chat: {
        container: { ...surface, maxWidth: "720px", maxHeight: "80%" },
        hostBubbles: surface,
        guestBubbles: surface,
        buttons: surface,
        inputs: { ...surface, placeholderColor: "#999" },
        hostAvatar: { isEnabled: true, url: "https://img.test/bot.png" },
        guestAvatar: { isEnabled: false },
        buttonsInput: {},
      },
      customCss: ".chat { color: red }",
    };
    expect(themeSchema.parse(theme)).toEqual(theme);
    expect(themeSchema.parse({ general: { font: "Open Sans" } })).toEqual({ general: { font: "Open Sans" } });
  });

  it("rejects out-of-range and unknown values", () => {
    expect(themeSchema.safeParse({ chat: { buttons: { opacity: 2 } } }).success).toBe(false);
    expect(themeSchema.safeParse({ general: { background: { type: "Gradient" } } }).success).toBe(false);
    expect(themeSchema.safeParse({ general: { font: { type: "Adobe" } } }).success).toBe(false);
  });
});

describe("applyThemeDefaults", () => {
  it("fills what the author left out and keeps what they set", () => {
    const theme = applyThemeDefaults({ chat: { buttons: { backgroundColor: "#FF0000" } } });
    expect(theme.chat.buttons.backgroundColor).toBe("#FF0000");
    expect(theme.chat.buttons.color).toBe(defaultTheme.chat.buttons.color);
    expect(theme.chat.buttons.border).toEqual(defaultTheme.chat.buttons.border);
    expect(theme.general.background).toEqual(defaultTheme.general.background);
    expect(applyThemeDefaults(undefined)).toEqual(defaultTheme);
    expect(themeSchema.parse(defaultTheme)).toEqual(defaultTheme);
  });
});
