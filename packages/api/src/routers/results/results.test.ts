import { getPrisma } from "@parley/db";
import {
  createTestBot,
  createTestResult,
  createTestTeam,
  teamRoles,
} from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi, countQueries } from "../../testing/fixtures";
import { sampleFlow } from "../../testing/sampleFlow";

async function seededBot() {
  const team = await createTestTeam();
  const bot = await createTestBot(team.workspaceId, { name: "Lead bot", ...sampleFlow });
  return { team, bot };
}

describe("GET /bots/{botId}/results", () => {
  it("pages newest first with a cursor, answers included, in a bounded number of queries", async () => {
    const { team, bot } = await seededBot();
    const base = Date.now() - 60_000;
    for (let index = 0; index < 5; index++) {
      await createTestResult(bot, {
        createdAt: new Date(base + index * 1000),
        answers: [{ blockId: "b2", groupId: "g1", content: `name ${index}` }],
        variables: [{ id: "vname", name: "Name", value: `name ${index}` }],
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/bots/${bot.id}/results?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const { status, body } = await callApi("GET", query, { token: team.guest.token });
      expect(status).toBe(200);
      seen.push(
        ...body.results.map((result: { answers: { content: string }[] }) => result.answers[0]?.content),
      );
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(["name 4", "name 3", "name 2", "name 1", "name 0"]);
    const { body, queries } = await countQueries(() =>
      callApi("GET", `/bots/${bot.id}/results`, { token: team.guest.token }),
    );
    const few = await countQueries(() =>
      callApi("GET", `/bots/${bot.id}/results?limit=1`, { token: team.guest.token }),
    );
    expect(queries).toBe(few.queries);
    expect(queries).toBeLessThanOrEqual(4);
    expect(body.results[0]).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      hasStarted: true,
      isCompleted: false,
      language: null,
      variables: [{ id: "vname", name: "Name", value: "name 4" }],
      answers: [
        {
          blockId: "b2",
          groupId: "g1",
          content: "name 4",
          attachedFileUrls: null,
          createdAt: expect.any(String),
        },
      ],
    });
  });

  it("filters by time range and refuses bad parameters", async () => {
    const { team, bot } = await seededBot();
    await createTestResult(bot, { createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000) });
    await createTestResult(bot);
    const recent = await callApi("GET", `/bots/${bot.id}/results?timeFilter=last7Days`, {
      token: team.admin.token,
    });
    expect(recent.body.results).toHaveLength(1);
    for (const query of [
      "limit=0",
      "limit=101",
      "limit=abc",
      "cursor=garbage",
      "timeFilter=yesterday",
      "timeZone=Mars/Base",
    ]) {
      const response = await callApi("GET", `/bots/${bot.id}/results?${query}`, { token: team.admin.token });
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe("BAD_REQUEST");
    }
  });

  it("filters by a custom range, completion and answer text, together", async () => {
    const { team, bot } = await seededBot();
    const day = (iso: string) => new Date(`${iso}T12:00:00.000Z`);
    const answer = (content: string) => [{ blockId: "b2", groupId: "g1", content }];
    await createTestResult(bot, { createdAt: day("2026-03-01"), answers: answer("Ada Lovelace") });
    await createTestResult(bot, {
      createdAt: day("2026-03-02"),
      answers: answer("Grace"),
      isCompleted: true,
    });
    await createTestResult(bot, { createdAt: day("2026-03-03"), answers: answer("ada"), isCompleted: true });
    await createTestResult(bot, { createdAt: day("2026-03-04"), answers: answer("100% _sure_") });
    const contents = async (query: string) => {
      const { status, body } = await callApi("GET", `/bots/${bot.id}/results?${query}`, {
        token: team.guest.token,
      });
      expect(status, query).toBe(200);
      return body.results.map((result: { answers: { content: string }[] }) => result.answers[0]?.content);
    };
    expect(await contents("from=2026-03-02&to=2026-03-03")).toEqual(["ada", "Grace"]);
    expect(await contents("from=2026-03-03")).toEqual(["100% _sure_", "ada"]);
    expect(await contents("to=2026-03-01")).toEqual(["Ada Lovelace"]);
    expect(await contents("isCompleted=true")).toEqual(["ada", "Grace"]);
    expect(await contents("isCompleted=false")).toEqual(["100% _sure_", "Ada Lovelace"]);
    expect(await contents("answerContains=ADA")).toEqual(["ada", "Ada Lovelace"]);
    expect(await contents("answerContains=ADA&isCompleted=false")).toEqual(["Ada Lovelace"]);
    // LIKE's wildcards are searched as text.
    expect(await contents("answerContains=%25")).toEqual(["100% _sure_"]);
    expect(await contents("answerContains=_s")).toEqual(["100% _sure_"]);
    // A date-time bound is an instant, inclusive.
    expect(await contents("from=2026-03-02T12:00:00.000Z&to=2026-03-03T12:00:00.000Z")).toEqual([
      "ada",
      "Grace",
    ]);
    for (const [query, path] of [
      ["from=2026-03-04&to=2026-03-01", "from"],
      ["timeFilter=allTime&from=2026-03-01", "timeFilter"],
      ["from=yesterday", "from"],
      ["to=2026-02-30", "to"],
      ["isCompleted=maybe", "isCompleted"],
      ["answerContains=", "answerContains"],
    ] as const) {
      const { status, body } = await callApi("GET", `/bots/${bot.id}/results?${query}`, {
        token: team.guest.token,
      });
      expect(status, query).toBe(400);
      expect(body.issues[0].path, query).toEqual([path]);
    }
  });

  it("answers NOT_FOUND for a missing bot and FORBIDDEN for another workspace's bot", async () => {
    const { team, bot } = await seededBot();
    expect((await callApi("GET", "/bots/nosuchbot/results", { token: team.admin.token })).status).toBe(404);
    expect((await callApi("GET", `/bots/${bot.id}/results`, { token: team.outsider.token })).status).toBe(
      403,
    );
    expect((await callApi("GET", `/bots/${bot.id}/results`)).status).toBe(401);
  });
});

