import { describe, expect, it } from "vitest";
import { getDefaultPhoneCountry, listPhoneCountries, toInternationalNumber } from "./phoneCountries";

describe("phone countries", () => {
  it("lists countries by name with flags and unique codes", () => {
    const countries = listPhoneCountries();
    expect(countries.length).toBeGreaterThan(230);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    expect(countries.find((c) => c.code === "FR")).toEqual({
      code: "FR",
      dialCode: "33",
      name: "France",
      flag: "🇫🇷",
    });
  });

  it("preselects the block's country, then the browser's region", () => {
    expect(getDefaultPhoneCountry("fr").code).toBe("FR");
    expect(getDefaultPhoneCountry(undefined, "de-DE").code).toBe("DE");
    expect(getDefaultPhoneCountry(undefined, "en").code).toBe("US");
  });

  it("builds international numbers", () => {
    const france = getDefaultPhoneCountry("FR");
    expect(toInternationalNumber("06 12 34 56 78", france)).toBe("+33612345678");
    expect(toInternationalNumber("+1 (415) 555-0100", france)).toBe("+14155550100");
    expect(toInternationalNumber("0044 20 7946 0958", france)).toBe("+442079460958");
    expect(toInternationalNumber("", france)).toBe("");
  });
});
