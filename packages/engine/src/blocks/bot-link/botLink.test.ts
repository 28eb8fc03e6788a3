import { describe, expect, it } from "vitest";
import { createFlow, createTestPorts, getMessageTexts, startTestChat, textBlock } from "../../testing";

const child = createFlow({
  id: "child-v1",
  botId: "child",
  variables: [
    { id: "c-name", name: "Name" },
    { id: "c-city", name: "City" },
  ],
  groups: [
    {
      id: "c-start",
      title: "Start",
      blocks: [
        textBlock("c1", "child says hi {{Name}}"),
        { id: "c-ask", type: "text input", options: { variableId: "c-city" } },
      ],
    },
    { id: "c-other", title: "Other", blocks: [textBlock("c2", "other group")] },
  ],
});

const parent = (linkOptions: Record<string, unknown>) =>
  createFlow({
    variables: [
      { id: "p-name", name: "Name", value: "Ada" },
      { id: "p-city", name: "City" },
    ],
    groups: [
      {
        id: "p",
        title: "Parent",
        blocks: [
          textBlock("p1", "parent"),
          { id: "link", type: "Bot link", options: linkOptions },
          textBlock("p2", "back in parent, city {{City}}"),
        ],
      },
      { id: "p-sub", title: "Sub", blocks: [textBlock("s1", "same bot group")] },
    ],
  });

const ports = () =>
  createTestPorts({
    bots: [child, createFlow({ id: "other-ws", botId: "foreign", workspaceId: "elsewhere", groups: [] })],
  });

describe("Bot link", () => {
  it("runs the linked bot with the caller's variables by name, then returns with its values", async () => {
    const chat = await startTestChat(parent({ botId: "child" }), { ports: ports() });
    expect(getMessageTexts(chat.outcome)).toEqual(["parent", "child says hi Ada"]);
    const next = await chat.send("Paris");
    expect(getMessageTexts(next)).toEqual(["back in parent, city Paris"]);
    expect(next.isCompleted).toBe(true);
  });

  it("isolates the result without mergeResults: the answer goes to a new result of the linked bot", async () => {
    const chat = await startTestChat(parent({ botId: "child" }), { ports: ports() });
    const next = await chat.send("Paris");
    const [answer] = next.newAnswers;
    expect(answer?.resultId).toBe("testid1");
    expect(next.linkedResults).toEqual([
      {
        resultId: "testid1",
        botId: "child",
        flowId: "child-v1",
        variables: [
          { id: "c-name", name: "Name", value: "Ada" },
          { id: "c-city", name: "City", value: "Paris" },
        ],
        hasStarted: true,
        isCompleted: true,
      },
    ]);
    expect(next.result).toMatchObject({ resultId: "result-1", hasStarted: false });
  });

  it("shares the caller's result with mergeResults", async () => {
    const chat = await startTestChat(parent({ botId: "child", mergeResults: true }), { ports: ports() });
    const next = await chat.send("Paris");
    expect(next.newAnswers[0]?.resultId).toBe("result-1");
    expect(next.linkedResults).toEqual([]);
    expect(next.result).toMatchObject({ hasStarted: true, isCompleted: true });
  });

  it("starts at a chosen group of the linked bot", async () => {
    const chat = await startTestChat(parent({ botId: "child", groupId: "c-other" }), { ports: ports() });
    expect(getMessageTexts(chat.outcome)).toEqual(["parent", "other group", "back in parent, city "]);
  });

  it("links to a group of the same bot and comes back", async () => {
    const chat = await startTestChat(parent({ botId: "current", groupId: "p-sub" }), { ports: ports() });
    expect(getMessageTexts(chat.outcome)).toEqual(["parent", "same bot group", "back in parent, city "]);
  });

  it("refuses bots of another workspace or unknown ones, and goes on", async () => {
    for (const botId of ["foreign", "missing"]) {
      const chat = await startTestChat(parent({ botId }), { ports: ports() });
      expect(getMessageTexts(chat.outcome)).toEqual(["parent", "back in parent, city "]);
      expect(chat.outcome.response.logs[0]?.status).toBe("error");
    }
  });

  it("resumes inside the linked bot on the next turn, loading its snapshot through the port", async () => {
    const sharedPorts = ports();
    const chat = await startTestChat(parent({ botId: "child" }), { ports: sharedPorts });
    const stored = JSON.parse(JSON.stringify(chat.outcome.state));
    expect(stored.frames).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain("child says hi");
    const next = await chat.send("Rome");
    expect(getMessageTexts(next)).toEqual(["back in parent, city Rome"]);
  });
});
