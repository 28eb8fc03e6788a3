import { botSchema, publishedBotSchema } from "@parley/schemas";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";

const storedFlowShape = {
  events: z.array(z.unknown()),
  groups: z.array(z.unknown()),
  edges: z.array(z.unknown()),
  variables: z.array(z.unknown()),
  theme: z.record(textSchema, z.unknown()),
  settings: z.record(textSchema, z.unknown()),
};

/**
 * A response schema that documents `documented` in full (the OpenAPI document
 * is generated from it) but, at run time, checks it as `checked`. For bots the
 * flow parts are validated when they are written (create, update, import,
 * restore); validating them again on every read of a 3,000-block flow would
 * cost more than reading it (bench/api.ts).
 */
function documentedAs<T extends z.ZodType>(documented: T, checked: z.ZodType): T {
  const schema = documented.clone() as T;
  Object.assign(schema, { parseAsync: (value: unknown) => checked.parseAsync(value) });
  return schema;
}

export const botOutputSchema = documentedAs(
  z.object({ bot: botSchema }),
  z.object({ bot: botSchema.extend(storedFlowShape) }),
);

export const publishedBotOutputSchema = documentedAs(
  z.object({ publishedBot: publishedBotSchema }),
  z.object({ publishedBot: publishedBotSchema.extend(storedFlowShape) }),
);
