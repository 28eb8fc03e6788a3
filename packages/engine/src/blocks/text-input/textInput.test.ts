import { describe, expect, it } from "vitest";
import { createFlow, startTestChat, textBlock } from "../../testing";

const flow = (options: Record<string, unknown>) =>
  createFlow({
    variables: [
      { id: "v-answer", name: "Answer" },
      { id: "v-files", name: "Files", value: ["https://f.test/old.pdf"] },
      { id: "v-audio", name: "Audio" },
    ],
    groups: [
      {
        id: "g",
        title: "Question",
        blocks: [
          { id: "q", type: "text input", options: { variableId: "v-answer", ...options } },
          textBlock("t", "{{Answer}} | {{Files}} | {{Audio}}"),
        ],
      },
    ],
  });

describe("text input", () => {
  it("accepts any text, stores it in the variable and the result", async () => {
    const chat = await startTestChat(flow({ labels: { placeholder: "Type..." } }));
    expect(chat.outcome.response.input).toEqual({
      id: "q",
      type: "text input",
      options: { variableId: "v-answer", labels: { placeholder: "Type..." } },
    });
    // Neither prefilledValue (the variable is empty) nor runtimeOptions (not a payment) applies: left out.
    expect(Object.keys(chat.outcome.response.input ?? {})).toEqual(["id", "type", "options"]);
    const next = await chat.send("anything at all");
    expect(next.newAnswers).toEqual([
      {
        resultId: "result-1",
        index: 0,
        blockId: "q",
        groupId: "g",
        variableId: "v-answer",
        content: "anything at all",
      },
    ]);
    expect(next.result.variables).toContainEqual({
      id: "v-answer",
      name: "Answer",
      value: "anything at all",
    });
  });

  it("appends attachments to a list variable and puts their URLs before the text", async () => {
    const chat = await startTestChat(flow({ attachments: { isEnabled: true, saveVariableId: "v-files" } }));
    const next = await chat.send({
      type: "text",
      text: "see files",
      attachedFileUrls: ["https://f.test/a.png"],
    });
    expect(next.newAnswers[0]).toMatchObject({
      content: "https://f.test/a.png\n\nsee files",
      attachedFileUrls: ["https://f.test/a.png"],
    });
    expect(next.result.variables).toContainEqual({
      id: "v-files",
      name: "Files",
      value: ["https://f.test/old.pdf", "https://f.test/a.png"],
    });
    expect(next.result.variables).toContainEqual({ id: "v-answer", name: "Answer", value: "see files" });
  });

  it("takes an audio reply as its URL, also in the audio clip variable", async () => {
    const chat = await startTestChat(flow({ audioClip: { isEnabled: true, saveVariableId: "v-audio" } }));
    const next = await chat.send({ type: "audio", url: "https://f.test/voice.ogg" });
    expect(next.newAnswers[0]?.content).toBe("https://f.test/voice.ogg");
    expect(next.result.variables).toContainEqual({
      id: "v-audio",
      name: "Audio",
      value: "https://f.test/voice.ogg",
    });
  });

  it("shows the variable's current text as prefilled value", async () => {
    const chat = await startTestChat(flow({}), {
      prefilledVariables: { Answer: "draft", Unknown: "ignored" },
    });
    expect(chat.outcome.response.input?.prefilledValue).toBe("draft");
  });

  it("leaves the prefilled value out when the bot turns input prefill off", async () => {
    const base = flow({});
    const chat = await startTestChat(
      { ...base, settings: { general: { isInputPrefillEnabled: false } } },
      { prefilledVariables: { Answer: "draft" } },
    );
    expect(chat.outcome.response.input).not.toHaveProperty("prefilledValue");
  });

  it("shows the input again, without retry message, when no message comes", async () => {
    const chat = await startTestChat(flow({}));
    const next = await chat.send(null);
    expect(next.response.messages).toEqual([]);
    expect(next.response.input?.id).toBe("q");
    expect(next.newAnswers).toEqual([]);
  });
});
