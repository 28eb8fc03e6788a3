import { describe, expect, it } from "vitest";
import { createFlow, getMessageTexts, startTestChat, textBlock } from "../../testing";

const flow = (jumpOptions: Record<string, unknown>) =>
  createFlow({
    variables: [{ id: "target", name: "Target", value: "Helper" }],
    groups: [
      {
        id: "main",
        title: "Main",
        blocks: [
          textBlock("m1", "before"),
          { id: "jump", type: "Jump", options: jumpOptions },
          textBlock("m2", "after"),
        ],
      },
      {
        id: "helper",
        title: "Helper",
        blocks: [textBlock("h1", "in helper"), textBlock("h2", "second"), { id: "ret", type: "Return" }],
      },
    ],
  });

describe("Jump and Return", () => {
  it("jumps to a group and returns after the jump", async () => {
    const chat = await startTestChat(flow({ groupId: "helper" }));
    expect(getMessageTexts(chat.outcome)).toEqual(["before", "in helper", "second", "after"]);
  });

  it("jumps to a group named by a variable holding its title, at a given block", async () => {
    const chat = await startTestChat(flow({ groupId: "{{Target}}", blockId: "h2" }));
    expect(getMessageTexts(chat.outcome)).toEqual(["before", "second", "after"]);
  });

  it("logs a missing target and ends the path", async () => {
    const chat = await startTestChat(flow({ groupId: "nowhere" }));
    expect(getMessageTexts(chat.outcome)).toEqual(["before"]);
    expect(chat.outcome.response.logs[0]).toMatchObject({
      status: "error",
      description: "Jump target group not found",
    });
  });

  it("a Return without a mark ends the path", async () => {
    const chat = await startTestChat(
      createFlow({
        groups: [{ id: "g", title: "G", blocks: [{ id: "r", type: "Return" }, textBlock("t", "never")] }],
      }),
    );
    expect(chat.outcome.response.messages).toEqual([]);
    expect(chat.outcome.isCompleted).toBe(true);
  });

  it("comes back across an input in the jumped-to group", async () => {
    const chat = await startTestChat(
      createFlow({
        groups: [
          {
            id: "main",
            title: "Main",
            blocks: [{ id: "jump", type: "Jump", options: { groupId: "ask" } }, textBlock("m2", "back")],
          },
          {
            id: "ask",
            title: "Ask",
            blocks: [
              { id: "q", type: "text input", options: {} },
              { id: "ret", type: "Return" },
            ],
          },
        ],
      }),
    );
    expect(chat.outcome.response.input?.id).toBe("q");
    expect(getMessageTexts(await chat.send("x"))).toEqual(["back"]);
  });
});
