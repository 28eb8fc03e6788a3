import {
  anthropicBlockSchema,
  mistralBlockSchema,
  openAiBlockSchema,
  openAiCompatibleBlockSchema,
} from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { isCodeField } from "./fieldMetadata";
import { isFieldVisible } from "./fieldVisibility";
import { describeSchema } from "./schemaIntrospection";

const schemas = {
  openai: openAiBlockSchema,
  anthropic: anthropicBlockSchema,
  mistral: mistralBlockSchema,
  "openai-compatible": openAiCompatibleBlockSchema,
} as const;

/** The option keys the settings panel shows for a block of `type` on `action`. */
function visibleKeys(type: keyof typeof schemas, action: string): string[] {
  const kind = describeSchema(schemas[type].shape.options);
  if (kind.kind !== "object") throw new Error(`${type} options are not an object`);
  return kind.fields.map(([key]) => key).filter((key) => isFieldVisible(type, [key], { action }));
}

describe("AI block settings per action", () => {
  it.each([
    ["openai", "Create chat completion"],
    ["anthropic", "Create Chat Message"],
    ["mistral", "Create chat completion"],
    ["openai-compatible", "Create chat completion"],
  ] as const)(
    "%s %s: credentials, model, messages, temperature, max tokens, response mapping",
    (type, action) => {
      const keys = visibleKeys(type, action);
      expect(keys).toEqual(
        expect.arrayContaining([
          "credentialsId",
          "action",
          "model",
          "messages",
          "responseMapping",
          "temperature",
        ]),
      );
      expect(keys).not.toContain("variablesToExtract");
      expect(keys).toContain("tools");
      expect(keys.includes("baseUrl")).toBe(type === "openai-compatible");
    },
  );

  it.each(["openai", "anthropic", "mistral", "openai-compatible"] as const)(
    "%s Generate variables: prompt and the variables to extract, no messages",
    (type) => {
      const keys = visibleKeys(type, "Generate variables");
      expect(keys).toEqual(
        expect.arrayContaining(["credentialsId", "model", "prompt", "variablesToExtract"]),
      );
      expect(keys).not.toContain("messages");
      expect(keys).not.toContain("responseMapping");
    },
  );

  it.each(["openai", "anthropic", "mistral", "openai-compatible"] as const)(
    "%s function tools: name, description, parameters (values for an enum only) and code as code",
    (type) => {
      const options = schemas[type].shape.options;
      const kind = describeSchema(options);
      if (kind.kind !== "object") throw new Error("options are not an object");
      const tools = kind.fields.find(([key]) => key === "tools")?.[1];
      expect(tools?.kind).toBe("array");
      const tool = tools?.kind === "array" ? tools.element : undefined;
      if (tool?.kind !== "object") throw new Error("a tool is not an object");
      expect(tool.fields.map(([key]) => key)).toEqual(
        expect.arrayContaining(["name", "description", "parameters", "code"]),
      );
      expect(tool.fields.find(([key]) => key === "parameters")?.[1]).toMatchObject({
        kind: "array",
        element: { kind: "object" },
      });
      const root = {
        action: type === "anthropic" ? "Create Chat Message" : "Create chat completion",
        tools: [
          {
            name: "lookup",
            parameters: [
              { name: "city", type: "string" },
              { name: "unit", type: "enum", values: ["C", "F"] },
            ],
            code: "return city",
          },
        ],
      };
      expect(isCodeField(type, "code", root)).toBe(true);
      expect(isFieldVisible(type, ["tools", 0, "code"], root)).toBe(true);
      expect(isFieldVisible(type, ["tools", 0, "type"], root)).toBe(false);
      expect(isFieldVisible(type, ["tools", 0, "parameters", 0, "values"], root)).toBe(false);
      expect(isFieldVisible(type, ["tools", 0, "parameters", 1, "values"], root)).toBe(true);
      expect(visibleKeys(type, "Generate variables")).not.toContain("tools");
    },
  );

  it("OpenAI speech and transcription show their own fields only", () => {
    expect(visibleKeys("openai", "Create speech")).toEqual(
      expect.arrayContaining(["input", "voice", "saveUrlInVariableId"]),
    );
    expect(visibleKeys("openai", "Create speech")).not.toContain("messages");
    expect(visibleKeys("openai", "Create transcription")).toEqual(
      expect.arrayContaining(["url", "transcriptionVariableId"]),
    );
    expect(visibleKeys("openai", "Create transcription")).not.toContain("voice");
  });
});

