import { getPrisma } from "@parley/db";
import { continueChatResponseSchema, startChatResponseSchema } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChatHandlers,
  readResponse,
  type TestFlow,
} from "../testing/chatFixtures";
import { textOf } from "../testing/testFlows";

const { handlers } = createTestChatHandlers();

const text = (id: string, value: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: value }] }] },
});

/**
 * Greets with a client-side script, asks a name, changes the host avatar, then jumps to a group
 * that does not exist (an error log) and ends. Progress bar on, avatar taken from a variable.
 */
function createRichFlow(): TestFlow {
  return {
    events: [{ id: "start", type: "start", outgoingEdgeId: "e-start", graphCoordinates: { x: 0, y: 0 } }],
    groups: [
      {
        id: "g-1",
        title: "Start",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          text("b-hi", "Hi"),
          { id: "b-script", type: "Code", options: { content: "console.log({{Avatar}})" } },
          { id: "b-name", type: "text input", options: { variableId: "v-name" } },
          {
            id: "b-avatar",
            type: "Set variable",
            options: { variableId: "v-avatar", expressionToEvaluate: "https://example.com/{{Name}}.png" },
          },
          { id: "b-jump", type: "Jump", options: { groupId: "g-missing" } },
        ],
      },
    ],
    edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-1" } }],
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-avatar", name: "Avatar" },
    ],
    theme: {
      general: { progressBar: { isEnabled: true } },
      chat: { hostAvatar: { isEnabled: true, url: "{{Avatar}}" } },
    },
  };
}

describe("response fields that depend on the flow", () => {
  it("carries clientSideActions, dynamicTheme, progress and logs, and stores the logs with the result", async () => {
    const bot = await createPublishedTestBot(createRichFlow());
    const started = await readResponse(
      await handlers.startChat(
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
      await handlers.continueChat(
        chatRequest(`/sessions/${start.sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: "ada" },
        }),
      ),
    );
    expect(replied.status).toBe(200);
    const reply = continueChatResponseSchema.parse(replied.body);
    expect(reply.lastMessageNewFormat).toBeNull();
    expect(replied.body.dynamicTheme).toEqual({
      hostAvatarUrl: "https://example.com/ada.png",
      guestAvatarUrl: null,
      backgroundUrl: null,
    });
    expect(reply.logs).toEqual([
      expect.objectContaining({ status: "error", description: "Jump target group not found" }),
    ]);
    expect(reply.progress).toBe(100);
    expect(reply.input).toBeNull();
    expect(reply.clientSideActions).toEqual([]);

    const stored = await getPrisma().log.findMany({ where: { resultId: start.resultId ?? "" } });
    expect(stored.map((log) => [log.status, log.description, log.context])).toEqual([
      ["error", "Jump target group not found", "b-jump"],
    ]);
  });
});
