import { applyThemeDefaults, type Theme, type ThemeWithDefaults } from "@parley/schemas";

/** What every theme field editor receives: the effective values and a setter by path. */
export interface ThemeFieldsProps {
  theme: ThemeWithDefaults;
  set: (path: readonly string[], value: unknown) => void;
}

export function getEffectiveTheme(theme: Theme): ThemeWithDefaults {
  return applyThemeDefaults(theme);
}

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
