import { describe, expect, it } from "vitest";
import { resolveTimeRange } from "./timeRangeInput";

const at = (iso: string) => new Date(iso);
const now = at("2026-03-10T12:00:00.000Z");

describe("resolveTimeRange", () => {
  it("reads the preset, or the default one, when no custom bound is given", () => {
    expect(resolveTimeRange({ timeZone: "UTC" }, "last7Days", now)).toEqual({
      from: at("2026-03-04T00:00:00.000Z"),
      to: at("2026-03-11T00:00:00.000Z"),
    });
    expect(resolveTimeRange({ timeZone: "UTC", timeFilter: "allTime" }, "last7Days", now)).toEqual({});
  });

  it("makes dates whole calendar days of the zone, both inclusive", () => {
    expect(
      resolveTimeRange({ timeZone: "Europe/Paris", from: "2026-03-01", to: "2026-03-02" }, "allTime"),
    ).toEqual({
      from: at("2026-02-28T23:00:00.000Z"),
      to: at("2026-03-02T23:00:00.000Z"),
    });
    // The day clocks go forward in Paris is 23 hours long.
    expect(
      resolveTimeRange({ timeZone: "Europe/Paris", from: "2026-03-29", to: "2026-03-29" }, "allTime"),
    ).toEqual({
      from: at("2026-03-28T23:00:00.000Z"),
      to: at("2026-03-29T22:00:00.000Z"),
    });
  });

  it("takes date-times as instants, the end inclusive, and leaves a missing bound open", () => {
    expect(
      resolveTimeRange(
        { timeZone: "UTC", from: "2026-03-01T10:00:00+02:00", to: "2026-03-01T10:00:00Z" },
        "allTime",
      ),
    ).toEqual({ from: at("2026-03-01T08:00:00.000Z"), to: at("2026-03-01T10:00:00.001Z") });
    expect(resolveTimeRange({ timeZone: "UTC", from: "2026-03-01" }, "allTime")).toEqual({
      from: at("2026-03-01T00:00:00.000Z"),
    });
    expect(resolveTimeRange({ timeZone: "UTC", to: "2026-03-01" }, "allTime")).toEqual({
      to: at("2026-03-02T00:00:00.000Z"),
    });
  });

  it("refuses a preset with custom bounds, and from after to, naming the field", () => {
    const refusal = (input: Parameters<typeof resolveTimeRange>[0]) => {
      try {
        resolveTimeRange(input, "allTime");
      } catch (error) {
        return (error as { issues: unknown }).issues;
      }
      return undefined;
    };
    expect(refusal({ timeZone: "UTC", timeFilter: "today", from: "2026-03-01" })).toEqual([
      {
        message: "Give either timeFilter or from/to, not both",
        path: ["timeFilter"],
        code: "CONFLICTING_RANGE",
      },
    ]);
    expect(refusal({ timeZone: "UTC", from: "2026-03-02", to: "2026-03-01" })).toEqual([
      { message: "from must not be after to", path: ["from"], code: "INVALID_RANGE" },
    ]);
    expect(refusal({ timeZone: "UTC", from: "2026-03-02", to: "2026-03-02" })).toBeUndefined();
  });
});