describe("GET /bots/{botId}/results/{resultId}", () => {
  it("returns the answers and a transcript", async () => {
    const { team, bot } = await seededBot();
    const result = await createTestResult(bot, {
      answers: [
        { blockId: "b2", groupId: "g1", content: "Ada" },
        { blockId: "b4", groupId: "g1", content: "Yes" },
      ],
    });
    const { status, body } = await callApi("GET", `/bots/${bot.id}/results/${result.id}`, {
      token: team.guest.token,
    });
    expect(status).toBe(200);
    expect(body.result.transcript).toEqual([
      { role: "bot", blockId: "b1", text: "Hi! Your name?" },
      { role: "user", blockId: "b2", text: "Ada" },
      { role: "bot", blockId: "b3", text: "Pick one" },
      { role: "user", blockId: "b4", text: "Yes" },
    ]);
    const other = await seededBot();
    const foreign = await createTestResult(other.bot);
    expect(
      (await callApi("GET", `/bots/${bot.id}/results/${foreign.id}`, { token: team.admin.token })).status,
    ).toBe(404);
  });
});

describe("DELETE /bots/{botId}/results", () => {
  it("erases the given results, then all; usage still counts them", async () => {
    const { team, bot } = await seededBot();
    const answers = [{ blockId: "b2", groupId: "g1", content: "x" }];
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => createTestResult(bot, { answers })));
    const some = await callApi("DELETE", `/bots/${bot.id}/results?resultIds=${first?.id},${second?.id}`, {
      token: team.member.token,
    });
    expect(some).toEqual({ status: 200, body: { message: "success" } });
    const listed = await callApi("GET", `/bots/${bot.id}/results`, { token: team.member.token });
    expect(listed.body.results.map((r: { id: string }) => r.id)).toEqual([third?.id]);
    expect(await getPrisma().answer.count({ where: { resultId: first?.id } })).toBe(0);
    await callApi("DELETE", `/bots/${bot.id}/results`, { token: team.member.token });
    expect(
      (await callApi("GET", `/bots/${bot.id}/results`, { token: team.member.token })).body.results,
    ).toEqual([]);
    const usage = await callApi("GET", `/billing/usage?workspaceId=${team.workspaceId}`, {
      token: team.admin.token,
    });
    expect(usage.body.totalChatsUsed).toBe(3);
  });

  it("is refused to GUESTs and outsiders, with nothing erased", async () => {
    const { team, bot } = await seededBot();
    await createTestResult(bot);
    const statuses: Record<string, number> = {};
    for (const role of ["guest", "outsider"] as const) {
      statuses[role] = (
        await callApi("DELETE", `/bots/${bot.id}/results`, { token: team[role].token })
      ).status;
    }
    expect(statuses).toEqual({ guest: 403, outsider: 403 });
    expect(await getPrisma().result.count({ where: { botId: bot.id, isArchived: false } })).toBe(1);
    const bad = await callApi("DELETE", `/bots/${bot.id}/results?resultIds=a%20b`, {
      token: team.admin.token,
    });
    expect(bad.status).toBe(400);
    expect(teamRoles).toContain("guest");
  });
});
