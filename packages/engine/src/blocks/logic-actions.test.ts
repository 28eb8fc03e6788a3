import { describe, expect, it } from "vitest";
import type { DraftBlock } from "../testing";
import {
  createFlow,
  createSingleGroupFlow,
  createTestPorts,
  getMessageTexts,
  startTestChat,
  textBlock,
} from "../testing";

const variables = [
  { id: "name", name: "Name", value: "Ada" },
  { id: "count", name: "Count", value: "2" },
  { id: "out", name: "Out" },
];

const single = (...blocks: DraftBlock[]) =>
  createSingleGroupFlow([...blocks, { id: "ask", type: "text input", options: {} }], variables);

describe("Code block", () => {
  it("runs on the client by default, after the last bubble, variables as arguments", async () => {
    const chat = await startTestChat(
      single(textBlock("t", "hi"), {
        id: "c",
        type: "Code",
        options: { content: "console.log({{Name}}, {{Count}})" },
      }),
    );
    expect(chat.outcome.response.clientSideActions).toEqual([
      {
        type: "scriptToExecute",
        scriptToExecute: {
          content: "console.log(name, count)",
          args: [
            { id: "name", value: "Ada" },
            { id: "count", value: 2 },
          ],
          isUnsafe: false,
          isCode: true,
        },
        lastBubbleBlockId: "t",
      },
    ]);
  });

  it("runs on the server in the sandbox, with setVariable()", async () => {
    const chat = await startTestChat(
      single({
        id: "c",
        type: "Code",
        options: { isExecutedOnClient: false, content: "setVariable('Out', {{Name}} + {{Count}})" },
      }),
    );
    expect(chat.outcome.result.variables).toContainEqual({ id: "out", name: "Out", value: "Ada2" });
    expect(chat.outcome.response.clientSideActions).toEqual([]);
  });

  it("logs a server script error and goes on", async () => {
    const chat = await startTestChat(
      single({ id: "c", type: "Code", options: { isExecutedOnClient: false, content: "undefinedThing()" } }),
    );
    expect(chat.outcome.response.logs[0]).toMatchObject({
      status: "error",
      description: 'The script "Script" failed',
    });
    expect(chat.outcome.response.input?.id).toBe("ask");
  });
});

describe("Redirect block", () => {
  it("sends a sanitised URL with variables and goes on", async () => {
    const chat = await startTestChat(
      single({ id: "r", type: "Redirect", options: { url: "example.com/{{Name}}", isNewTab: true } }),
    );
    expect(chat.outcome.response.clientSideActions).toEqual([
      { type: "redirect", redirect: { url: "https://example.com/Ada", isNewTab: true } },
    ]);
    expect(chat.outcome.response.input?.id).toBe("ask");
  });

  it("refuses script URLs", async () => {
    const chat = await startTestChat(
      single({ id: "r", type: "Redirect", options: { url: "javascript:alert(1)" } }),
    );
    expect(chat.outcome.response.clientSideActions).toEqual([]);
    expect(chat.outcome.response.logs[0]?.status).toBe("error");
  });
});

describe("Wait block", () => {
  it("asks the client to wait, from a variable, and goes on", async () => {
    const chat = await startTestChat(
      single({ id: "w", type: "Wait", options: { secondsToWaitFor: "{{Count}}" } }),
    );
    expect(chat.outcome.response.clientSideActions).toEqual([
      { type: "wait", wait: { secondsToWaitFor: 2 } },
    ]);
    expect(chat.outcome.response.input?.id).toBe("ask");
  });

  it("pauses the flow until the client replies when asked", async () => {
    const chat = await startTestChat(
      single({ id: "w", type: "Wait", options: { secondsToWaitFor: "1", shouldPause: true } }),
    );
    expect(chat.outcome.response.clientSideActions[0]).toMatchObject({
      type: "wait",
      expectsDedicatedReply: true,
    });
    expect(chat.outcome.response.input).toBeNull();
    expect(chat.outcome.isCompleted).toBe(false);
    const next = await chat.send(null);
    expect(next.response.input?.id).toBe("ask");
  });

  it("does nothing without a valid duration", async () => {
    const chat = await startTestChat(
      single({ id: "w", type: "Wait", options: { secondsToWaitFor: "soon" } }),
    );
    expect(chat.outcome.response.clientSideActions).toEqual([]);
  });
});

