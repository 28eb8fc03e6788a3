import { toCanonicalNumber } from "@parley/schemas";

export interface NumberBounds {
  min?: number;
  max?: number;
  step?: number;
}

const NUMBER_PATTERN = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const STEP_TOLERANCE = 1e-9;

/**
 * A number reply: a decimal within the bounds (a bound of 0 counts) and on the step grid (from `min`, or 0), as
 * `locale` writes it ("3,5" and "1.234,5" in German, "1 234,5" in French: a messaging channel's typed text;
 * English when none) or as the engine's own form ("3.5", "1e3", what the widget and API clients send). Returns the stored text (normalised, "." as the decimal mark,
 * kept as typed with a leading zero) or undefined when invalid.
 */
export const parseNumberReply = (
  reply: string,
  bounds: NumberBounds,
  locale?: string,
): string | undefined => {
  const text = toCanonicalNumber(reply, locale ?? "en") ?? reply.trim();
  if (!NUMBER_PATTERN.test(text)) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  if (bounds.min !== undefined && value < bounds.min) return undefined;
  if (bounds.max !== undefined && value > bounds.max) return undefined;
  if (bounds.step !== undefined && bounds.step > 0 && !isOnStep(value, bounds.min ?? 0, bounds.step))
    return undefined;
  return /^0\d/.test(text) ? text : String(value);
};

const isOnStep = (value: number, origin: number, step: number): boolean => {
  const steps = (value - origin) / step;
  return Math.abs(steps - Math.round(steps)) < STEP_TOLERANCE * Math.max(1, Math.abs(steps));
};

/** A bound option: a number, or text (after variable substitution) holding one; else undefined. */
export const toBound = (value: unknown): number | undefined => {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const numeric = Number(value.trim());
  return Number.isFinite(numeric) ? numeric : undefined;
};
