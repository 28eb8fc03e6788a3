import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  publishTestBotVersion,
  readResponse,
} from "@parley/chat/testing/chatFixtures";
import type { TestFlow } from "@parley/chat/testing/testFlow";
import { text } from "@parley/chat/testing/testFlows";
import { getPrisma } from "@parley/db";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";

// Real chats over the chat handlers (published bot, chat key, every turn persisted), then the
// builder's GET result: the transcript is the whole conversation, closing message included.
const { chat } = createTestChat();

const group = (id: string, blocks: unknown[]) => ({
  id,
  title: id,
  graphCoordinates: { x: 0, y: 0 },
  blocks,
});

/** Asks a name; "Ada" is welcomed back on a condition path; then a city, then a goodbye. */
const flow: TestFlow = {
  events: [{ id: "start", type: "start", outgoingEdgeId: "e-start", graphCoordinates: { x: 0, y: 0 } }],
  groups: [
    group("g-ask", [
      text("b-hello", "Hello! Your name?"),
      { id: "b-name", type: "text input", options: { variableId: "v-name" } },
      {
        id: "b-known",
        type: "Condition",
        items: [
          {
            id: "c-ada",
            outgoingEdgeId: "e-ada",
            content: {
              comparisons: [{ variableId: "v-name", comparisonOperator: "Equal to", value: "Ada" }],
            },
          },
        ],
        outgoingEdgeId: "e-other",
      },
    ]),
    group("g-welcome", [{ ...text("b-welcome", "Welcome back, {{Name}}"), outgoingEdgeId: "e-back" }]),
    group("g-city", [
      { id: "b-city", type: "text input", options: { variableId: "v-city" } },
      text("b-bye", "Bye {{Name}} from {{City}}"),
    ]),
  ],
  edges: [
    { id: "e-start", from: { eventId: "start" }, to: { groupId: "g-ask" } },
    { id: "e-ada", from: { blockId: "b-known", itemId: "c-ada" }, to: { groupId: "g-welcome" } },
    { id: "e-other", from: { blockId: "b-known" }, to: { groupId: "g-city" } },
    { id: "e-back", from: { blockId: "b-welcome" }, to: { groupId: "g-city" } },
  ],
  variables: [
    { id: "v-name", name: "Name" },
    { id: "v-city", name: "City" },
  ],
};

async function converse(bot: { publicId: string; chatKey: string }, replies: string[]) {
  const start = await readResponse(
    await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
  );
  expect(start.status).toBe(200);
  for (const reply of replies) {
    const turn = await readResponse(
      await chat(
        chatRequest(`/sessions/${start.body.sessionId}/continueChat`, {
          token: bot.chatKey,
          body: { message: { type: "text", text: reply } },
        }),
      ),
    );
    expect(turn.status).toBe(200);
  }
  return start.body.resultId as string;
}

describe("GET /bots/{botId}/results/{resultId} transcript of a real chat", () => {
  it("covers the condition path and the closing message, and stops where an unfinished chat stands", async () => {
    const bot = await createPublishedTestBot(flow);
    const finished = await converse(bot, ["Ada", "London"]);
    const unfinished = await converse(bot, ["Bob"]);
    const visited = await getPrisma().visitedEdge.findMany({ where: { resultId: finished } });
    expect(visited.map((row) => row.edgeId)).toEqual(["e-ada"]);

    // A later version of the bot changes nothing in how past results read.
    await publishTestBotVersion(bot.botId, { ...flow, groups: [group("g-ask", [text("b-new", "New")])] });

    const read = async (resultId: string) => {
      const { status, body } = await callApi("GET", `/bots/${bot.botId}/results/${resultId}`, {
        token: bot.owner.token,
      });
      expect(status).toBe(200);
      return body.result.transcript;
    };
    expect(await read(finished)).toEqual([
      { role: "bot", blockId: "b-hello", text: "Hello! Your name?" },
      { role: "user", blockId: "b-name", text: "Ada" },
      { role: "bot", blockId: "b-welcome", text: "Welcome back, Ada" },
      { role: "user", blockId: "b-city", text: "London" },
      { role: "bot", blockId: "b-bye", text: "Bye Ada from London" },
    ]);
    expect(await read(unfinished)).toEqual([
      { role: "bot", blockId: "b-hello", text: "Hello! Your name?" },
      { role: "user", blockId: "b-name", text: "Bob" },
    ]);
  });
});
