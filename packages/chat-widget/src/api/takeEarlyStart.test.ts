import { afterEach, describe, expect, it, vi } from "vitest";
import { createChatClient } from "./createChatClient";
import { earlyStartGlobal } from "./takeEarlyStart";

const holder = globalThis as Record<string, unknown>;
afterEach(() => {
  delete holder[earlyStartGlobal];
});

const started = { sessionId: "s1", messages: [{ id: "m1" }] };

function client() {
  const fetch = vi.fn(async () => Response.json({ sessionId: "own" }));
  return {
    fetch,
    chat: createChatClient({ apiHost: "https://chat.test", auth: { chatKey: "ck_1" }, fetch }),
  };
}

describe("the share page's early startChat", () => {
  it("is taken once, for the same bot and variables, instead of a second startChat", async () => {
    holder[earlyStartGlobal] = {
      publicId: "my-bot",
      variables: JSON.stringify({ Name: "Ada" }),
      response: Promise.resolve(Response.json(started)),
    };
    const { fetch, chat } = client();
    expect(await chat.startChat("my-bot", { prefilledVariables: { Name: "Ada" } })).toEqual(started);
    expect(fetch).not.toHaveBeenCalled();
    // A restart sends its own.
    expect(await chat.startChat("my-bot", { prefilledVariables: { Name: "Ada" } })).toEqual({
      sessionId: "own",
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("is ignored for another bot, other variables or a remembered result", async () => {
    for (const [publicId, variables, resultId] of [
      ["other-bot", {}, undefined],
      ["my-bot", { Name: "Grace" }, undefined],
      ["my-bot", {}, "r1"],
    ] as const) {
      holder[earlyStartGlobal] = {
        publicId: "my-bot",
        variables: "{}",
        response: Promise.resolve(Response.json(started)),
      };
      const { fetch, chat } = client();
      expect(await chat.startChat(publicId, { prefilledVariables: variables, resultId })).toEqual({
        sessionId: "own",
      });
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it("answers its error like the chat's own request would", async () => {
    holder[earlyStartGlobal] = {
      publicId: "my-bot",
      variables: "{}",
      response: Promise.resolve(
        Response.json(
          {
            code: "BAD_REQUEST",
            message: "Invalid input data",
            issues: [{ code: "BOT_CLOSED", message: "Closed" }],
          },
          { status: 400 },
        ),
      ),
    };
    await expect(client().chat.startChat("my-bot", { prefilledVariables: {} })).rejects.toMatchObject({
      status: 400,
    });
  });
});
