import { z } from "zod";

export const portSchema = z.coerce.number().int().min(1).max(65535);
/** A whole number, 0 included (0 usually switches the feature off). */
export const countSchema = z.coerce.number().int().min(0);
export const millisecondsSchema = z.coerce.number().int().positive();
export const booleanSchema = z
  .enum(["true", "false", "1", "0"], { message: "must be true, false, 1 or 0" })
  .transform((value) => value === "true" || value === "1");
export const urlSchema = z.url({ message: "must be a URL (scheme://host…)" });
