import { z } from "zod";
import { UsageError } from "./cliContext";

/** Options checked by a zod schema; an invalid one is a usage error that names the option. */
export function parseOptions<T extends z.ZodType>(schema: T, values: unknown): z.infer<T> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  throw new UsageError(
    parsed.error.issues
      .map(
        (issue) =>
          `--${issue.path.map((part) => String(part).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)).join(".")}: ${issue.message}`,
      )
      .join("\n"),
  );
}

export const idOption = z.string().trim().min(1).max(64);

/** `--limit <n>`: how many rows a list prints at most. */
export const limitOption = z.coerce.number().int().min(1).max(10_000);
