import { describe, expect, it } from "vitest";
import { getSeriesBuckets } from "./getSeriesBuckets";

const at = (iso: string) => new Date(iso);
const now = at("2026-03-10T12:30:00.000Z");

describe("getSeriesBuckets", () => {
  it("counts per calendar day of the zone for 3 days or more", () => {
    const { interval, buckets } = getSeriesBuckets(
      { from: at("2026-03-03T23:00:00.000Z"), to: at("2026-03-06T23:00:00.000Z") },
      null,
      "Europe/Paris",
      now,
    );
    expect(interval).toBe("day");
    expect(buckets).toEqual([
      { date: "2026-03-04", startsAt: at("2026-03-03T23:00:00.000Z") },
      { date: "2026-03-05", startsAt: at("2026-03-04T23:00:00.000Z") },
      { date: "2026-03-06", startsAt: at("2026-03-05T23:00:00.000Z") },
    ]);
  });

  it("counts per hour under 3 days, up to the current hour", () => {
    const { interval, buckets } = getSeriesBuckets(
      { from: at("2026-03-10T00:00:00.000Z"), to: at("2026-03-11T00:00:00.000Z") },
      null,
      "UTC",
      now,
    );
    expect(interval).toBe("hour");
    expect(buckets.map((bucket) => bucket.date)).toEqual(
      Array.from({ length: 24 }, (_, hour) => `2026-03-10T${String(hour).padStart(2, "0")}:00`),
    );
  });

  it("keeps one bucket per local hour when clocks go back, and starts at half-hour offsets' hours", () => {
    const autumn = getSeriesBuckets(
      { from: at("2026-10-24T22:00:00.000Z"), to: at("2026-10-25T23:00:00.000Z") },
      null,
      "Europe/Paris",
      at("2026-11-01T00:00:00.000Z"),
    );
    // 25 hours, but 02:00 happens twice and is one bucket.
    expect(autumn.buckets).toHaveLength(24);
    expect(autumn.buckets.filter((bucket) => bucket.date === "2026-10-25T02:00")).toHaveLength(1);
    const india = getSeriesBuckets({ from: at("2026-03-10T00:00:00.000Z") }, null, "Asia/Kolkata", now);
    expect(india.buckets[0]).toEqual({ date: "2026-03-10T05:00", startsAt: at("2026-03-09T23:30:00.000Z") });
  });

  it("starts an open or very long range at the first chat's day", () => {
    expect(
      getSeriesBuckets({}, at("2026-03-05T15:00:00.000Z"), "UTC", now).buckets.map((b) => b.date),
    ).toEqual(["2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10"]);
    const century = getSeriesBuckets(
      { from: at("1926-01-01T00:00:00.000Z"), to: at("2126-01-01T00:00:00.000Z") },
      at("2026-03-09T15:00:00.000Z"),
      "UTC",
      now,
    );
    // From the first chat's day to the end of today: under 3 days, so per hour.
    expect(century.interval).toBe("hour");
    expect(century.buckets).toHaveLength(48);
    expect(century.buckets[0]?.date).toBe("2026-03-09T00:00");
    expect(century.buckets.at(-1)?.date).toBe("2026-03-10T23:00");
    expect(getSeriesBuckets({}, null, "UTC", now).buckets.length).toBe(24);
  });
});
