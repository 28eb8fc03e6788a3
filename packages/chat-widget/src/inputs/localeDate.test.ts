import { describe, expect, it } from "vitest";
import {
  getDateFieldPattern,
  getFieldPlaceholder,
  getTimeFieldPattern,
  parseDateFieldText,
  toIsoValue,
} from "./localeDate";

const parse = (text: string, locale: string | undefined, hasTime = false) => {
  const date = parseDateFieldText(text, getDateFieldPattern(locale, hasTime), locale);
  return date && toIsoValue(date, hasTime);
};

describe("date fields in a locale", () => {
  it("are typed in the locale's numeric date, with its placeholder", () => {
    expect(getDateFieldPattern("fr", false)).toBe("dd/MM/yyyy");
    expect(getDateFieldPattern("de", false)).toBe("dd.MM.yyyy");
    expect(getDateFieldPattern("en-US", false)).toBe("MM/dd/yyyy");
    expect(getDateFieldPattern(undefined, true)).toBe("dd/MM/yyyy HH:mm");
    expect(getFieldPlaceholder("dd/MM/yyyy", "fr")).toBe("jj/mm/aaaa");
    expect(getFieldPlaceholder("dd.MM.yyyy", "de")).toBe("TT.MM.JJJJ");
    expect(getFieldPlaceholder("MM/dd/yyyy", "en-US")).toBe("mm/dd/yyyy");
    expect(getFieldPlaceholder("dd/MM/yyyy", "ar")).toBe("يوم/الشهر/السنة");
  });

  it("read the numbers in the pattern's order, with any marks or none", () => {
    expect(parse("30/11/2026", "fr")).toBe("2026-11-30");
    expect(parse("30.11.2026", "de")).toBe("2026-11-30");
    expect(parse("1.5.26", "de")).toBe("2026-05-01");
    expect(parse("11/30/2026", "en-US")).toBe("2026-11-30");
    expect(parse("30112026", "fr")).toBe("2026-11-30");
    expect(parse("٣٠/١١/٢٠٢٦", "ar")).toBe("2026-11-30");
    expect(parse("30/11/2026 09:30", "fr", true)).toBe("2026-11-30T09:30");
    expect(parse("11/30/2026, 9:30 PM", "en-US", true)).toBe("2026-11-30T21:30");
  });

  it("refuse what is no date", () => {
    expect(parse("31/11/2026", "fr")).toBeUndefined();
    expect(parse("30/13/2026", "fr")).toBeUndefined();
    expect(parse("30/11", "fr")).toBeUndefined();
    expect(parse("", "fr")).toBeUndefined();
    expect(parseDateFieldText("24:10", getTimeFieldPattern("de"), "de")).toBeUndefined();
  });

  it("write a time in the locale's hour cycle", () => {
    expect(getTimeFieldPattern("de")).toBe("HH:mm");
    expect(getTimeFieldPattern("en-US")).toBe("hh:mm a");
    const time = parseDateFieldText("12:15 AM", "hh:mm a", "en-US");
    expect(time && toIsoValue(time, true)).toBe("2000-01-01T00:15");
  });
});
