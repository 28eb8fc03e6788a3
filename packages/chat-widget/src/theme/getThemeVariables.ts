import type { DynamicTheme, Theme } from "@parley/schemas";
import { applyThemeDefaults } from "@parley/schemas/bot/themeDefaults";
import { sanitizeMediaUrl } from "../rich-text/sanitizeUrl";

type Surface = {
  backgroundColor?: string;
  color?: string;
  blur?: number;
  opacity?: number;
  border?: {
    thickness?: number;
    color?: string;
    roundeness?: string;
    customRoundeness?: number;
    opacity?: number;
  };
  shadow?: string;
};

const shadows: Record<string, string> = {
  none: "none",
  sm: "0 1px 2px rgb(0 0 0 / 0.06)",
  md: "0 2px 8px -1px rgb(0 0 0 / 0.1), 0 1px 3px -1px rgb(0 0 0 / 0.06)",
  lg: "0 10px 15px -3px rgb(0 0 0 / 0.1), 0 4px 6px -4px rgb(0 0 0 / 0.1)",
  xl: "0 20px 25px -5px rgb(0 0 0 / 0.1), 0 8px 10px -6px rgb(0 0 0 / 0.1)",
  "2xl": "0 25px 50px -12px rgb(0 0 0 / 0.25)",
};

const roundnesses: Record<string, number> = { none: 0, medium: 12, large: 22 };

/** A CSS colour from theme data, or the fallback when it is not a plain colour value. */
export function toCssColor(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  return /^[#a-zA-Z0-9(),.%\s/-]{1,64}$/.test(value) ? value : fallback;
}

function withOpacity(color: string, opacity: number | undefined) {
  if (opacity === undefined || opacity >= 1) return color;
  return `color-mix(in srgb, ${color} ${Math.round(Math.max(0, opacity) * 100)}%, transparent)`;
}

function toCssUrl(url: string) {
  return `url("${url.replace(/["\\\n\r]/g, (character) => `\\${character.charCodeAt(0).toString(16)} `)}")`;
}

function px(value: number | undefined, fallback: number, max = 200) {
  return `${value !== undefined && Number.isFinite(value) ? Math.min(Math.max(0, value), max) : fallback}px`;
}

function surfaceVariables(
  prefix: string,
  surface: Surface,
  fallbackBackground: string,
  fallbackColor: string,
) {
  const border = surface.border ?? {};
  const radius =
    border.roundeness === "custom"
      ? px(border.customRoundeness, 12)
      : `${roundnesses[border.roundeness ?? "medium"] ?? 12}px`;
  const borderColor = withOpacity(toCssColor(border.color, "transparent"), border.opacity);
  return {
    [`--parley-${prefix}-bg`]: withOpacity(
      toCssColor(surface.backgroundColor, fallbackBackground),
      surface.opacity,
    ),
    [`--parley-${prefix}-color`]: toCssColor(surface.color, fallbackColor),
    [`--parley-${prefix}-border`]: `${px(border.thickness, 0, 20)} solid ${borderColor}`,
    [`--parley-${prefix}-radius`]: radius,
    [`--parley-${prefix}-blur`]: surface.blur ? `blur(${px(surface.blur, 0, 100)})` : "none",
    [`--parley-${prefix}-shadow`]: shadows[surface.shadow ?? "none"] ?? "none",
  };
}

/** The font family to use (the families a theme may name). */
export function getFontFamily(theme: Theme): string | undefined {
  const font = theme.general?.font;
  const family = typeof font === "string" ? font : font?.family;
  return family && /^[\w\s-]{1,64}$/.test(family) ? family : undefined;
}

/** CSS custom properties carrying every Theme field the widget styles read. */
export function getThemeVariables(theme: Theme, dynamicTheme?: DynamicTheme | null): Record<string, string> {
  const full = applyThemeDefaults(theme);
  const { general, chat } = full;
  const family = getFontFamily(full);
  const background = general.background;
  const backgroundUrl = sanitizeMediaUrl(
    dynamicTheme?.backgroundUrl ?? (background.type === "Image" ? background.content : undefined),
  );
  const progress = general.progressBar;
  const container = chat.container;
  return {
    "--parley-font": `${family ? `"${family}", ` : ""}ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`,
    "--parley-background":
      background.type === "None"
        ? "transparent"
        : backgroundUrl
          ? `${toCssUrl(backgroundUrl)} center / cover no-repeat`
          : toCssColor(background.type === "Color" ? background.content : undefined, "#F4F4F6"),
    "--parley-progress-color": toCssColor(progress.color, "#4F46E5"),
    "--parley-progress-bg": toCssColor(progress.backgroundColor, "#E4E4E7"),
    "--parley-progress-thickness": px(progress.thickness, 4, 40),
    "--parley-container-max-width": toCssLength(container.maxWidth, "800px"),
    "--parley-container-max-height": toCssLength(container.maxHeight, "100%"),
    ...surfaceVariables("container", container, "#FFFFFF", "#18181B"),
    ...surfaceVariables("host", chat.hostBubbles, "#F4F4F5", "#18181B"),
    ...surfaceVariables("guest", chat.guestBubbles, "#4F46E5", "#FFFFFF"),
    ...surfaceVariables("button", chat.buttons, "#4F46E5", "#FFFFFF"),
    ...surfaceVariables("input", chat.inputs, "#FFFFFF", "#18181B"),
    "--parley-input-placeholder": toCssColor(chat.inputs.placeholderColor, "#71717A"),
  };
}

function toCssLength(value: string | undefined, fallback: string) {
  return value && /^\d{1,5}(\.\d+)?(px|%|vh|vw|rem|em)$/.test(value.trim()) ? value.trim() : fallback;
}
