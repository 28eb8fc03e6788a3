import { longestSessionExpiryHours } from "@parley/config";
import { maxSessionExpiryHours } from "@parley/schemas";
import { describe, expect, it } from "vitest";

describe("CHAT_SESSION_IDLE_HOURS", () => {
  it("is bounded by the longest session expiry a bot may set", () => {
    expect(longestSessionExpiryHours).toBe(maxSessionExpiryHours);
  });
});
