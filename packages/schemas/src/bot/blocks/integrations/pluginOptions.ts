import { z } from "zod";
import { textSchema } from "../../../text";

/**
 * A `{key, value}` row of a plug-in's properties, traits or record fields, as Typebot's plug-ins store them
 * (without an id: the editor keys rows by position when they have none).
 */
export const pluginPropertySchema = z
  .object({ id: textSchema, key: textSchema, value: textSchema })
  .partial()
  .meta({ id: "PluginProperty" });
export type PluginProperty = z.infer<typeof pluginPropertySchema>;

/** Fields of a plug-in's options shown for every action (the account and the action itself). */
const commonFields = new Set(["credentialsId", "action"]);

/**
 * The settings' field visibility of a plug-in kind whose fields depend on its action: a top-level field is
 * visible when it is common or listed for the current action (the default action while none is chosen).
 */
export function getPluginFieldVisibility<A extends string>(
  fieldsByAction: Readonly<Record<A, readonly string[]>>,
  defaultAction: NoInfer<A>,
) {
  return (key: string, options: { action?: A }): boolean | undefined => {
    if (key.includes(".") || commonFields.has(key)) return undefined;
    const action = options.action ?? defaultAction;
    return fieldsByAction[action]?.includes(key) ?? false;
  };
}

/** The `{key: value}` object of property rows with a key (later rows win); values as written. */
export function toPropertyObject(rows: readonly PluginProperty[] | undefined): Record<string, string> {
  const object: Record<string, string> = {};
  for (const row of rows ?? []) {
    const key = row.key?.trim();
    if (key) object[key] = row.value ?? "";
  }
  return object;
}
