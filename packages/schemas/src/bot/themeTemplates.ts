import type { Theme } from "./theme";
import { defaultTheme } from "./themeDefaults";

/** A theme template: a named theme an author applies to a bot in one click. */
export interface ThemeTemplateDefinition {
  id: string;
  name: string;
  theme: Theme;
}

interface Palette {
  font: string;
  /** The page behind the chat. */
  page: string;
  /** The chat container. */
  surface: string;
  text: string;
  hostBubble: string;
  hostText: string;
  accent: string;
  accentText: string;
  input: string;
  inputText: string;
  placeholder: string;
  line: string;
  roundeness: "none" | "medium" | "large";
  shadow?: "none" | "sm" | "md";
}

const border = (color: string, roundeness: Palette["roundeness"], thickness = 1) => ({
  thickness,
  color,
  roundeness,
  customRoundeness: roundeness === "large" ? 20 : roundeness === "medium" ? 12 : 0,
  opacity: 1,
});

/** Every colour of a theme from one palette (what the template gallery shows is what it applies). */
function paletteTheme(palette: Palette): Theme {
  const shadow = palette.shadow ?? "none";
  const accent = {
    backgroundColor: palette.accent,
    color: palette.accentText,
    blur: 0,
    opacity: 1,
    border: border(palette.accent, palette.roundeness),
    shadow,
  };
  return {
    general: {
      font: palette.font,
      background: { type: "Color", content: palette.page },
      progressBar: {
        ...defaultTheme.general.progressBar,
        color: palette.accent,
        backgroundColor: palette.line,
      },
    },
    chat: {
      container: {
        ...defaultTheme.chat.container,
        backgroundColor: palette.surface,
        color: palette.text,
        border: border(palette.line, palette.roundeness, 0),
      },
      hostAvatar: { isEnabled: true, url: "" },
      guestAvatar: { isEnabled: false, url: "" },
      hostBubbles: {
        backgroundColor: palette.hostBubble,
        color: palette.hostText,
        blur: 0,
        opacity: 1,
        border: border(palette.line, palette.roundeness),
        shadow,
      },
      guestBubbles: accent,
      buttons: accent,
      inputs: {
        backgroundColor: palette.input,
        color: palette.inputText,
        placeholderColor: palette.placeholder,
        blur: 0,
        opacity: 1,
        border: border(palette.line, palette.roundeness),
        shadow,
      },
      buttonsInput: {},
    },
    customCss: "",
  };
}

/**
 * The gallery of built-in theme templates (beside each workspace's own). Their ids start with
 * `builtin-`, which a workspace template's id never may. Every font is an included one, so a
 * template never makes the chat request a third party.
 */
