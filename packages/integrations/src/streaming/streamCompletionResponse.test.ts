import { describe, expect, it } from "vitest";
import type { StreamedCompletion } from "./prepareStreamedCompletion";
import { type StreamOutcome, streamCompletionResponse } from "./streamCompletionResponse";

/** A completion whose pieces are released one by one by the test. */
function createControlledCompletion(pieces: string[], failAfter?: number) {
  const releases: (() => void)[] = [];
  const gates = pieces.map(() => new Promise<void>((resolve) => releases.push(resolve)));
  async function* deltas() {
    for (const [index, piece] of pieces.entries()) {
      await gates[index];
      if (failAfter !== undefined && index === failAfter)
        throw new Error("The provider failed mid-stream: overloaded");
      yield piece;
    }
  }
  const completion: StreamedCompletion = {
    label: "OpenAI chat completion",
    stream: { deltas: deltas(), getUsage: () => null },
    toVariableUpdates: (text) => [{ variableId: "answer", value: text }],
    logs: [],
  };
  return { completion, release: (index: number) => releases[index]?.() };
}

describe("streamCompletionResponse", () => {
  it("sends each piece as it arrives and stores the whole text before closing", async () => {
    const { completion, release } = createControlledCompletion(["Hel", "lo ", "there"]);
    const finished: StreamOutcome[] = [];
    const response = streamCompletionResponse(completion, async (outcome) => {
      finished.push(outcome);
    });
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const received: string[] = [];
    for (let index = 0; index < 3; index++) {
      release(index);
      received.push((await reader.read()).value ?? "");
    }
    expect(received).toEqual(["Hel", "lo ", "there"]);
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(finished).toEqual([{ text: "Hello there", isClientConnected: true }]);
  });

  it("reads the provider to the end and stores the text when the client goes away", async () => {
    const { completion, release } = createControlledCompletion(["One ", "two ", "three"]);
    let resolveFinished: (outcome: StreamOutcome) => void = () => {};
    const finished = new Promise<StreamOutcome>((resolve) => {
      resolveFinished = resolve;
    });
    const response = streamCompletionResponse(completion, async (outcome) => resolveFinished(outcome));
    const reader = response.body!.getReader();
    release(0);
    await reader.read();
    await reader.cancel();
    release(1);
    release(2);
    expect(await finished).toEqual({ text: "One two three", isClientConnected: false });
  });

  it("passes a mid-stream failure on with the text received so far", async () => {
    const { completion, release } = createControlledCompletion(["Partial ", "never"], 1);
    const outcomes: StreamOutcome[] = [];
    const response = streamCompletionResponse(completion, async (outcome) => {
      outcomes.push(outcome);
    });
    release(0);
    release(1);
    expect(await response.text()).toBe("Partial ");
    expect(outcomes).toEqual([
      { text: "Partial ", error: "The provider failed mid-stream: overloaded", isClientConnected: true },
    ]);
  });
});
