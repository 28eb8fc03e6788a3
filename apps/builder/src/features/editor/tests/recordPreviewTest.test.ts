import { botTestSchema, type ChatBubble } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import type { PreviewTurn } from "../preview/previewTurns";
import { getTurnOfStep, type PreviewRecording, recordPreviewTest, recordStub } from "./recordPreviewTest";

const bubble = (text: string): ChatBubble =>
  ({
    id: `b-${text}`,
    type: "text",
    content: { type: "richText", richText: [{ type: "p", children: [{ text }] }] },
  }) as ChatBubble;

const turn = (changes: Partial<PreviewTurn>): PreviewTurn => ({
  answer: null,
  logs: [],
  variablesAfter: null,
  blockIds: [],
  ...changes,
});

const recording: PreviewRecording = {
  turns: [
    turn({ input: { id: "ask", type: "text input" } as PreviewTurn["input"] }),
    turn({
      answer: "Ada",
      input: {
        id: "plan",
        type: "choice input",
        items: [{ id: "pro", content: "Pro" }],
      } as PreviewTurn["input"],
    }),
    turn({
      answer: "Pro",
      logs: [
        {
          status: "success",
          description: "HTTP request succeeded",
          details: JSON.stringify({ request: {}, response: { statusCode: 201, body: '{"price":42}' } }),
          context: "quote",
        },
      ],
      variablesAfter: { "v-answer": "Hello from the model", "v-rows": ["Ada", "Grace"] },
    }),
  ],
  entries: [
    { kind: "host", bubble: bubble("Welcome!") },
    { kind: "host", bubble: bubble("  ") },
    { kind: "guest", text: "Ada" },
    { kind: "host", bubble: bubble("Hi Ada") },
    { kind: "guest", text: "Pro" },
    { kind: "host", bubble: bubble("Pro costs 42") },
  ],
  isEnded: true,
};

const flow = {
  variables: [
    { id: "v-answer", name: "Answer" },
    { id: "v-rows", name: "Rows" },
  ],
  groups: [
    {
      id: "g",
      title: "Main",
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        { id: "quote", type: "Webhook", options: {} },
        {
          id: "gpt",
          type: "openai",
          options: { responseMapping: [{ id: "r", item: "Message content", variableId: "v-answer" }] },
        },
        {
          id: "noco",
          type: "nocodb",
          options: { responseMapping: [{ id: "r", fieldName: "Name", variableId: "v-rows" }] },
        },
        { id: "listen", type: "webhook", options: {} },
        { id: "hello", type: "text", content: { richText: [] } },
      ],
    },
  ],
} as unknown as Parameters<typeof recordStub>[1];

describe("recordPreviewTest", () => {
  it("turns the chat into visitor steps and the bot's messages, inputs and end as expectations", () => {
    const test = recordPreviewTest(recording, { id: "t", name: "Recorded test 1" });
    expect(test.steps).toEqual([
      { type: "messageContains", text: "Welcome!" },
      { type: "inputAsked", inputType: "text input" },
      { type: "text", text: "Ada" },
      { type: "messageContains", text: "Hi Ada" },
      { type: "inputAsked", inputType: "choice input" },
      { type: "choice", label: "Pro" },
      { type: "messageContains", text: "Pro costs 42" },
      { type: "conversationEnded" },
    ]);
    expect(botTestSchema.safeParse(test).success).toBe(true);
  });

  it("records files as their names", () => {
    const test = recordPreviewTest(
      {
        turns: [
          turn({ input: { id: "f", type: "file input" } as PreviewTurn["input"] }),
          turn({ answer: "x" }),
        ],
        entries: [
          { kind: "guest", text: "x", attachedFileUrls: ["https://files.example/u/1/photo%20one.png?sig=1"] },
        ],
        isEnded: false,
      },
      { id: "t", name: "Files" },
    );
    expect(test.steps).toEqual([
      { type: "inputAsked", inputType: "file input" },
      { type: "file", fileNames: ["photo one.png"] },
    ]);
  });
});

describe("recordStub", () => {
  it("answers an HTTP call with the status and body its log recorded", () => {
    expect(recordStub(recording, flow, "quote", 2)).toEqual({
      stub: { kind: "http", blockId: "quote", status: 201, body: '{"price":42}', headers: {} },
      isRecorded: true,
    });
  });

  it("answers an AI block with what it saved as the message content, a plug-in with its variables", () => {
    expect(recordStub(recording, flow, "gpt", 2)).toEqual({
      stub: { kind: "ai", blockId: "gpt", answer: "Hello from the model", variables: {} },
      isRecorded: true,
    });
    expect(recordStub(recording, flow, "noco", 2)).toEqual({
      stub: { kind: "plugin", blockId: "noco", outcome: "succeeded", variables: { Rows: ["Ada", "Grace"] } },
      isRecorded: true,
    });
  });

  it("gives what the preview cannot show a default answer marked unrecorded; nothing for inside blocks", () => {
    expect(recordStub(recording, flow, "listen", 2)).toEqual({
      stub: { kind: "webhook", blockId: "listen", body: {} },
      isRecorded: false,
    });
    expect(recordStub(recording, flow, "hello", 0)).toBeNull();
    expect(recordStub(recording, flow, "missing", 0)).toBeNull();
  });

  it("finds the turn of a step: the visitor steps up to it", () => {
    const test = recordPreviewTest(recording, { id: "t", name: "T" });
    expect([0, 1, 2, 3, 5, 6].map((index) => getTurnOfStep(test, index))).toEqual([0, 0, 1, 1, 2, 2]);
  });
});
