import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  createTestMember,
  publishTestBotVersion,
  readResponse,
} from "@parley/chat/testing/chatFixtures";
import { toBotDocument } from "@parley/chat/testing/seedPublishedBot";
import type { TestFlow } from "@parley/chat/testing/testFlow";
import { text } from "@parley/chat/testing/testFlows";
import { getPrisma } from "@parley/db";
import { getJobQueue } from "@parley/db/queue";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { botReplayJob, runReplay } from "../../replays/botReplays";
import { callApi } from "../../testing/fixtures";

// Real chats over the chat handlers (published versions, every turn stored), then replays of them through a draft.
const { chat } = createTestChat();

const group = (id: string, blocks: unknown[]) => ({
  id,
  title: id,
  graphCoordinates: { x: 0, y: 0 },
  blocks,
});

/** Asks a name; `known` is welcomed back on a condition path; then a city, then a goodbye. */
const flow = (known = "Ada", cityInput = "text input"): TestFlow => ({
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
            id: "c-known",
            outgoingEdgeId: "e-known",
            content: {
              comparisons: [{ variableId: "v-name", comparisonOperator: "Equal to", value: known }],
            },
          },
        ],
        outgoingEdgeId: "e-other",
      },
    ]),
    group("g-welcome", [{ ...text("b-welcome", "Welcome back, {{Name}}"), outgoingEdgeId: "e-back" }]),
    group("g-city", [
      { id: "b-city", type: cityInput, options: { variableId: "v-city" } },
      text("b-bye", "Bye"),
    ]),
  ],
  edges: [
    { id: "e-start", from: { eventId: "start" }, to: { groupId: "g-ask" } },
    { id: "e-known", from: { blockId: "b-known", itemId: "c-known" }, to: { groupId: "g-welcome" } },
    { id: "e-other", from: { blockId: "b-known" }, to: { groupId: "g-city" } },
    { id: "e-back", from: { blockId: "b-welcome" }, to: { groupId: "g-city" } },
  ],
  variables: [
    { id: "v-name", name: "Name" },
    { id: "v-city", name: "City" },
  ],
});

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

const saveDraft = (botId: string, draft: TestFlow) =>
  getPrisma().bot.update({ where: { id: botId }, data: { ...toBotDocument(draft), updatedAt: new Date() } });

