import { describe, expect, it } from "vitest";
import { formatDate, toDateFieldBound } from "./formatDate";

describe("formatDate", () => {
  const date = new Date(2026, 0, 5, 14, 7, 9);

  it("formats the usual patterns", () => {
    expect(formatDate(date, "dd/MM/yyyy")).toBe("05/01/2026");
    expect(formatDate(date, "dd/MM/yyyy HH:mm")).toBe("05/01/2026 14:07");
    expect(formatDate(date, "MM-dd-yy h:mm a")).toBe("01-05-26 2:07 PM");
    expect(formatDate(date, "EEEE d MMMM yyyy")).toBe("Monday 5 January 2026");
    expect(formatDate(date, "d MMM 'at' HH:mm:ss")).toBe("5 Jan at 14:07:09");
  });

  it("names months, days and day periods in the locale (a month beside a day as such a date writes it)", () => {
    expect(formatDate(date, "EEEE d MMMM yyyy", "fr")).toBe("lundi 5 janvier 2026");
    expect(formatDate(date, "d MMMM yyyy", "ru")).toBe("5 января 2026");
    expect(formatDate(date, "d MMMM", "ja")).toBe("5 1月");
    expect(formatDate(date, "h:mm a", "ar")).toBe("2:07 م");
  });
});

describe("date field bounds", () => {
  it("turns min/max options into field bounds", () => {
    expect(toDateFieldBound("2026-01-05", false)).toBe("2026-01-05");
    expect(toDateFieldBound("2026-01-05", true)).toBe("2026-01-05T00:00");
    expect(toDateFieldBound("2026-01-05T10:30:00.000Z", true)).toBe("2026-01-05T10:30");
    expect(toDateFieldBound("{{var}}", false)).toBeUndefined();
  });
});
