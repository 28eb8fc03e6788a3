import { defaultSettings } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { getSessionExpiry } from "./toTurnWrites";

const now = new Date("2026-11-25T10:00:00.000Z");
const idleMs = 72 * 3_600_000;
const expiryOf = (settings: Record<string, unknown>, isCompleted = false) =>
  getSessionExpiry(settings, { now, idleMs, isCompleted }).toISOString();

describe("getSessionExpiry", () => {
  it("takes the bot's session expiry, else the builder's default with messaging on, else the idle limit", () => {
    expect(expiryOf({ messaging: { sessionExpiryTimeout: 0.5 } })).toBe("2026-11-25T10:30:00.000Z");
    // The default the builder shows (defaultSettings) is the one that applies.
    expect(defaultSettings.messaging.sessionExpiryTimeout).toBe(4);
    expect(expiryOf({ messaging: { isEnabled: true } })).toBe("2026-11-25T14:00:00.000Z");
    expect(expiryOf({ messaging: { isEnabled: false } })).toBe("2026-11-28T10:00:00.000Z");
    expect(expiryOf({})).toBe("2026-11-28T10:00:00.000Z");
    expect(expiryOf({ messaging: { isEnabled: true } }, true)).toBe(now.toISOString());
  });
});
