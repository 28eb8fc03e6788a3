import { getPrisma } from "@parley/db";
import { startChatResponseSchema } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  readResponse,
} from "../../testing/chatFixtures";
import { toBotDocument } from "../../testing/seedPublishedBot";
import type { TestFlow } from "../../testing/testFlow";
import { createGreetingFlow, textOf } from "../../testing/testFlows";

const { chat } = createTestChat();
const prisma = getPrisma();

/** `flow` as schema version 5 stored it: a start block in a "Start" group instead of a start event. */
function toVersion5(flow: TestFlow): TestFlow {
  const startBlock = { id: "start-block", type: "start", groupId: "start-group", label: "Start" };
  return {
    ...flow,
    events: [],
    groups: [
      {
        id: "start-group",
        title: "Start",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [{ ...startBlock, outgoingEdgeId: "e-start" }],
      },
      ...flow.groups,
    ],
    edges: flow.edges.map((edge) =>
      (edge as { id: string }).id === "e-start"
        ? { ...(edge as object), from: { blockId: startBlock.id } }
        : edge,
    ),
  };
}

const startBody = { prefilledVariables: { Name: "Ada" } };

describe("flows stored at an older schema version reach the chat runtime converted", () => {
  it("starts a chat on a published version stored at schema version 5", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    await prisma.publishedBot.update({
      where: { id: bot.publishedBotId },
      data: { schemaVersion: "5", ...toBotDocument(toVersion5(createGreetingFlow())) },
    });
    const response = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: startBody })),
    );
    expect(response.status).toBe(200);
    const body = startChatResponseSchema.parse(response.body);
    expect(body.messages.map(textOf)).toEqual(["Hello Ada!"]);
    expect(body.input?.type).toBe("text input");
  });

  it("previews a draft stored at schema version 5", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    await prisma.bot.update({
      where: { id: bot.botId },
      data: { version: "5", ...toBotDocument(toVersion5(createGreetingFlow())), updatedAt: new Date() },
    });
    const response = await readResponse(
      await chat(
        chatRequest(`/bots/${bot.botId}/preview/startChat`, { token: bot.owner.token, body: startBody }),
      ),
    );
    expect(response.status).toBe(200);
    const body = startChatResponseSchema.parse(response.body);
    expect(body.messages.map(textOf)).toEqual(["Hello Ada!"]);
    expect(body.input?.type).toBe("text input");
  });
});
