import { describe, expect, it } from "vitest";
import { parametersToSchema, type SchemaParameter, schemaToParameters } from "./jsonSchemaParameters";
import { validateParametersSchema } from "./validateParametersSchema";

const parameter = (patch: Partial<SchemaParameter>): SchemaParameter => ({
  name: "",
  type: "string",
  description: "",
  required: false,
  values: [],
  ...patch,
});

describe("tool parameters as a list and as JSON Schema", () => {
  it("writes a JSON Schema object from the list (unnamed rows left out) and reads it back", () => {
    const list = [
      parameter({ name: "orderId", description: "The order's number", required: true }),
      parameter({ name: "count", type: "integer" }),
      parameter({ name: "speed", type: "enum", values: ["standard", "express"], required: true }),
      parameter({ name: "  " }),
    ];
    const schema = parametersToSchema(list);
    expect(schema).toEqual({
      type: "object",
      properties: {
        orderId: { type: "string", description: "The order's number" },
        count: { type: "integer" },
        speed: { type: "string", enum: ["standard", "express"] },
      },
      required: ["orderId", "speed"],
    });
    expect(schemaToParameters(schema)).toEqual(list.slice(0, 3));
    expect(validateParametersSchema(schema)).toEqual([]);
    expect(parametersToSchema([])).toEqual({ type: "object", properties: {} });
    expect(schemaToParameters(undefined)).toEqual([]);
  });

  it("leaves a schema the list cannot show to the JSON view", () => {
    const nested = {
      type: "object",
      properties: { address: { type: "object", properties: { city: { type: "string" } } } },
    };
    expect(schemaToParameters(nested)).toBeNull();
    expect(schemaToParameters({ type: "object", properties: { tags: { type: "array" } } })).toBeNull();
    expect(
      schemaToParameters({ type: "object", properties: { a: { type: "string", minLength: 2 } } }),
    ).toBeNull();
    expect(schemaToParameters({ type: "array" })).toBeNull();
    expect(validateParametersSchema(nested)).toEqual([]);
  });

  it("says where a schema is wrong", () => {
    expect(validateParametersSchema({ type: "object", properties: { a: { type: "text" } } })).toContain(
      "At /properties/a/type: must be equal to one of the allowed values: array, boolean, integer, null, number, object, string",
    );
    expect(validateParametersSchema({ type: "object", required: "a" })).toContain(
      "At /required: must be array",
    );
    expect(
      validateParametersSchema({ type: "object", properties: { a: { type: "string" } }, required: ["b"] }),
    ).toEqual(['At /required/0: "b" is not one of the properties']);
    expect(validateParametersSchema({ type: "string" })).toEqual([
      'At /type: the parameters must be of type "object"',
    ]);
    expect(validateParametersSchema([1])[0]).toMatch(/must be a JSON object/);
  });
});
