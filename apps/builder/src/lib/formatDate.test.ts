import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./formatDate";

describe("formatRelativeTime", () => {
  const now = new Date("2026-11-22T10:00:00.000Z");

  it("names the largest unit that fits", () => {
    expect(formatRelativeTime("2026-11-22T09:59:30.000Z", now)).toBe("30 seconds ago");
    expect(formatRelativeTime("2026-11-22T09:57:00.000Z", now)).toBe("3 minutes ago");
    expect(formatRelativeTime("2026-11-22T07:00:00.000Z", now)).toBe("3 hours ago");
    expect(formatRelativeTime("2026-11-21T10:00:00.000Z", now)).toBe("yesterday");
    expect(formatRelativeTime("2026-11-01T10:00:00.000Z", now)).toBe("3 weeks ago");
    expect(formatRelativeTime("2024-11-01T10:00:00.000Z", now)).toBe("2 years ago");
  });

  it("speaks of the future too", () => {
    expect(formatRelativeTime("2026-11-24T10:00:00.000Z", now)).toBe("in 2 days");
  });
});
