import { mergeDefaults, type WithDefaults } from "./mergeDefaults";
import type { Theme } from "./theme";

// Every border names `customRoundeness` (the contract's border fields); it applies when
// `roundeness` is "custom", and 12 px is also what "medium" draws.
/** Guest bubbles and buttons share the accent colour. */
const accentSurface = {
  backgroundColor: "#4F46E5",
  color: "#FFFFFF",
  blur: 0,
  opacity: 1,
  border: { thickness: 1, color: "#4F46E5", roundeness: "medium", customRoundeness: 12, opacity: 1 },
  shadow: "none",
} as const;

/** The 6.1 palette: light grey page, white surfaces, indigo accents, 1px borders, no shadows. */
export const defaultTheme = {
  general: {
    // A family name: the contract's `font` is a string (the object form stays accepted).
    font: "Inter",
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
      border: { thickness: 0, color: "#E4E4E7", roundeness: "medium", customRoundeness: 12, opacity: 1 },
      shadow: "none",
    },
    hostAvatar: { isEnabled: true, url: "" },
    guestAvatar: { isEnabled: false, url: "" },
    hostBubbles: {
      backgroundColor: "#F4F4F5",
      color: "#18181B",
      blur: 0,
      opacity: 1,
      border: { thickness: 1, color: "#E4E4E7", roundeness: "medium", customRoundeness: 12, opacity: 1 },
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
      border: { thickness: 1, color: "#D4D4D8", roundeness: "medium", customRoundeness: 12, opacity: 1 },
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
