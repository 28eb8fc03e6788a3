import { aiAgentToolSchema, blockDefinitions } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { getFieldLabelKey } from "@/i18n/definitionTexts";
import { interfaceMessages } from "@/i18n/interfaceMessages";
import { translatedOptionValues } from "@/i18n/optionValues";
import { hiddenKeys } from "./fieldMetadata";
import { describeSchema, type FieldKind } from "./schemaIntrospection";

/** Every option name a settings form shows for a kind (nested objects and list elements included). */
function listNames(kind: FieldKind, names = new Set<string>()): Set<string> {
  if (kind.kind === "object")
    for (const [name, child] of kind.fields) {
      if (hiddenKeys.has(name)) continue;
      names.add(name);
      listNames(child, names);
    }
  if (kind.kind === "array") listNames(kind.element, names);
  return names;
}

const generic = interfaceMessages.en.FieldLabels as Record<string, string>;

/** The option names of each block kind's form that neither the kind nor the generic labels name. */
function listUnlabelled(): string[] {
  const unlabelled = new Set<string>();
  for (const definition of blockDefinitions) {
    const panel = definition.settings?.panel ?? "form";
    const field = definition.category === "bubble" ? "content" : "options";
    const shape = definition.schema.shape as Record<string, Parameters<typeof describeSchema>[0] | undefined>;
    const forms: [string, FieldKind][] = [];
    if (panel === "form" && shape[field]) forms.push([definition.type, describeSchema(shape[field])]);
    if (definition.settings?.items && shape.items) {
      const items = describeSchema(shape.items);
      if (items.kind === "array" && items.element.kind === "object")
        forms.push([
          `${definition.type} item`,
          {
            kind: "object",
            fields: items.element.fields.filter(([key]) => key !== "paths" && key !== "content"),
          },
        ]);
    }
    for (const [blockType, kind] of forms)
      for (const name of listNames(kind))
        if (!getFieldLabelKey(blockType, name) && !Object.hasOwn(generic, name))
          unlabelled.add(`${definition.type}: ${name}`);
  }
  for (const tool of aiAgentToolSchema.options)
    for (const name of listNames(describeSchema(tool)))
      if (name !== "type" && !getFieldLabelKey("AI agent", name) && !Object.hasOwn(generic, name))
        unlabelled.add(`AI agent tool: ${name}`);
  return [...unlabelled].sort();
}

/** Every `option=value` a form's selects list (enums of the kinds' options, items and agent tools). */
function listEnumValues(): Set<string> {
  const found = new Set<string>();
  const walk = (kind: FieldKind, name: string) => {
    if (kind.kind === "enum") for (const value of kind.values) found.add(`${name}=${value}`);
    if (kind.kind === "object") for (const [key, child] of kind.fields) walk(child, key);
    if (kind.kind === "array") walk(kind.element, name);
  };
  for (const definition of blockDefinitions) {
    const shape = definition.schema.shape as Record<string, Parameters<typeof describeSchema>[0] | undefined>;
    for (const field of ["options", "content", "items"]) {
      const schema = shape[field];
      if (schema) walk(describeSchema(schema), field);
    }
  }
  for (const tool of aiAgentToolSchema.options) walk(describeSchema(tool), "tool");
  return found;
}

describe("the settings forms' labels", () => {
  it("name every option a block form shows, in the catalogues (no option is shown by its key)", () => {
    expect(listUnlabelled()).toEqual([]);
  });

  it("translate only option values the forms list (none stale)", () => {
    const listed = listEnumValues();
    const stale = Object.entries(translatedOptionValues).flatMap(([option, values]) =>
      values.filter((value) => !listed.has(`${option}=${value}`)).map((value) => `${option}=${value}`),
    );
    expect(stale).toEqual([]);
  });
});