describe("POST /bots/{botId}/replays and GET /bots/{botId}/replays/{replayId}", () => {
  it("replays the newest results, older versions included, through the draft: verdicts grouped by block", async () => {
    const bot = await createPublishedTestBot(flow());
    const ada = await converse(bot, ["Ada", "London"]);
    // A second version, then a visitor of it: each result replays over the version it ran on.
    await publishTestBotVersion(bot.botId, flow("Ada", "text input"));
    const bob = await converse(bot, ["Bob", "Paris"]);
    const cy = await converse(bot, ["Cy", "Rome"]);
    // The draft welcomes Bob instead of Ada, and asks the city as an e-mail address.
    await saveDraft(bot.botId, flow("Bob"));

    const started = await callApi("POST", `/bots/${bot.botId}/replays`, {
      token: bot.owner.token,
      body: { limit: 2 },
    });
    expect(started.status).toBe(200);
    const { replay } = started.body;
    expect(replay).toMatchObject({
      status: "done",
      limit: 2,
      total: 2,
      processed: 2,
      stoppedEarly: false,
      summary: { samePath: 1, otherPath: 1, refused: 0, error: 0, notReplayable: 0 },
      groups: [
        {
          status: "otherPath",
          blockId: "b-known",
          groupTitle: "g-ask",
          blockType: "Condition",
          count: 1,
          resultIds: [bob],
        },
      ],
    });
    // Newest first: Cy, then Bob; Ada's (the third newest) is beyond the limit.
    expect(replay.conversations.map((row: { resultId: string }) => row.resultId)).toEqual([cy, bob]);
    expect(replay.conversations[1]).toEqual({
      resultId: bob,
      status: "otherPath",
      blockId: "b-known",
      detail: null,
      storedNextBlockId: "b-city",
      draftNextBlockId: "b-welcome",
      draftTranscript: [
        { role: "bot", blockId: "b-hello", text: "Hello! Your name?" },
        { role: "user", blockId: "b-name", text: "Bob" },
        { role: "bot", blockId: "b-welcome", text: "Welcome back, Bob" },
        { role: "user", blockId: "b-city", text: "Paris" },
        { role: "bot", blockId: "b-bye", text: "Bye" },
      ],
    });

    // The draft now refuses the cities: every conversation, Ada's of version 1 included, is refused at b-city.
    await saveDraft(bot.botId, flow("Ada", "email input"));
    const all = await callApi("POST", `/bots/${bot.botId}/replays`, {
      token: bot.owner.token,
      body: { limit: 10 },
    });
    expect(all.body.replay.summary).toEqual({
      samePath: 0,
      otherPath: 0,
      refused: 3,
      error: 0,
      notReplayable: 0,
    });
    expect(all.body.replay.groups).toEqual([
      {
        status: "refused",
        blockId: "b-city",
        groupTitle: "g-city",
        blockType: "email input",
        count: 3,
        resultIds: [cy, bob, ada],
      },
    ]);
    expect(all.body.replay.conversations[2]).toMatchObject({
      resultId: ada,
      status: "refused",
      detail: "London",
    });

    const read = await callApi("GET", `/bots/${bot.botId}/replays/${all.body.replay.id}`, {
      token: bot.owner.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.replay).toEqual(all.body.replay);
    const audited = await getPrisma().auditLogEntry.findMany({
      where: { targetId: bot.botId, action: "bot.replayStarted" },
    });
    expect(audited).toHaveLength(2);
  });

  it("queues a large replay (202), one at a time per bot; the job runs it; the time limit stops it early", async () => {
    const bot = await createPublishedTestBot(flow());
    await converse(bot, ["Ada", "London"]);
    const queued = await callApi("POST", `/bots/${bot.botId}/replays`, {
      token: bot.owner.token,
      body: { limit: 500 },
    });
    expect(queued.status).toBe(202);
    expect(queued.body.replay).toMatchObject({ status: "queued", processed: 0, total: 0 });
    const replayId = queued.body.replay.id;

    const second = await callApi("POST", `/bots/${bot.botId}/replays`, {
      token: bot.owner.token,
      body: { limit: 1 },
    });
    expect(second.status).toBe(400);
    expect(second.body.issues[0]).toMatchObject({ code: "REPLAY_IN_PROGRESS" });

    const queue = getJobQueue();
    let outcome: unknown;
    do outcome = await queue.runOne(botReplayJob, ({ replayId: id }) => runReplay(getPrisma(), id));
    while (
      outcome !== "none" &&
      (await getPrisma().botReplay.findUnique({ where: { id: replayId } }))?.status !== "done"
    );
    const done = await callApi("GET", `/bots/${bot.botId}/replays/${replayId}`, { token: bot.owner.token });
    expect(done.body.replay).toMatchObject({ status: "done", total: 1, processed: 1, stoppedEarly: false });
    expect(done.body.replay.summary.samePath).toBe(1);

    // A replay whose wall time is spent before its first result: stopped early, nothing replayed.
    const row = await getPrisma().botReplay.create({
      data: {
        id: `${replayId}x`,
        botId: bot.botId,
        workspaceId: bot.owner.workspaceId,
        status: "queued",
        limit: 5,
      },
    });
    await runReplay(getPrisma(), row.id, { timeLimitMs: 0 });
    const early = await callApi("GET", `/bots/${bot.botId}/replays/${row.id}`, { token: bot.owner.token });
    expect(early.body.replay).toMatchObject({ status: "done", total: 1, processed: 0, stoppedEarly: true });
  });

  it("scopes: GUEST reads but cannot start; other workspaces and other bots' replays are refused", async () => {
    const bot = await createPublishedTestBot(flow());
    const guest = await createTestMember(bot.owner.workspaceId, "GUEST");
    const refused = await callApi("POST", `/bots/${bot.botId}/replays`, {
      token: guest.token,
      body: { limit: 1 },
    });
    expect(refused.status).toBe(403);
    const started = await callApi("POST", `/bots/${bot.botId}/replays`, {
      token: bot.owner.token,
      body: { limit: 1 },
    });
    expect(started.status).toBe(200);
    expect(started.body.replay).toMatchObject({ status: "done", total: 0, conversations: [] });
    const path = `/bots/${bot.botId}/replays/${started.body.replay.id}`;
    expect((await callApi("GET", path, { token: guest.token })).status).toBe(200);

    const stranger = await createTestTeam();
    expect((await callApi("GET", path, { token: stranger.member.token })).status).toBe(403);
    expect(
      (
        await callApi("POST", `/bots/${bot.botId}/replays`, {
          token: stranger.member.token,
          body: { limit: 1 },
        })
      ).status,
    ).toBe(403);
    const otherBot = await createPublishedTestBot(flow(), { workspaceId: bot.owner.workspaceId });
    const elsewhere = await callApi("GET", `/bots/${otherBot.botId}/replays/${started.body.replay.id}`, {
      token: bot.owner.token,
    });
    expect(elsewhere.status).toBe(404);

    for (const limit of [0, 1001, "ten"]) {
      const bad = await callApi("POST", `/bots/${bot.botId}/replays`, {
        token: bot.owner.token,
        body: { limit },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.issues[0].path).toEqual(["limit"]);
    }
  });
});
