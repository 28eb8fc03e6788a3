import { getPrisma } from "@parley/db";
import { continueChatResponseSchema, startChatResponseSchema } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { chatRequest, createPublishedTestBot, createTestChat, readResponse } from "../testing/chatFixtures";
import { createRichFlow, textOf } from "../testing/testFlows";

const { chat } = createTestChat();

describe("response fields that depend on the flow", () => {
  it("carries clientSideActions, dynamicTheme, progress and logs, and stores the logs with the result", async () => {
    const bot = await createPublishedTestBot(createRichFlow());
    const started = await readResponse(
      await chat(
        chatRequest(`/bots/${bot.publicId}/startChat`, {
          token: bot.chatKey,
          body: { prefilledVariables: { Avatar: "https://example.com/first.png" } },
        }),
      ),
    );
    expect(started.status).toBe(200);
    const start = startChatResponseSchema.parse(started.body);
    expect(start.messages.map(textOf)).toEqual(["Hi"]);
    expect(start.clientSideActions).toEqual([
      expect.objectContaining({
        type: "scriptToExecute",
        lastBubbleBlockId: "b-hi",
        scriptToExecute: expect.objectContaining({
          content: expect.stringContaining("console.log"),
          args: [expect.objectContaining({ value: "https://example.com/first.png" })],
        }),
      }),
    ]);
    expect(started.body.dynamicTheme).toEqual({
      hostAvatarUrl: "https://example.com/first.png",
      guestAvatarUrl: null,
      backgroundUrl: null,
    });
    expect(start.progress).toBeGreaterThan(0);
    expect(start.progress).toBeLessThan(100);
    expect(start.logs).toEqual([]);
    expect(start.input?.id).toBe("b-name");

    const replied = await readResponse(
      await chat(
        chatRequest(`/sessions/${start.sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: "ada" },
        }),
      ),
    );
    expect(replied.status).toBe(200);
    const reply = continueChatResponseSchema.parse(replied.body);
    expect(replied.body).not.toHaveProperty("lastMessageNewFormat");
    expect(replied.body.dynamicTheme).toEqual({
      hostAvatarUrl: "https://example.com/ada.png",
      guestAvatarUrl: null,
      backgroundUrl: null,
    });
    expect(reply.logs).toEqual([
      expect.objectContaining({ status: "error", description: "Jump target group not found" }),
    ]);
    expect(reply.progress).toBe(100);
    expect(replied.body).not.toHaveProperty("input");
    expect(reply.clientSideActions).toEqual([]);

    const stored = await getPrisma().log.findMany({ where: { resultId: start.resultId ?? "" } });
    expect(stored.map((log) => [log.status, log.description, log.context])).toEqual([
      ["error", "Jump target group not found", "b-jump"],
    ]);
  });
});
