import { describe, expect, it } from "vitest";
import { createFlow, createSingleGroupFlow, startTestChat, textBlock } from "../../testing";

const variables = [
  { id: "target", name: "Target" },
  { id: "name", name: "Name", value: "Ada" },
  { id: "list", name: "List", value: ["a", "b", "c"] },
  { id: "text", name: "Text", value: "solo" },
  { id: "saved", name: "Saved" },
  { id: "error", name: "Error" },
  { id: "base-item", name: "BaseItem", value: "b" },
  { id: "targets", name: "Targets", value: ["A", "B", "C"] },
];

/** Runs one Set variable block (with `target` as its variable) and returns the result's variables. */
const runSetVariable = async (
  options: Record<string, unknown>,
  extra: Partial<Parameters<typeof startTestChat>[1]> = {},
) => {
  const flow = createSingleGroupFlow(
    [
      { id: "set", type: "Set variable", options: { variableId: "target", ...options } },
      { id: "ask", type: "text input", options: {} },
    ],
    variables,
  );
  const chat = await startTestChat(flow, extra);
  const values = Object.fromEntries(
    chat.outcome.result.variables.map((variable) => [variable.name, variable.value]),
  );
  return { values, chat };
};

describe("Set variable, custom values", () => {
  it("copies a lone variable (lists too) and keeps numbers with a leading zero as text", async () => {
    expect((await runSetVariable({ expressionToEvaluate: "{{List}}" })).values.Target).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect((await runSetVariable({ expressionToEvaluate: "0612" })).values.Target).toBe("0612");
  });

  it("evaluates JavaScript with variables as typed arguments", async () => {
    expect((await runSetVariable({ expressionToEvaluate: "{{Name}}.length * 2" })).values.Target).toBe("6");
    expect(
      (
        await runSetVariable({
          expressionToEvaluate: "return {{List}}.map((x) => x.toUpperCase())",
          isCode: true,
        })
      ).values.Target,
    ).toEqual(["A", "B", "C"]);
    expect((await runSetVariable({ expressionToEvaluate: "({ a: 1 })" })).values.Target).toBe('{"a":1}');
  });

  it("falls back to the substituted text when plain text is not JavaScript", async () => {
    expect((await runSetVariable({ expressionToEvaluate: "Hello {{Name}}!" })).values.Target).toBe(
      "Hello Ada!",
    );
  });

  it("logs failing code, keeps the variable and saves the error where asked", async () => {
    const { values, chat } = await runSetVariable({
      expressionToEvaluate: "throw new Error('boom')",
      isCode: true,
      saveErrorInVariableId: "error",
    });
    expect(values.Target).toBeUndefined();
    expect(values.Error).toBe("boom");
    expect(chat.outcome.logsToPersist[0]).toMatchObject({ status: "error", details: "boom" });
  });

  it("applies setVariable() calls made by the code", async () => {
    const { values } = await runSetVariable({
      expressionToEvaluate: "setVariable('Saved', 'from code'); return 1",
      isCode: true,
    });
    expect(values).toMatchObject({ Target: "1", Saved: "from code" });
  });
});

