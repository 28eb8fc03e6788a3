import { getPrisma } from "@parley/db";
import { createUserSession } from "@parley/platform/auth/userSessions";
import { createTestBot, createTestResult, createTestTeam } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { callApi, fetchApi } from "../testing/fixtures";
import { sampleFlow, sampleFlowVersion5 } from "../testing/sampleFlow";

async function seededBot(flow: object = sampleFlow) {
  const team = await createTestTeam();
  const bot = await createTestBot(team.workspaceId, { name: "Lead bot", ...flow });
  return { team, bot };
}

const at = (iso: string) => new Date(iso);

describe("GET /bots/{botId}/results-csv", () => {
  it("streams text/csv with a file name and a count, one column per input, formulas neutralised", async () => {
    const { team, bot } = await seededBot();
    await createTestResult(bot, {
      createdAt: at("2026-01-02T03:04:05.000Z"),
      answers: [
        { blockId: "b2", groupId: "g1", content: "=HYPERLINK(1)" },
        { blockId: "b4", groupId: "g1", content: 'Say "yes",\nplease' },
      ],
      variables: [
        { id: "vname", name: "Name", value: "=HYPERLINK(1)" },
        { id: "vutm", name: "utm", value: "@SUM(A1)" },
      ],
    });
    await createTestResult(bot, {
      createdAt: at("2026-01-03T00:00:00.000Z"),
      answers: [{ blockId: "b2", groupId: "g1", content: "+cmd|tab\there" }],
      variables: [{ id: "vsrc", name: "source", value: "-1" }],
    });
    const response = await fetchApi("GET", `/bots/${bot.id}/results-csv`, { token: team.guest.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="lead-bot-results-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("x-total-count")).toBe("2");
    expect(await response.text()).toBe(
      [
        "Submitted at,Name,Welcome,Yes path,source,utm",
        "2026-01-03T00:00:00.000Z,'+cmd|tab\there,,,'-1,",
        `2026-01-02T03:04:05.000Z,'=HYPERLINK(1),"Say ""yes"",\nplease",,,'@SUM(A1)`,
        "",
      ].join("\r\n"),
    );
  });

  it("answers {filename, csv} to Accept: application/json", async () => {
    const { team, bot } = await seededBot();
    await createTestResult(bot, {
      createdAt: at("2026-01-02T03:04:05.000Z"),
      answers: [{ blockId: "b2", groupId: "g1", content: "Ada" }],
    });
    const { status, body } = await callApi("GET", `/bots/${bot.id}/results-csv`, {
      token: team.guest.token,
      headers: { accept: "application/json" },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      filename: expect.stringMatching(/^lead-bot-results-\d{4}-\d{2}-\d{2}\.csv$/),
      csv: "Submitted at,Name,Welcome,Yes path\r\n2026-01-02T03:04:05.000Z,Ada,,\r\n",
    });
  });

  it("has a Language column for a bot with several languages, and the results API gives each result's language", async () => {
    const { team, bot } = await seededBot({
      ...sampleFlow,
      settings: { languages: { defaultLanguage: "en", languages: ["fr"] } },
    });
    const french = await createTestResult(bot, {
      createdAt: at("2026-01-02T03:04:05.000Z"),
      answers: [{ blockId: "b2", groupId: "g1", content: "Ada" }],
    });
    await getPrisma().result.update({ where: { id: french.id }, data: { language: "fr" } });
    await createTestResult(bot, {
      createdAt: at("2026-01-03T00:00:00.000Z"),
      answers: [{ blockId: "b2", groupId: "g1", content: "Grace" }],
    });
    const response = await fetchApi("GET", `/bots/${bot.id}/results-csv`, { token: team.guest.token });
    expect((await response.text()).split("\r\n")).toEqual([
      "Submitted at,Language,Name,Welcome,Yes path",
      "2026-01-03T00:00:00.000Z,,Grace,,",
      "2026-01-02T03:04:05.000Z,fr,Ada,,",
      "",
    ]);
    const list = await callApi("GET", `/bots/${bot.id}/results`, { token: team.guest.token });
    expect(list.body.results.map((result: { language: string | null }) => result.language)).toEqual([
      null,
      "fr",
    ]);
    const one = await callApi("GET", `/bots/${bot.id}/results/${french.id}`, { token: team.guest.token });
    expect(one.body.result.language).toBe("fr");
  });

  it("follows the saved column order and visibility, and the filters of the results list", async () => {
    const { team, bot } = await seededBot();
    await getPrisma().bot.update({
      where: { id: bot.id },
      data: {
        resultsTablePreferences: {
          columnsOrder: ["variable:utm", "block:b4", "block:b2"],
          columnsVisibility: { "block:b5": false },
          columnsWidth: { "block:b2": 240 },
        },
      },
    });
    const answers = (name: string) => [
      { blockId: "b2", groupId: "g1", content: name },
      { blockId: "b4", groupId: "g1", content: "Yes" },
    ];
    await createTestResult(bot, {
      createdAt: at("2026-02-01T10:00:00.000Z"),
      answers: answers("Ada"),
      variables: [{ id: "u", name: "utm", value: "mail" }],
    });
    await createTestResult(bot, {
      createdAt: at("2026-02-02T10:00:00.000Z"),
      answers: answers("Grace"),
      isCompleted: true,
    });
    await createTestResult(bot, { createdAt: at("2026-02-03T10:00:00.000Z"), answers: answers("Alan") });
    const csv = async (query: string) => {
      const response = await fetchApi("GET", `/bots/${bot.id}/results-csv?${query}`, {
        token: team.member.token,
      });
      expect(response.status, query).toBe(200);
      return (await response.text()).split("\r\n").filter(Boolean);
    };
    expect(await csv("")).toEqual([
      "Submitted at,utm,Welcome,Name",
      "2026-02-03T10:00:00.000Z,,Yes,Alan",
      "2026-02-02T10:00:00.000Z,,Yes,Grace",
      "2026-02-01T10:00:00.000Z,mail,Yes,Ada",
    ]);
    expect(await csv("isCompleted=false&answerContains=a&from=2026-02-01&to=2026-02-01")).toEqual([
      "Submitted at,utm,Welcome,Name",
      "2026-02-01T10:00:00.000Z,mail,Yes,Ada",
    ]);
    // Without a variable value in the filtered results, its column is not there.
    expect((await csv("isCompleted=true"))[0]).toBe("Submitted at,Welcome,Name");
  });

  it("reads a draft stored at an older schema version", async () => {
    const { team, bot } = await seededBot(sampleFlowVersion5);
    await createTestResult(bot, {
      createdAt: at("2026-01-02T03:04:05.000Z"),
      answers: [{ blockId: "b2", groupId: "g1", content: "Ada" }],
      variables: [{ id: "vname", name: "Name", value: "Ada" }],
    });
    const response = await fetchApi("GET", `/bots/${bot.id}/results-csv`, { token: team.guest.token });
    expect(await response.text()).toBe(
      "Submitted at,Name,Welcome,Yes path\r\n2026-01-02T03:04:05.000Z,Ada,,\r\n",
    );
  });

  it("takes the builder's sign-in cookie without an Authorization header", async () => {
    const { team, bot } = await seededBot();
    await createTestResult(bot, { createdAt: at("2026-01-02T03:04:05.000Z") });
    const { token } = await createUserSession(getPrisma(), team.guest.user.id);
    const response = await fetchApi("GET", `/bots/${bot.id}/results-csv`, {
      headers: { cookie: `parley_session=${token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      "Submitted at,Name,Welcome,Yes path\r\n2026-01-02T03:04:05.000Z,,,\r\n",
    );
    const expired = await callApi("GET", `/bots/${bot.id}/results-csv`, {
      headers: { cookie: "parley_session=nope" },
    });
    expect(expired.status).toBe(401);
  });

  it("answers the contract's errors: 401, 403, 404, 400 with the field's path", async () => {
    const { team, bot } = await seededBot();
    const path = `/bots/${bot.id}/results-csv`;
    expect(await callApi("GET", path)).toEqual({
      status: 401,
      body: { code: "UNAUTHORIZED", message: "Authorization not provided", issues: [] },
    });
    expect((await callApi("GET", path, { token: "bt_unknown" })).status).toBe(403);
    expect((await callApi("GET", path, { token: team.outsider.token })).status).toBe(403);
    expect((await callApi("GET", "/bots/nosuchbot/results-csv", { token: team.admin.token })).status).toBe(
      404,
    );
    expect((await callApi("POST", path, { token: team.admin.token, body: {} })).status).toBe(404);
    for (const [query, field] of [
      ["resultIds=a%20b", "resultIds"],
      ["from=2026-02-02&to=2026-02-01", "from"],
      ["timeFilter=today&to=2026-02-01", "timeFilter"],
      ["isCompleted=yes", "isCompleted"],
      ["timeZone=Mars/Base", "timeZone"],
    ] as const) {
      const { status, body } = await callApi("GET", `${path}?${query}`, { token: team.admin.token });
      expect(status, query).toBe(400);
      expect(body.code).toBe("BAD_REQUEST");
      expect(body.issues[0].path, query).toEqual([field]);
    }
    const invalidId = await callApi("GET", "/bots/not%20an%20id/results-csv", { token: team.admin.token });
    expect(invalidId.status).toBe(400);
    expect(invalidId.body.issues[0].path).toEqual(["botId"]);
  });
});
