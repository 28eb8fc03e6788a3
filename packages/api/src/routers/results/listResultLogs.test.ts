import { createId, getPrisma } from "@parley/db";
import { createTestBot, createTestResult, createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";
import { sampleFlow } from "../../testing/sampleFlow";

async function botWithLoggedResult() {
  const team = await createTestTeam();
  const bot = await createTestBot(team.workspaceId, { name: "Lead bot", ...sampleFlow });
  const result = await createTestResult(bot);
  const base = Date.now() - 60_000;
  const statuses = ["success", "error", "info", "error", "success"];
  await getPrisma().log.createMany({
    data: statuses.map((status, index) => ({
      id: createId(),
      createdAt: new Date(base + index * 1000),
      botId: bot.id,
      resultId: result.id,
      status,
      description: `log ${index}`,
      details: status === "error" ? `{"status":500,"body":"boom ${index}"}` : null,
      context: "b5",
    })),
  });
  return { team, bot, result };
}

const logsPath = (botId: string, resultId: string, query = "") =>
  `/bots/${botId}/results/${resultId}/logs${query}`;

describe("GET /bots/{botId}/results/{resultId}/logs", () => {
  it("lists a result's logs oldest first, in pages, to a GUEST", async () => {
    const { team, bot, result } = await botWithLoggedResult();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const { status, body } = await callApi("GET", logsPath(bot.id, result.id, query), {
        token: team.guest.token,
      });
      expect(status).toBe(200);
      seen.push(...body.logs.map((log: { description: string }) => log.description));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(["log 0", "log 1", "log 2", "log 3", "log 4"]);
    const { body } = await callApi("GET", logsPath(bot.id, result.id, "?limit=1"), {
      token: team.guest.token,
    });
    expect(body.logs).toEqual([
      {
        id: expect.any(String),
        createdAt: expect.any(String),
        status: "success",
        description: "log 0",
        details: null,
        context: "b5",
      },
    ]);
  });

  it("filters by status", async () => {
    const { team, bot, result } = await botWithLoggedResult();
    const { status, body } = await callApi("GET", logsPath(bot.id, result.id, "?status=error"), {
      token: team.member.token,
    });
    expect(status).toBe(200);
    expect(body.nextCursor).toBeNull();
    expect(
      body.logs.map((log: { description: string; details: string }) => [log.description, log.details]),
    ).toEqual([
      ["log 1", '{"status":500,"body":"boom 1"}'],
      ["log 3", '{"status":500,"body":"boom 3"}'],
    ]);
  });

  it("refuses bad parameters, other workspaces and results of another bot", async () => {
    const { team, bot, result } = await botWithLoggedResult();
    for (const query of ["?status=warning", "?limit=0", "?limit=501", "?cursor=%25%25"]) {
      const { status, body } = await callApi("GET", logsPath(bot.id, result.id, query), {
        token: team.admin.token,
      });
      expect(status, query).toBe(400);
      expect(body.code).toBe("BAD_REQUEST");
    }
    const outsider = await callApi("GET", logsPath(bot.id, result.id), { token: team.outsider.token });
    expect(outsider).toEqual({
      status: 403,
      body: { code: "FORBIDDEN", message: expect.any(String), issues: expect.any(Array) },
    });
    // Another workspace's result, addressed through a bot the caller may read: NOT_FOUND, nothing shown.
    const other = await botWithLoggedResult();
    const foreign = await callApi("GET", logsPath(bot.id, other.result.id), { token: team.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("NOT_FOUND");
    const missing = await callApi("GET", logsPath(bot.id, createId()), { token: team.admin.token });
    expect(missing.status).toBe(404);
    const noToken = await callApi("GET", logsPath(bot.id, result.id), {});
    expect(noToken.status).toBe(401);
  });

  it("hides the logs of deleted results", async () => {
    const { team, bot, result } = await botWithLoggedResult();
    await callApi("DELETE", `/bots/${bot.id}/results?resultIds=${result.id}`, { token: team.admin.token });
    const { status } = await callApi("GET", logsPath(bot.id, result.id), { token: team.admin.token });
    expect(status).toBe(404);
  });
});