describe("Set variable, value kinds", () => {
  it("Empty", async () => {
    expect(
      (await runSetVariable({ type: "Empty" }, { prefilledVariables: { Target: "x" } })).values.Target,
    ).toBeUndefined();
  });

  it("Append value(s): to nothing, to text, to a list, a list of items", async () => {
    expect((await runSetVariable({ type: "Append value(s)", item: "{{Name}}" })).values.Target).toEqual([
      "Ada",
    ]);
    const toText = await runSetVariable(
      { type: "Append value(s)", item: "new" },
      { prefilledVariables: { Target: "old" } },
    );
    expect(toText.values.Target).toEqual(["old", "new"]);
    const toList = await runSetVariable({ variableId: "list", type: "Append value(s)", item: "d" });
    expect(toList.values.List).toEqual(["a", "b", "c", "d"]);
    const items = await runSetVariable({ variableId: "list", type: "Append value(s)", item: "{{List}}" });
    expect(items.values.List).toEqual(["a", "b", "c", "a", "b", "c"]);
  });

  it("Pop and Shift save the removed item; text counts as a one-item list", async () => {
    const pop = await runSetVariable({ variableId: "list", type: "Pop", saveItemInVariableId: "saved" });
    expect(pop.values).toMatchObject({ List: ["a", "b"], Saved: "c" });
    const shift = await runSetVariable({ variableId: "list", type: "Shift", saveItemInVariableId: "saved" });
    expect(shift.values).toMatchObject({ List: ["b", "c"], Saved: "a" });
    const text = await runSetVariable({ variableId: "text", type: "Pop", saveItemInVariableId: "saved" });
    expect(text.values).toMatchObject({ Text: [], Saved: "solo" });
  });

  it("Map item with same index", async () => {
    const { values } = await runSetVariable({
      type: "Map item with same index",
      mapListItemParams: {
        baseItemVariableId: "base-item",
        baseListVariableId: "list",
        targetListVariableId: "targets",
      },
    });
    expect(values.Target).toBe("B");
  });

  it("Now, Today, Yesterday, Tomorrow, in UTC or a time zone", async () => {
    expect((await runSetVariable({ type: "Now" })).values.Target).toBe("2026-08-21T10:00:00.000Z");
    expect((await runSetVariable({ type: "Today" })).values.Target).toBe("2026-08-21T10:00:00.000Z");
    expect((await runSetVariable({ type: "Yesterday" })).values.Target).toBe("2026-08-20T10:00:00.000Z");
    expect((await runSetVariable({ type: "Tomorrow", timeZone: "Europe/Paris" })).values.Target).toBe(
      "2026-08-22T12:00:00.000+02:00",
    );
    expect((await runSetVariable({ type: "Now", timeZone: "Not/AZone" })).values.Target).toBe(
      "2026-08-21T10:00:00.000Z",
    );
  });

  it("Random ID, Result ID, User ID, Environment name", async () => {
    expect((await runSetVariable({ type: "Random ID" })).values.Target).toBe("testid1");
    expect((await runSetVariable({ type: "Result ID" })).values.Target).toBe("result-1");
    expect((await runSetVariable({ type: "User ID" })).values.Target).toBe("result-1");
    expect((await runSetVariable({ type: "Environment name" })).values.Target).toBe("web");
  });

  it("Phone number and Contact name when the channel knows them; unchanged otherwise", async () => {
    const contact = { name: "Grace", phoneNumber: "+33612345678" };
    expect((await runSetVariable({ type: "Phone number" }, { contact })).values.Target).toBe("+33612345678");
    expect((await runSetVariable({ type: "Contact name" }, { contact })).values.Target).toBe("Grace");
    expect((await runSetVariable({ type: "Contact name" })).values.Target).toBeUndefined();
  });

  it.each(["Device type", "Moment of the day"])(
    "%s asks the client and waits for the value",
    async (type) => {
      const { chat } = await runSetVariable({ type });
      const [action] = chat.outcome.response.clientSideActions;
      expect(action).toMatchObject({ type: "setVariable", expectsDedicatedReply: true });
      expect(chat.outcome.response.input).toBeNull();
      const next = await chat.send("mobile");
      expect(next.result.variables).toContainEqual({ id: "target", name: "Target", value: "mobile" });
      expect(next.response.input?.id).toBe("ask");
    },
  );

  it("custom code executed on the client passes variables as arguments; a JSON reply becomes a list", async () => {
    const { chat } = await runSetVariable({
      expressionToEvaluate: "{{List}}.concat({{Name}})",
      isExecutedOnClient: true,
    });
    expect(chat.outcome.response.clientSideActions[0]).toEqual({
      type: "setVariable",
      setVariable: {
        scriptToExecute: {
          content: "return list.concat(name)",
          args: [
            { id: "list", value: ["a", "b", "c"] },
            { id: "name", value: "Ada" },
          ],
          isUnsafe: false,
        },
      },
      expectsDedicatedReply: true,
    });
    const next = await chat.send('["a","b","c","Ada"]');
    expect(next.result.variables).toContainEqual({
      id: "target",
      name: "Target",
      value: ["a", "b", "c", "Ada"],
    });
  });
});

describe("Set variable, Transcript", () => {
  it("writes the conversation so far", async () => {
    const flow = createFlow({
      variables: [
        { id: "name", name: "Name" },
        { id: "transcript", name: "Transcript" },
      ],
      groups: [
        {
          id: "g",
          title: "G",
          blocks: [
            textBlock("hello", "Hi! Your name?"),
            { id: "ask", type: "text input", options: { variableId: "name" } },
            { id: "img", type: "image", content: { url: "https://img.test/wave.png" } },
            { id: "set", type: "Set variable", options: { variableId: "transcript", type: "Transcript" } },
            textBlock("show", "{{Transcript}}"),
          ],
        },
      ],
    });
    const chat = await startTestChat(flow);
    const next = await chat.send("Ada");
    expect(next.result.variables).toContainEqual({
      id: "transcript",
      name: "Transcript",
      value: "Assistant: Hi! Your name?\n\nUser: Ada\n\nAssistant: [image] https://img.test/wave.png",
    });
  });
});
