import { defaultSettings, type Settings } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { getSessionExpiry } from "./toTurnWrites";

const now = new Date("2026-11-25T10:00:00.000Z");
const idleMs = 72 * 3_600_000;
const expiryOf = (settings: Settings, isCompleted = false) =>
  getSessionExpiry(settings, { now, idleMs, isCompleted }).toISOString();

describe("getSessionExpiry", () => {
  it("takes the bot's session expiry, else the install's one default, messaging on or off", () => {
    expect(expiryOf({ messaging: { sessionExpiryTimeout: 0.5 } })).toBe("2026-11-25T10:30:00.000Z");
    expect(expiryOf({ messaging: { sessionExpiryTimeout: 100 } })).toBe("2026-11-29T14:00:00.000Z");
    // Responses and the builder show the unset value as null: the idle limit applies.
    expect(defaultSettings.messaging.sessionExpiryTimeout).toBeNull();
    expect(expiryOf({ messaging: { isEnabled: true } })).toBe("2026-11-28T10:00:00.000Z");
    expect(expiryOf({ messaging: { isEnabled: true, sessionExpiryTimeout: null } })).toBe(
      "2026-11-28T10:00:00.000Z",
    );
    expect(expiryOf({ messaging: { isEnabled: false } })).toBe("2026-11-28T10:00:00.000Z");
    expect(expiryOf({})).toBe("2026-11-28T10:00:00.000Z");
    expect(expiryOf({ messaging: { isEnabled: true } }, true)).toBe(now.toISOString());
  });
});
