import { textSchema } from "../text";

/** A key, token or password: trimmed, non-empty, bounded. */
export const secretSchema = textSchema
  .trim()
  .min(1, "Must not be empty")
  .max(4096)
  .meta({ id: "Secret", description: "Stored encrypted, never shown again" });

/** An http(s) URL; where it may point is checked when it is used (SSRF rules). */
export const baseUrlSchema = textSchema
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), "Must be an http(s) URL");
