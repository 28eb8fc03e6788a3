import { describe, expect, it } from "vitest";
import type { DraftEvent } from "../testing";
import { createFlow, getMessageTexts, startTestChat, textBlock } from "../testing";

const baseGroups = [
  {
    id: "main",
    title: "Main",
    blocks: [
      { id: "ask", type: "email input", options: { variableId: "email" } },
      textBlock("done", "Saved {{Email}}"),
    ],
  },
];

const flowWithEvents = (events: DraftEvent[], extraGroups: typeof baseGroups = [], extraEdges = []) =>
  createFlow({
    variables: [
      { id: "email", name: "Email" },
      { id: "content", name: "Content" },
      { id: "input-name", name: "InputName" },
      { id: "input-type", name: "InputType" },
    ],
    events: [{ id: "start", type: "start", outgoingEdgeId: "start-edge" }, ...events],
    groups: [...baseGroups, ...extraGroups],
    edges: [{ id: "start-edge", from: { eventId: "start" }, to: { groupId: "main" } }, ...extraEdges],
  });

describe("command events", () => {
  const commandFlow = (resumeAfter: boolean) =>
    flowWithEvents(
      [{ id: "cmd", type: "command", options: { command: "help", resumeAfter }, outgoingEdgeId: "cmd-edge" }],
      [{ id: "help", title: "Help", blocks: [textBlock("h", "Here is some help")] }],
      [{ id: "cmd-edge", from: { eventId: "cmd" }, to: { groupId: "help" } }] as never,
    );

  it("runs the command's path and, with resumeAfter, asks the interrupted input again", async () => {
    const chat = await startTestChat(commandFlow(true));
    const next = await chat.send({ type: "command", command: "help" });
    expect(getMessageTexts(next)).toEqual(["Here is some help"]);
    expect(next.response.input?.id).toBe("ask");
    expect(getMessageTexts(await chat.send("a@b.co"))).toEqual(["Saved a@b.co"]);
  });

  it("without resumeAfter the command's path is where the flow goes", async () => {
    const chat = await startTestChat(commandFlow(false));
    const next = await chat.send({ type: "command", command: "help" });
    expect(next.isCompleted).toBe(true);
  });

  it("refuses an unknown command", async () => {
    const chat = await startTestChat(commandFlow(true));
    await expect(chat.send({ type: "command", command: "nope" })).rejects.toMatchObject({
      code: "COMMAND_NOT_FOUND",
    });
  });
});

describe("reply events", () => {
  const replyFlow = flowWithEvents(
    [
      {
        id: "on-reply",
        type: "reply",
        outgoingEdgeId: "reply-edge",
        options: {
          contentVariableId: "content",
          inputNameVariableId: "input-name",
          inputTypeVariableId: "input-type",
        },
      },
    ],
    [
      {
        id: "audit",
        title: "Audit",
        blocks: [
          textBlock("a", "You said {{Content}} to {{InputName}} ({{InputType}})"),
          { id: "ret", type: "Return" } as never,
        ],
      },
    ],
    [{ id: "reply-edge", from: { eventId: "on-reply" }, to: { groupId: "audit" } }] as never,
  );

  it("runs on a valid reply, then the reply counts when the event's path returns", async () => {
    const chat = await startTestChat(replyFlow);
    const next = await chat.send("Ada@Example.com");
    expect(getMessageTexts(next)).toEqual([
      "You said Ada@Example.com to Main (email)",
      "Saved ada@example.com",
    ]);
    expect(next.newAnswers).toHaveLength(1);
    expect(next.newAnswers[0]?.content).toBe("ada@example.com");
  });

  it("does not run on an invalid reply", async () => {
    const chat = await startTestChat(replyFlow);
    const next = await chat.send("nope");
    expect(getMessageTexts(next)).toEqual(["Invalid message. Please, try again."]);
  });
});

describe("invalid reply events", () => {
  it("replace the retry message and can return to the input", async () => {
    const chat = await startTestChat(
      flowWithEvents(
        [
          {
            id: "on-invalid",
            type: "invalidReply",
            outgoingEdgeId: "invalid-edge",
            options: { contentVariableId: "content" },
          },
        ],
        [
          {
            id: "oops",
            title: "Oops",
            blocks: [textBlock("o", "{{Content}} is not an e-mail"), { id: "ret", type: "Return" } as never],
          },
        ],
        [{ id: "invalid-edge", from: { eventId: "on-invalid" }, to: { groupId: "oops" } }] as never,
      ),
    );
    const next = await chat.send("nope");
    expect(getMessageTexts(next)).toEqual(["nope is not an e-mail"]);
    expect(next.response.input?.id).toBe("ask");
    expect(getMessageTexts(await chat.send("a@b.co"))).toEqual(["Saved a@b.co"]);
  });
});