describe("field visibility from the block definitions", () => {
  it("shows a number's currency only for the currency style and its unit only for the unit style", () => {
    expect(isFieldVisible("number input", ["currency"], { style: "currency" })).toBe(true);
    expect(isFieldVisible("number input", ["currency"], { style: "unit" })).toBe(false);
    expect(isFieldVisible("number input", ["unit"], { style: "unit" })).toBe(true);
  });

  it("shows Set variable's value fields for its value kind", () => {
    expect(isFieldVisible("Set variable", ["expressionToEvaluate"], {})).toBe(true);
    expect(isFieldVisible("Set variable", ["expressionToEvaluate"], { type: "Now" })).toBe(false);
    expect(isFieldVisible("Set variable", ["timeZone"], { type: "Now" })).toBe(true);
    expect(isFieldVisible("Set variable", ["item"], { type: "Append value(s)" })).toBe(true);
  });

  it("shows an HTTP body only when custom, for the request block and the automation blocks", () => {
    for (const type of ["Webhook", "Zapier", "Make.com", "Pabbly"]) {
      expect(isFieldVisible(type, ["webhook", "body"], { isCustomBody: true })).toBe(true);
      expect(isFieldVisible(type, ["webhook", "body"], {})).toBe(false);
    }
  });

  it("shows Cal.com's booking fields for Book event (the default) and its availability fields for Get available slots", () => {
    for (const key of ["link", "layout", "name", "email", "saveBookedDateInVariableId"]) {
      expect(isFieldVisible("cal-com", [key], {}), key).toBe(true);
      expect(isFieldVisible("cal-com", [key], { action: "Book event" }), key).toBe(true);
    }
    for (const key of ["startDate", "endDate", "timeZone", "saveSlotsInVariableId"]) {
      expect(isFieldVisible("cal-com", [key], {}), key).toBe(false);
      expect(isFieldVisible("cal-com", [key], { action: "Get available slots" }), key).toBe(true);
    }
    expect(isFieldVisible("cal-com", ["link"], { action: "Get available slots" })).toBe(true);
    expect(isFieldVisible("cal-com", ["layout"], { action: "Get available slots" })).toBe(false);
    expect(isFieldVisible("cal-com", ["credentialsId"], { action: "Get available slots" })).not.toBe(false);
  });

  it("shows Zendesk's widget fields for Open Web Widget (the default) and its ticket fields for Create Ticket", () => {
    for (const key of ["webWidgetKey", "userId", "isEmailVerified"]) {
      expect(isFieldVisible("zendesk", [key], {}), key).toBe(true);
      expect(isFieldVisible("zendesk", [key], { action: "Create Ticket" }), key).toBe(false);
    }
    for (const key of ["subject", "body", "priority", "tags", "customFields", "saveTicketIdInVariableId"]) {
      expect(isFieldVisible("zendesk", [key], {}), key).toBe(false);
      expect(isFieldVisible("zendesk", [key], { action: "Create Ticket" }), key).toBe(true);
    }
    for (const key of ["name", "email"]) {
      expect(isFieldVisible("zendesk", [key], { action: "Open Web Widget" }), key).toBe(true);
      expect(isFieldVisible("zendesk", [key], { action: "Create Ticket" }), key).toBe(true);
    }
    expect(isFieldVisible("zendesk", ["credentialsId"], { action: "Create Ticket" })).not.toBe(false);
  });

  it("shows a display condition's comparisons once the condition is on, for any item", () => {
    const path = ["displayCondition", "condition"];
    expect(isFieldVisible("choice input item", path, { displayCondition: { isEnabled: true } })).toBe(true);
    expect(isFieldVisible("choice input item", path, { displayCondition: {} })).toBe(false);
  });

  it("shows every option of a kind that says nothing about its options", () => {
    expect(isFieldVisible("Wait", ["secondsToWaitFor"], {})).toBe(true);
  });
});

describe("AI agent paths", () => {
  it("asks for the summary's variable only on a hand-over path", () => {
    expect(isFieldVisible("AI agent item", ["summaryVariableId"], { id: "p" })).toBe(false);
    expect(isFieldVisible("AI agent item", ["summaryVariableId"], { id: "p", isHumanHandover: true })).toBe(
      true,
    );
    expect(isFieldVisible("AI agent item", ["description"], { id: "p" })).toBe(true);
  });
});
