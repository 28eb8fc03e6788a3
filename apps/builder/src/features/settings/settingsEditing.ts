import type { SettingsWithDefaults } from "@parley/schemas";

/** What every settings section receives: the effective values and a setter by path. */
export interface SettingsFieldsProps {
  settings: SettingsWithDefaults;
  set: (path: readonly string[], value: unknown) => void;
}

/** An allowed origin: scheme, host and optional port, nothing after (`https://example.com`). */
export function parseOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (url.pathname !== "/" || url.search || url.hash || url.username) return null;
    return url.origin;
  } catch {
    return null;
  }
}
