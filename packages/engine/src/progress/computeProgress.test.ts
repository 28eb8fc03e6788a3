import { describe, expect, it } from "vitest";
import { createFlow, startTestChat, textBlock } from "../testing";

const input = (id: string) => ({ id, type: "text input", options: {} });

/** Start → q1 → (choice: short branch with 1 input | long branch with 3 inputs) → end. */
const createProgressFlow = (isLooping: boolean) =>
  createFlow({
    theme: { general: { progressBar: { isEnabled: true } } },
    groups: [
      {
        id: "g1",
        title: "Start",
        blocks: [
          input("q1"),
          {
            id: "choice",
            type: "choice input",
            options: {},
            items: [
              { id: "short", content: "Short", outgoingEdgeId: "e-short" },
              { id: "long", content: "Long", outgoingEdgeId: "e-long" },
            ],
          },
        ],
      },
      { id: "g-short", title: "Short", blocks: [input("s1")] },
      {
        id: "g-long",
        title: "Long",
        blocks: [
          input("l1"),
          input("l2"),
          { ...input("l3"), ...(isLooping ? { outgoingEdgeId: "e-loop" } : {}) },
        ],
      },
    ],
    edges: [
      { id: "e-short", from: { blockId: "choice", itemId: "short" }, to: { groupId: "g-short" } },
      { id: "e-long", from: { blockId: "choice", itemId: "long" }, to: { groupId: "g-long" } },
      { id: "e-loop", from: { blockId: "l3" }, to: { groupId: "g1" } },
    ],
  });
const flow = createProgressFlow(false);

describe("progress", () => {
  it("uses the longest remaining path in inputs, never goes down, and is 100 at the end", async () => {
    const chat = await startTestChat(flow);
    // q1 + choice + 3 long inputs = 5 remaining.
    expect(chat.outcome.response.progress).toBe(16.67);
    const afterQ1 = await chat.send("x");
    expect(afterQ1.response.progress).toBe(33.33);
    const afterChoice = await chat.send("Short");
    // answered 2, 1 left → 3/4 = 75
    expect(afterChoice.response.progress).toBe(75);
    const end = await chat.send("y");
    expect(end.response.progress).toBe(100);
  });

  it("stays monotone and below 100 on a flow that loops, 100 only at the end", async () => {
    const chat = await startTestChat(createProgressFlow(true));
    const values = [chat.outcome.response.progress ?? 0];
    for (const reply of ["x", "Long", "a", "b", "c", "x", "Short", "y"]) {
      values.push((await chat.send(reply)).response.progress ?? 0);
    }
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values.slice(0, -1).every((value) => value < 100)).toBe(true);
    expect(values.at(-1)).toBe(100);
  });

  it("is null when the progress bar is off, and follows the preview override", async () => {
    const off = createFlow({ groups: [{ id: "g", title: "G", blocks: [input("q")] }] });
    expect((await startTestChat(off)).outcome.response.progress).toBeNull();
    expect((await startTestChat(off, { isProgressBarEnabled: true })).outcome.response.progress).toBe(50);
    expect((await startTestChat(flow, { isProgressBarEnabled: false })).outcome.response.progress).toBeNull();
  });
});

describe("dynamic theme", () => {
  it("returns avatar and background URLs that come from variables, with their current values", async () => {
    const themed = createFlow({
      theme: {
        chat: {
          hostAvatar: { isEnabled: true, url: "{{Avatar}}" },
          guestAvatar: { url: "https://static.test/g.png" },
        },
        general: { background: { type: "Image", content: "{{Background}}" } },
      },
      variables: [
        { id: "avatar", name: "Avatar", value: "https://a.test/1.png" },
        { id: "bg", name: "Background" },
      ],
      groups: [
        {
          id: "g",
          title: "G",
          blocks: [{ id: "q", type: "text input", options: { variableId: "bg" } }, textBlock("t", "ok")],
        },
      ],
    });
    const chat = await startTestChat(themed);
    expect(chat.outcome.response.dynamicTheme).toEqual({
      hostAvatarUrl: "https://a.test/1.png",
      backgroundUrl: "",
    });
    const next = await chat.send("https://bg.test/2.png");
    expect(next.response.dynamicTheme).toEqual({
      hostAvatarUrl: "https://a.test/1.png",
      backgroundUrl: "https://bg.test/2.png",
    });
    const plain = await startTestChat(createFlow({ groups: [] }));
    expect(plain.outcome.response.dynamicTheme).toBeNull();
  });
});
