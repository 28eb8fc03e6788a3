import { describe, expect, it } from "vitest";
import { formatLocaleNumber, toCanonicalNumber } from "./localeNumber";

describe("toCanonicalNumber", () => {
  it("reads a number as the locale writes it, in the form the engine reads", () => {
    expect(toCanonicalNumber("3,5", "de")).toBe("3.5");
    expect(toCanonicalNumber("1.234,5", "de")).toBe("1234.5");
    expect(toCanonicalNumber("1 234,5", "fr")).toBe("1234.5");
    expect(toCanonicalNumber("1\u202f234,5", "fr")).toBe("1234.5");
    expect(toCanonicalNumber("1,234.5", "en")).toBe("1234.5");
    expect(toCanonicalNumber("−2,5", "de")).toBe("-2.5");
    expect(toCanonicalNumber("٣٫٥", "ar-EG")).toBe("3.5");
    expect(toCanonicalNumber("007", "fr")).toBe("007");
  });

  it("takes the other convention's lone decimal mark, and refuses what is no number", () => {
    expect(toCanonicalNumber("3.5", "de")).toBe("3.5");
    expect(toCanonicalNumber("3,5", "en")).toBe("3.5");
    expect(toCanonicalNumber("3.5", "fr")).toBe("3.5");
    expect(toCanonicalNumber("1.2.3", "de")).toBeUndefined();
    expect(toCanonicalNumber("abc", "de")).toBeUndefined();
    expect(toCanonicalNumber("3,5,1", "de")).toBeUndefined();
  });

  it("writes bounds in the locale", () => {
    expect(formatLocaleNumber(0.5, "de")).toBe("0,5");
    expect(formatLocaleNumber(1500, "en")).toBe("1,500");
  });
});
