import { applyThemeDefaults, type Theme, type ThemeWithDefaults } from "@parley/schemas";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";

/** What every theme field editor receives: the effective values and a setter by path. */
export interface ThemeFieldsProps {
  theme: ThemeWithDefaults;
  set: (path: readonly string[], value: unknown) => void;
}

export function getEffectiveTheme(theme: Theme): ThemeWithDefaults {
  return applyThemeDefaults(theme);
}

export const shadows = ["none", "sm", "md", "lg", "xl", "2xl"] as const;

/** The shadow sizes as the theme editor names them (sizes stay S, M, L… in every language). */
export const getShadowOptions = (t: InterfaceTranslator<"ThemeFields">) =>
  shadows.map((value) => ({ value, label: value === "none" ? t("noneShadow") : value.toUpperCase() }));

export const getRoundnessOptions = (t: InterfaceTranslator<"ThemeFields">) =>
  [
    { value: "none", label: t("noneCorners") },
    { value: "medium", label: t("medium") },
    { value: "large", label: t("large") },
    { value: "custom", label: t("custom") },
  ] as const;
