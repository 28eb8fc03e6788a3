import { applyThemeDefaults, type Theme, type ThemeWithDefaults } from "@parley/schemas";

/** What every theme field editor receives: the effective values and a setter by path. */
export interface ThemeFieldsProps {
  theme: ThemeWithDefaults;
  set: (path: readonly string[], value: unknown) => void;
}

export function getEffectiveTheme(theme: Theme): ThemeWithDefaults {
  return applyThemeDefaults(theme);
}

/** Google fonts offered in the picker; any other family name can be typed. */
export const popularFonts = [
  "Inter",
  "Open Sans",
  "Roboto",
  "Lato",
  "Montserrat",
  "Poppins",
  "Nunito",
  "Raleway",
  "Source Sans 3",
  "Work Sans",
  "DM Sans",
  "Merriweather",
  "Playfair Display",
  "IBM Plex Sans",
  "Space Grotesk",
] as const;

export const shadowOptions = [
  { value: "none", label: "None" },
  { value: "sm", label: "S" },
  { value: "md", label: "M" },
  { value: "lg", label: "L" },
  { value: "xl", label: "XL" },
  { value: "2xl", label: "2XL" },
] as const;

export const roundnessOptions = [
  { value: "none", label: "None" },
  { value: "medium", label: "Medium" },
  { value: "large", label: "Large" },
  { value: "custom", label: "Custom" },
] as const;
