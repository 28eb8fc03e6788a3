import { z } from "zod";
import { textSchema } from "../text";

/**
 * Identifiers in paths, queries and bodies: cuid2 strings (letters, digits, `_`, `-`), at most 64 characters.
 * One component of the API document (`Id`), referenced by every id instead of repeated. No example of its own:
 * every operation's example names its ids (operationExamples.ts).
 */
export const idSchema = textSchema
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "Not a valid identifier")
  .meta({ id: "Id" });

/** Timestamps leave the API as ISO 8601 strings in UTC. */
export const timestampSchema = textSchema.meta({
  id: "Timestamp",
  description: "ISO 8601, UTC",
  example: "2026-11-22T10:00:00.000Z",
});

export const successMessageSchema = z.object({ message: z.literal("success") });

/** The time ranges of analytics and results (decisions.md). */
export const timeFilters = [
  "today",
  "last7Days",
  "last30Days",
  "monthToDate",
  "lastMonth",
  "yearToDate",
  "allTime",
] as const;
export const timeFilterSchema = z.enum(timeFilters).meta({ id: "TimeFilter" });
export type TimeFilter = z.infer<typeof timeFilterSchema>;

/** An IANA time zone name, checked against the zones this runtime knows. */
export const timeZoneSchema = textSchema
  .min(1)
  .max(64)
  .refine(isKnownTimeZone, "Unknown IANA time zone")
  .meta({ example: "Europe/Paris" });

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Names of workspaces, folders and bots: trimmed, 1 to 100 characters. */
export const nameSchema = textSchema.trim().min(1, "Must not be empty").max(100);

/** An icon: an emoji or an image URL. */
export const iconSchema = textSchema.trim().max(2048);

/** An http(s) URL of at most 2,048 characters; where it may point is checked when it is used (outbound rules). */
export const httpUrlSchema = textSchema
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, "Must be an http(s) URL");
