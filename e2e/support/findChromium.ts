import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/**
 * The Chromium the browser tests drive: PLAYWRIGHT_CHROMIUM_EXECUTABLE, else
 * Debian's /usr/bin/chromium, else Playwright's own download where installed.
 */
export function findChromium(): string | undefined {
  const candidates = [
    process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return undefined;
  } catch {
    // Playwright's browsers are not installed
  }
  throw new Error(
    "No Chromium found: install it (Debian: `apt-get install chromium`) or set PLAYWRIGHT_CHROMIUM_EXECUTABLE to a Chromium binary.",
  );
}
