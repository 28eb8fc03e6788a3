import { describe, expect, it } from "vitest";
import { getDateInputFormat, isDayFirstPattern } from "./dateFormat";

describe("getDateInputFormat", () => {
  it("keeps the author's format, whatever the locale", () => {
    expect(getDateInputFormat({ format: " d MMMM yyyy ", locale: "en-US" })).toBe("d MMMM yyyy");
  });

  it("without a format, writes the locale's numeric date in its order and separators", () => {
    expect(getDateInputFormat({ locale: "fr" })).toBe("dd/MM/yyyy");
    expect(getDateInputFormat({ locale: "en" })).toBe("MM/dd/yyyy");
    expect(getDateInputFormat({ locale: "en-GB" })).toBe("dd/MM/yyyy");
    expect(getDateInputFormat({ locale: "de" })).toBe("dd.MM.yyyy");
    expect(getDateInputFormat({ locale: "ja" })).toBe("yyyy/MM/dd");
    expect(getDateInputFormat({ locale: "nl" })).toBe("dd-MM-yyyy");
    // Gregorian years and Latin digits in every locale (Thai's Buddhist calendar, Arabic's digits are not used).
    expect(getDateInputFormat({ locale: "th" })).toBe("dd/MM/yyyy");
    expect(getDateInputFormat({ locale: "fa" })).toBe("yyyy/MM/dd");
  });

  it("with time: the locale's hour cycle, words quoted", () => {
    expect(getDateInputFormat({ locale: "fr", hasTime: true })).toBe("dd/MM/yyyy HH:mm");
    expect(getDateInputFormat({ locale: "en-US", hasTime: true })).toBe("MM/dd/yyyy, hh:mm a");
    expect(getDateInputFormat({ locale: "fi", hasTime: true })).toBe("dd.MM.yyyy' klo 'HH.mm");
  });

  it("without a locale, or with one Intl refuses: dd/MM/yyyy", () => {
    expect(getDateInputFormat({})).toBe("dd/MM/yyyy");
    expect(getDateInputFormat({ hasTime: true })).toBe("dd/MM/yyyy HH:mm");
    expect(getDateInputFormat({ locale: "not a tag" })).toBe("dd/MM/yyyy");
  });
});

describe("isDayFirstPattern", () => {
  it("tells day-first patterns, ignoring quoted words", () => {
    expect(isDayFirstPattern("dd/MM/yyyy")).toBe(true);
    expect(isDayFirstPattern("EEEE d MMMM")).toBe(true);
    expect(isDayFirstPattern("MM/dd/yyyy")).toBe(false);
    expect(isDayFirstPattern("yyyy-MM-dd")).toBe(false);
    expect(isDayFirstPattern("'day' MM/dd")).toBe(false);
  });
});