describe("AB test block", () => {
  const abFlow = (aPercent: number) =>
    createFlow({
      groups: [
        {
          id: "g",
          title: "G",
          blocks: [
            {
              id: "ab",
              type: "AB test",
              options: { aPercent },
              items: [
                { id: "a", path: "a", outgoingEdgeId: "ea" },
                { id: "b", path: "b", outgoingEdgeId: "eb" },
              ],
            },
          ],
        },
        { id: "ga", title: "A", blocks: [textBlock("ta", "A")] },
        { id: "gb", title: "B", blocks: [textBlock("tb", "B")] },
      ],
      edges: [
        { id: "ea", from: { blockId: "ab", itemId: "a" }, to: { groupId: "ga" } },
        { id: "eb", from: { blockId: "ab", itemId: "b" }, to: { groupId: "gb" } },
      ],
    });

  it("follows A or B according to the weight", async () => {
    expect(getMessageTexts((await startTestChat(abFlow(100))).outcome)).toEqual(["A"]);
    expect(getMessageTexts((await startTestChat(abFlow(0))).outcome)).toEqual(["B"]);
  });

  it("splits sessions roughly by the percentage", async () => {
    const ports = createTestPorts({ seed: 7 });
    let aCount = 0;
    for (let run = 0; run < 400; run += 1) {
      const chat = await startTestChat(abFlow(25), { ports });
      if (getMessageTexts(chat.outcome)[0] === "A") aCount += 1;
    }
    expect(aCount).toBeGreaterThan(60);
    expect(aCount).toBeLessThan(140);
  });
});

describe("logic webhook block", () => {
  const webhookFlow = () =>
    single(
      {
        id: "wh",
        type: "webhook",
        options: {
          responseVariableMapping: [{ id: "m", variableId: "out", bodyPath: "data.order.id" }],
          timeoutMinutes: 5,
        },
      },
      textBlock("t", "Order {{Out}}"),
    );

  it("waits for the external call and maps its body", async () => {
    const chat = await startTestChat(webhookFlow());
    expect(chat.outcome.response.clientSideActions).toEqual([
      {
        type: "listenForWebhook",
        listenForWebhook: { listenId: "testid1", timeoutAt: "2026-08-21T10:05:00.000Z" },
        expectsDedicatedReply: true,
      },
    ]);
    const next = await chat.callWebhook(JSON.stringify({ order: { id: "A-17" } }));
    expect(getMessageTexts(next)).toEqual(["Order A-17"]);
  });

  it("is not resumed by a client's message before its timeout: the wait is repeated", async () => {
    const chat = await startTestChat(webhookFlow());
    const next = await chat.send(JSON.stringify({ order: { id: "forged" } }));
    expect(getMessageTexts(next)).toEqual([]);
    expect(next.response.clientSideActions).toEqual([
      {
        type: "listenForWebhook",
        listenForWebhook: { listenId: "testid1", timeoutAt: "2026-08-21T10:05:00.000Z" },
        expectsDedicatedReply: true,
      },
    ]);
    expect(getMessageTexts(await chat.callWebhook('{"order":{"id":"B-2"}}'))).toEqual(["Order B-2"]);
  });

  it("goes on without the call once its timeout has passed, with a log", async () => {
    let now = new Date("2026-08-21T10:00:00.000Z");
    const ports = { ...createTestPorts(), now: () => now };
    const chat = await startTestChat(webhookFlow(), { ports });
    now = new Date("2026-08-21T10:04:59.999Z");
    expect(getMessageTexts(await chat.send(null))).toEqual([]);
    now = new Date("2026-08-21T10:05:00.000Z");
    const next = await chat.send(null);
    expect(getMessageTexts(next)).toEqual(["Order "]);
    expect(next.response.logs).toEqual([
      {
        status: "info",
        description: "The webhook was not called before its timeout: the flow went on without it",
        context: "wh",
      },
    ]);
  });
});

describe("unknown blocks", () => {
  it("are logged and skipped", async () => {
    const chat = await startTestChat(single({ id: "x", type: "Teleport" }, textBlock("t", "after")));
    expect(getMessageTexts(chat.outcome)).toEqual(["after"]);
    expect(chat.outcome.response.logs[0]?.description).toContain('"Teleport"');
  });
});
