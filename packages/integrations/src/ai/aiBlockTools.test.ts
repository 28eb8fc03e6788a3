import { getMessageTexts } from "@parley/engine/testing";
import { describe, expect, it } from "vitest";
import { useAiBlockHarness } from "../testing/aiBlockHarness";
import { MAX_TOOL_STEPS } from "./actions/runToolLoop";

const { servers, runBlock, chatBlock, variableValue } = useAiBlockHarness();

/** Adds two numbers; `City` (a bot variable) is in scope too, and the code sets `Age`. */
const addTool = {
  id: "t-add",
  name: "add",
  description: "Adds two numbers",
  parameters: [
    { id: "p-a", name: "a", type: "number", description: "First number", required: true },
    { id: "p-b", name: "b", type: "number", required: true },
    { id: "p-unit", name: "unit", type: "enum", values: ["apples", "pears"] },
  ],
  code: 'setVariable("Age", a * 2);\nreturn { sum: a + b, unit: unit ?? "none" };',
};
const failingTool = {
  id: "t-fail",
  name: "lookup_city",
  description: "Finds a city",
  parameters: [{ id: "p-q", name: "query", type: "string", required: true }],
  code: 'throw new Error("no city matches " + query);',
};

const lastMessages = (server: { requests: { json: Record<string, unknown> | null }[] }) =>
  server.requests.at(-1)!.json!.messages as Record<string, unknown>[];

describe.each([
  { type: "openai", credentials: "openai", server: () => servers.openai, action: "Create chat completion" },
  {
    type: "mistral",
    credentials: "mistral",
    server: () => servers.mistral,
    action: "Create chat completion",
  },
  {
    type: "anthropic",
    credentials: "anthropic",
    server: () => servers.anthropic,
    action: "Create Chat Message",
  },
  {
    type: "openai-compatible",
    credentials: "compatible",
    server: () => servers.openai,
    action: "Create chat completion",
  },
])("$type chat completion with tools", ({ type, credentials, server, action }) => {
  it("runs the tool's code on the model's arguments, sends its result back, and maps the final answer", async () => {
    server().script(
      { toolCalls: [{ id: "call_add", name: "add", arguments: '{"a":2,"b":40,"unit":"pears"}' }] },
      { text: "The sum is 42 pears." },
    );
    const before = server().requests.length;
    const chat = await runBlock(chatBlock(type, credentials, { action, tools: [addTool] }));
    expect(getMessageTexts(chat.outcome)).toEqual(["The sum is 42 pears."]);
    expect(variableValue(chat, "answer")).toBe("The sum is 42 pears.");
    expect(variableValue(chat, "age")).toBe("4");
    // Steps are streamed, and OpenAI-compatible servers are not asked for usage in streams.
    if (type !== "openai-compatible") expect(Number(variableValue(chat, "total"))).toBeGreaterThan(0);
    const [first, second] = server().requests.slice(before);
    expect(server().requests.length - before).toBe(2);
    const schema = {
      type: "object",
      properties: {
        a: { type: "number", description: "First number" },
        b: { type: "number" },
        unit: { type: "string", enum: ["apples", "pears"] },
      },
      required: ["a", "b"],
    };
    expect(first!.json!.tools).toEqual(
      type === "anthropic"
        ? [{ name: "add", description: "Adds two numbers", input_schema: schema }]
        : [
            {
              type: "function",
              function: { name: "add", description: "Adds two numbers", parameters: schema },
            },
          ],
    );
    const result = '{"sum":42,"unit":"pears"}';
    expect(second!.json!.messages).toContainEqual(
      type === "anthropic"
        ? { role: "user", content: [{ type: "tool_result", tool_use_id: "call_add", content: result }] }
        : { role: "tool", tool_call_id: "call_add", content: result },
    );
    expect(chat.outcome.response.logs ?? []).toEqual([]);
  });

  it("sends a throwing tool's error to the model as its result, logs it, and keeps the answer", async () => {
    server().script(
      { toolCalls: [{ id: "call_city", name: "lookup_city", arguments: '{"query":"Atlantis"}' }] },
      { text: "I could not find that city." },
    );
    const chat = await runBlock(chatBlock(type, credentials, { action, tools: [failingTool] }));
    expect(variableValue(chat, "answer")).toBe("I could not find that city.");
    const expected = "Error: Error: no city matches Atlantis";
    expect(lastMessages(server())).toContainEqual(
      type === "anthropic"
        ? { role: "user", content: [{ type: "tool_result", tool_use_id: "call_city", content: expected }] }
        : { role: "tool", tool_call_id: "call_city", content: expected },
    );
    expect(chat.outcome.response.logs).toContainEqual(
      expect.objectContaining({
        status: "error",
        description: expect.stringContaining('the tool "lookup_city" failed'),
        details: "Error: no city matches Atlantis",
      }),
    );
  });
});

describe("tool loop limits and bad tools", () => {
  it(`stops after ${MAX_TOOL_STEPS} steps of tool calls with an error log, the answer left unset`, async () => {
    const call = { toolCalls: [{ id: "call_again", name: "add", arguments: '{"a":1,"b":1}' }] };
    servers.openai.script(...Array.from({ length: MAX_TOOL_STEPS }, () => call));
    const before = servers.openai.requests.length;
    const chat = await runBlock(chatBlock("openai", "openai", { tools: [addTool] }));
    expect(servers.openai.requests.length - before).toBe(MAX_TOOL_STEPS);
    expect(variableValue(chat, "answer")).toBeUndefined();
    expect(chat.outcome.response.logs).toContainEqual(
      expect.objectContaining({
        status: "error",
        description: "OpenAI chat completion failed",
        details: `The model was still calling tools after ${MAX_TOOL_STEPS} steps; it gave no answer`,
      }),
    );
  });

  it("answers a call of a tool the block does not have with an error result", async () => {
    servers.openai.script(
      { toolCalls: [{ id: "call_x", name: "delete_everything", arguments: "{}" }] },
      { text: "Done." },
    );
    const chat = await runBlock(chatBlock("openai", "openai", { tools: [addTool] }));
    expect(variableValue(chat, "answer")).toBe("Done.");
    expect(lastMessages(servers.openai)).toContainEqual({
      role: "tool",
      tool_call_id: "call_x",
      content: 'Error: There is no tool named "delete_everything"',
    });
  });

  it("logs a provider's malformed tool call as the block's failure", async () => {
    servers.openai.script({ toolCalls: [{ id: "call_bad", name: "add", arguments: '{"a":' }] });
    const chat = await runBlock(chatBlock("openai", "openai", { tools: [addTool] }));
    expect(variableValue(chat, "answer")).toBeUndefined();
    expect(chat.outcome.response.logs).toContainEqual(
      expect.objectContaining({
        status: "error",
        details: 'The model called the tool "add" with arguments that are not a JSON object: {"a":',
      }),
    );
  });

  it("refuses a tool without a usable name or code before calling the provider", async () => {
    const before = servers.openai.requests.length;
    const chat = await runBlock(
      chatBlock("openai", "openai", { tools: [{ name: "add numbers", code: "return 1" }] }),
    );
    expect(servers.openai.requests.length).toBe(before);
    expect(chat.outcome.response.logs).toContainEqual(
      expect.objectContaining({
        status: "error",
        details: 'The tool "add numbers" needs a name made of letters, digits, "_" or "-" (64 at most)',
      }),
    );
  });
});
