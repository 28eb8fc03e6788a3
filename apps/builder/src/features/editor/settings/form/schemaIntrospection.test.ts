import {
  choiceInputBlockSchema,
  numberInputBlockSchema,
  setVariableBlockSchema,
  textBubbleBlockSchema,
} from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeSchema, humanizeKey } from "./schemaIntrospection";

describe("describeSchema", () => {
  it("describes option schemas of blocks as form fields", () => {
    const number = describeSchema(numberInputBlockSchema.shape.options);
    expect(number.kind).toBe("object");
    const fields = new Map(number.kind === "object" ? number.fields : []);
    expect(fields.get("min")).toEqual({ kind: "numberOrText" });
    expect(fields.get("labels")).toEqual({
      kind: "object",
      fields: [
        ["placeholder", { kind: "string" }],
        ["button", { kind: "string" }],
      ],
    });
    expect(fields.get("style")).toEqual({ kind: "enum", values: ["decimal", "currency", "percent", "unit"] });
    const setVariable = describeSchema(setVariableBlockSchema.shape.options);
    const type =
      setVariable.kind === "object" ? setVariable.fields.find(([key]) => key === "type")?.[1] : null;
    expect(type?.kind === "enum" && type.values).toContain("Map item with same index");
    const items = describeSchema(choiceInputBlockSchema.shape.items);
    expect(items.kind === "array" && items.element.kind).toBe("object");
  });

  it("removes wrappers and reads what has no form field as unknown", () => {
    const described = describeSchema(
      z.object({
        name: z.string().nullable().optional(),
        count: z.number().int().default(3),
        amount: z.union([z.number(), z.string()]).nullable(),
        mode: z.literal("fast").readonly(),
        length: z.string().transform((value) => value.length),
        pair: z.tuple([z.string(), z.number()]),
        headers: z.record(z.string(), z.string()),
        flag: z.literal(true),
      }),
    );
    expect(described).toEqual({
      kind: "object",
      fields: [
        ["name", { kind: "string" }],
        ["count", { kind: "number" }],
        ["amount", { kind: "numberOrText" }],
        ["mode", { kind: "enum", values: ["fast"] }],
        ["length", { kind: "unknown" }],
        ["pair", { kind: "unknown" }],
        ["headers", { kind: "unknown" }],
        ["flag", { kind: "unknown" }],
      ],
    });
  });

  it("describes a recursive schema (rich text) without following it forever", () => {
    const content = describeSchema(textBubbleBlockSchema.shape.content);
    const fields = new Map(content.kind === "object" ? content.fields : []);
    expect(fields.get("richText")).toEqual({ kind: "array", element: { kind: "unknown" } });
    expect(fields.get("plainText")).toEqual({ kind: "string" });
  });
});

describe("humanizeKey", () => {
  it("names fields like a person would", () => {
    expect(humanizeKey("isMultipleChoice")).toBe("Multiple choice");
    expect(humanizeKey("buttonLabel")).toBe("Button label");
    expect(humanizeKey("saveItemInVariableId")).toBe("Save item in variable id");
  });
});
