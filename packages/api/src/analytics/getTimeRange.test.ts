import { describe, expect, it } from "vitest";
import { getTimeRange } from "./getTimeRange";

const at = (iso: string) => new Date(iso);

describe("getTimeRange", () => {
  it("computes today in the given zone, not in UTC", () => {
    // 23:30 UTC on Nov 22 is already Nov 23 in Paris (UTC+1).
    const now = at("2026-11-22T23:30:00.000Z");
    expect(getTimeRange("today", "UTC", now)).toEqual({
      from: at("2026-11-22T00:00:00.000Z"),
      to: at("2026-11-23T00:00:00.000Z"),
    });
    expect(getTimeRange("today", "Europe/Paris", now)).toEqual({
      from: at("2026-11-22T23:00:00.000Z"),
      to: at("2026-11-23T23:00:00.000Z"),
    });
    expect(getTimeRange("today", "America/Los_Angeles", now)).toEqual({
      from: at("2026-11-22T08:00:00.000Z"),
      to: at("2026-11-23T08:00:00.000Z"),
    });
  });

  it("spans 7 and 30 calendar days ending today", () => {
    const now = at("2026-03-10T12:00:00.000Z");
    expect(getTimeRange("last7Days", "UTC", now)).toEqual({
      from: at("2026-03-04T00:00:00.000Z"),
      to: at("2026-03-11T00:00:00.000Z"),
    });
    expect(getTimeRange("last30Days", "UTC", now).from).toEqual(at("2026-02-09T00:00:00.000Z"));
  });

  it("handles a DST change inside the range (Paris switches on 2026-03-29)", () => {
    const now = at("2026-03-31T10:00:00.000Z");
    const range = getTimeRange("last7Days", "Europe/Paris", now);
    expect(range.from).toEqual(at("2026-03-24T23:00:00.000Z")); // 25 March 00:00 CET
    expect(range.to).toEqual(at("2026-03-31T22:00:00.000Z")); // 1 April 00:00 CEST
  });

  it("starts a day whose midnight does not exist at its first instant (São Paulo, 2018-11-04 began at 01:00)", () => {
    const now = at("2018-11-04T12:00:00.000Z");
    expect(getTimeRange("today", "America/Sao_Paulo", now)).toEqual({
      from: at("2018-11-04T03:00:00.000Z"), // 01:00 -02, not 23:00 of the day before
      to: at("2018-11-05T02:00:00.000Z"),
    });
  });

  it("covers month and year boundaries", () => {
    const now = at("2026-01-15T12:00:00.000Z");
    expect(getTimeRange("lastMonth", "UTC", now)).toEqual({
      from: at("2025-12-01T00:00:00.000Z"),
      to: at("2026-01-01T00:00:00.000Z"),
    });
    expect(getTimeRange("monthToDate", "UTC", now).from).toEqual(at("2026-01-01T00:00:00.000Z"));
    expect(getTimeRange("yearToDate", "Asia/Tokyo", now).from).toEqual(at("2025-12-31T15:00:00.000Z"));
    expect(getTimeRange("allTime", "UTC", now)).toEqual({});
  });
});
