import { mergeDefaults, type WithDefaults } from "./mergeDefaults";
import type { Theme } from "./theme";

/** Guest bubbles and buttons share the accent colour. */
const accentSurface = {
  backgroundColor: "#4F46E5",
  color: "#FFFFFF",
  blur: 0,
  opacity: 1,
  border: { thickness: 1, color: "#4F46E5", roundeness: "medium", opacity: 1 },
  shadow: "none",
} as const;

/** The 6.1 palette: light grey page, white surfaces, indigo accents, 1px borders, no shadows. */
export const defaultTheme = {
  general: {
    font: { type: "Google", family: "Inter" },
    background: { type: "Color", content: "#F4F4F6" },
    progressBar: {
      isEnabled: false,
      color: "#4F46E5",
      backgroundColor: "#E4E4E7",
      placement: "Top",
      position: "absolute",
      thickness: 4,
    },
  },
  chat: {
    container: {
      maxWidth: "800px",
      maxHeight: "100%",
      backgroundColor: "#FFFFFF",
      color: "#18181B",
      blur: 0,
      opacity: 1,
      border: { thickness: 0, color: "#E4E4E7", roundeness: "medium", opacity: 1 },
      shadow: "none",
    },
    hostAvatar: { isEnabled: true },
    guestAvatar: { isEnabled: false },
    hostBubbles: {
      backgroundColor: "#F4F4F5",
      color: "#18181B",
      blur: 0,
      opacity: 1,
      border: { thickness: 1, color: "#E4E4E7", roundeness: "medium", opacity: 1 },
      shadow: "none",
    },
    guestBubbles: accentSurface,
    buttons: accentSurface,
    inputs: {
      backgroundColor: "#FFFFFF",
      color: "#18181B",
      placeholderColor: "#71717A",
      blur: 0,
      opacity: 1,
      border: { thickness: 1, color: "#D4D4D8", roundeness: "medium", opacity: 1 },
      shadow: "none",
    },
    buttonsInput: {},
  },
  customCss: "",
} as const satisfies Theme;

/** The theme with every field the author left out taken from `defaultTheme`. */
export function applyThemeDefaults(theme: Theme | undefined): ThemeWithDefaults {
  return mergeDefaults(defaultTheme, theme);
}
export type ThemeWithDefaults = WithDefaults<Theme, typeof defaultTheme>;
