import { describe, expect, it } from "vitest";
import { compareProportions, normalCdf } from "./compareProportions";

describe("compareProportions", () => {
  it("gives the textbook z score, p-value and interval", () => {
    // 45 % of 1,000 against 50 % of 1,000: pooled p = 0.475, se = 0.02233, z = 2.239, p = 0.0252.
    const result = compareProportions({ successes: 450, trials: 1000 }, { successes: 500, trials: 1000 });
    expect(result.test).toBe("two-proportion z-test");
    expect(result.difference).toBeCloseTo(0.05, 10);
    expect(result.zScore).toBeCloseTo(2.239, 3);
    expect(result.pValue).toBeCloseTo(0.0252, 3);
    expect(result.isSignificant).toBe(true);
    const [low, high] = result.confidenceInterval95 ?? [0, 0];
    expect(low).toBeCloseTo(0.05 - 1.96 * 0.022305, 3);
    expect(high).toBeCloseTo(0.05 + 1.96 * 0.022305, 3);
  });

  it("does not call a small difference on few chats significant", () => {
    const result = compareProportions({ successes: 5, trials: 10 }, { successes: 4, trials: 10 });
    expect(result.difference).toBeCloseTo(-0.1, 10);
    expect(result.pValue).toBeGreaterThan(0.5);
    expect(result.isSignificant).toBe(false);
  });

  it("computes nothing without chats, and no z when neither side varies", () => {
    expect(compareProportions({ successes: 0, trials: 0 }, { successes: 3, trials: 4 })).toMatchObject({
      difference: null,
      zScore: null,
      pValue: null,
      isSignificant: false,
    });
    expect(compareProportions({ successes: 10, trials: 10 }, { successes: 5, trials: 5 })).toMatchObject({
      difference: 0,
      zScore: null,
      pValue: null,
    });
  });

  it("has the normal CDF's known values", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    expect(normalCdf(-1.644854)).toBeCloseTo(0.05, 5);
  });
});
