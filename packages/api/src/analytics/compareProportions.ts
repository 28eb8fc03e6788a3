/** A count of successes out of a number of trials (completed chats out of chats). */
export interface Proportion {
  successes: number;
  trials: number;
}

export interface ProportionComparison {
  test: "two-proportion z-test";
  difference: number | null;
  confidenceInterval95: [number, number] | null;
  zScore: number | null;
  pValue: number | null;
  isSignificant: boolean;
}

const Z_95 = 1.959963984540054;

/** The standard normal distribution's CDF, from erf (Abramowitz and Stegun 7.1.26, error under 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const polynomial =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - polynomial * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * The two-proportion z-test of b's rate against a's: the difference (b − a), its 95 % Wald interval (unpooled
 * standard error), the z score on the pooled standard error and the two-sided p-value. Without trials on either
 * side nothing is computed; when both rates are 0 or both 1 (no variance) the difference is known but z is not.
 */
export function compareProportions(a: Proportion, b: Proportion): ProportionComparison {
  const none: ProportionComparison = {
    test: "two-proportion z-test",
    difference: null,
    confidenceInterval95: null,
    zScore: null,
    pValue: null,
    isSignificant: false,
  };
  if (a.trials <= 0 || b.trials <= 0) return none;
  const rateA = a.successes / a.trials;
  const rateB = b.successes / b.trials;
  const difference = rateB - rateA;
  const unpooled = Math.sqrt((rateA * (1 - rateA)) / a.trials + (rateB * (1 - rateB)) / b.trials);
  const interval: [number, number] = [difference - Z_95 * unpooled, difference + Z_95 * unpooled];
  const pooled = (a.successes + b.successes) / (a.trials + b.trials);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials));
  if (standardError === 0) return { ...none, difference, confidenceInterval95: interval };
  const zScore = difference / standardError;
  const pValue = Math.min(1, 2 * (1 - normalCdf(Math.abs(zScore))));
  return {
    test: "two-proportion z-test",
    difference,
    confidenceInterval95: interval,
    zScore,
    pValue,
    isSignificant: pValue < 0.05,
  };
}
