import { describe, expect, it } from "vitest";
import { createSingleGroupFlow, startTestChat } from "../testing";

const variables = [
  { id: "v-id", name: "Id", value: "42" },
  { id: "v-h", name: "Height", value: "300" },
  { id: "v-data", name: "Data" },
];

describe("media bubbles", () => {
  it("image: substitutes the URL and the click link, with the default alt text", async () => {
    const flow = createSingleGroupFlow(
      [
        {
          id: "i1",
          type: "image",
          content: { url: "https://img.test/{{Id}}.png", clickLink: { url: "https://x.test/{{Id}}" } },
        },
        { id: "i2", type: "image", content: { url: "" } },
      ],
      variables,
    );
    const chat = await startTestChat(flow);
    expect(chat.outcome.response.messages).toEqual([
      {
        id: "i1",
        type: "image",
        content: {
          url: "https://img.test/42.png",
          clickLink: { url: "https://x.test/42", alt: "Bubble image" },
        },
      },
    ]);
  });

  it("video: parses the substituted URL, reads a variable height, keeps display options", async () => {
    const flow = createSingleGroupFlow(
      [
        {
          id: "v1",
          type: "video",
          content: { url: "https://youtu.be/{{Id}}", height: "{{Height}}", areControlsDisplayed: false },
        },
      ],
      variables,
    );
    const chat = await startTestChat(flow);
    expect(chat.outcome.response.messages[0]).toEqual({
      id: "v1",
      type: "video",
      content: {
        type: "youtube",
        url: "https://youtu.be/42",
        id: "42",
        height: 300,
        aspectRatio: "16/9",
        maxWidth: "100%",
        areControlsDisplayed: false,
      },
    });
  });

  it("audio: autoplay by default", async () => {
    const flow = createSingleGroupFlow(
      [{ id: "a1", type: "audio", content: { url: "https://s.test/{{Id}}.mp3" } }],
      variables,
    );
    const chat = await startTestChat(flow);
    expect(chat.outcome.response.messages[0]).toEqual({
      id: "a1",
      type: "audio",
      content: { url: "https://s.test/42.mp3", isAutoplayEnabled: true },
    });
  });

  it("embed waiting for an event stops the walk and stores the event data (JSON-parsed)", async () => {
    const flow = createSingleGroupFlow(
      [
        {
          id: "e1",
          type: "embed",
          content: {
            url: "https://cal.test/{{Id}}",
            waitForEvent: { isEnabled: true, name: "booked", saveDataInVariableId: "v-data" },
          },
        },
        {
          id: "t1",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Got {{Data}}" }] }] },
        },
      ],
      variables,
    );
    const chat = await startTestChat(flow);
    expect(chat.outcome.response.messages).toEqual([
      {
        id: "e1",
        type: "embed",
        content: {
          url: "https://cal.test/42",
          height: 400,
          waitForEvent: { isEnabled: true, name: "booked", saveDataInVariableId: "v-data" },
        },
      },
    ]);
    expect(chat.outcome.isCompleted).toBe(false);
    expect(chat.outcome.state.waitingFor).toMatchObject({ kind: "dedicatedReply", action: "embedEvent" });
    const next = await chat.send('"2026-09-01"');
    expect(next.response.messages[0]).toMatchObject({
      content: { richText: [{ type: "p", children: [{ text: "Got 2026-09-01" }] }] },
    });
    expect(next.isCompleted).toBe(true);
  });
});