export const builtInThemeTemplates: readonly ThemeTemplateDefinition[] = [
  { id: "builtin-parley", name: "Parley", theme: structuredClone<Theme>(defaultTheme) },
  {
    id: "builtin-midnight",
    name: "Midnight",
    theme: paletteTheme({
      font: "Inter",
      page: "#0B1020",
      surface: "#111827",
      text: "#E5E7EB",
      hostBubble: "#1F2937",
      hostText: "#F9FAFB",
      accent: "#6366F1",
      accentText: "#FFFFFF",
      input: "#1F2937",
      inputText: "#F9FAFB",
      placeholder: "#9CA3AF",
      line: "#374151",
      roundeness: "medium",
    }),
  },
  {
    id: "builtin-ocean",
    name: "Ocean",
    theme: paletteTheme({
      font: "Open Sans",
      page: "#E0F2FE",
      surface: "#FFFFFF",
      text: "#0C4A6E",
      hostBubble: "#F0F9FF",
      hostText: "#0C4A6E",
      accent: "#0284C7",
      accentText: "#FFFFFF",
      input: "#FFFFFF",
      inputText: "#0C4A6E",
      placeholder: "#64748B",
      line: "#BAE6FD",
      roundeness: "large",
    }),
  },
  {
    id: "builtin-forest",
    name: "Forest",
    theme: paletteTheme({
      font: "Lato",
      page: "#ECFDF5",
      surface: "#FFFFFF",
      text: "#064E3B",
      hostBubble: "#D1FAE5",
      hostText: "#064E3B",
      accent: "#047857",
      accentText: "#FFFFFF",
      input: "#FFFFFF",
      inputText: "#064E3B",
      placeholder: "#6B7280",
      line: "#A7F3D0",
      roundeness: "medium",
    }),
  },
  {
    id: "builtin-sunset",
    name: "Sunset",
    theme: paletteTheme({
      font: "Poppins",
      page: "#FFF7ED",
      surface: "#FFFFFF",
      text: "#7C2D12",
      hostBubble: "#FFEDD5",
      hostText: "#7C2D12",
      accent: "#EA580C",
      accentText: "#FFFFFF",
      input: "#FFFFFF",
      inputText: "#7C2D12",
      placeholder: "#9A3412",
      line: "#FED7AA",
      roundeness: "large",
      shadow: "sm",
    }),
  },
  {
    id: "builtin-rose",
    name: "Rose",
    theme: paletteTheme({
      font: "Nunito",
      page: "#FFF1F2",
      surface: "#FFFFFF",
      text: "#881337",
      hostBubble: "#FFE4E6",
      hostText: "#881337",
      accent: "#E11D48",
      accentText: "#FFFFFF",
      input: "#FFFFFF",
      inputText: "#881337",
      placeholder: "#9F1239",
      line: "#FECDD3",
      roundeness: "large",
    }),
  },
  {
    id: "builtin-monochrome",
    name: "Monochrome",
    theme: paletteTheme({
      font: "IBM Plex Sans",
      page: "#FFFFFF",
      surface: "#FFFFFF",
      text: "#000000",
      hostBubble: "#FFFFFF",
      hostText: "#000000",
      accent: "#000000",
      accentText: "#FFFFFF",
      input: "#FFFFFF",
      inputText: "#000000",
      placeholder: "#6B6B6B",
      line: "#000000",
      roundeness: "none",
    }),
  },
  {
    id: "builtin-lavender",
    name: "Lavender",
    theme: paletteTheme({
      font: "DM Sans",
      page: "#F5F3FF",
      surface: "#FFFFFF",
      text: "#3B0764",
      hostBubble: "#EDE9FE",
      hostText: "#3B0764",
      accent: "#7C3AED",
      accentText: "#FFFFFF",
      input: "#FFFFFF",
      inputText: "#3B0764",
      placeholder: "#6D28D9",
      line: "#DDD6FE",
      roundeness: "large",
    }),
  },
  {
    id: "builtin-sand",
    name: "Sand",
    theme: paletteTheme({
      font: "Merriweather",
      page: "#FAF6EE",
      surface: "#FFFDF8",
      text: "#44403C",
      hostBubble: "#F5EEDC",
      hostText: "#44403C",
      accent: "#A16207",
      accentText: "#FFFFFF",
      input: "#FFFFFF",
      inputText: "#44403C",
      placeholder: "#78716C",
      line: "#E7DCC3",
      roundeness: "medium",
    }),
  },
  {
    id: "builtin-terminal",
    name: "Terminal",
    theme: paletteTheme({
      font: "Space Grotesk",
      page: "#000000",
      surface: "#0A0A0A",
      text: "#22C55E",
      hostBubble: "#0A0A0A",
      hostText: "#4ADE80",
      accent: "#16A34A",
      accentText: "#000000",
      input: "#0A0A0A",
      inputText: "#4ADE80",
      placeholder: "#15803D",
      line: "#166534",
      roundeness: "none",
    }),
  },
];

/** Whether an id names a built-in template (workspace templates never start with `builtin-`). */
export const isBuiltInThemeTemplateId = (id: string) => id.startsWith("builtin-");

/** The built-in template of this id, if any. */
export const findBuiltInThemeTemplate = (id: string) =>
  builtInThemeTemplates.find((template) => template.id === id);
