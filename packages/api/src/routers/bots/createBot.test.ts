// POST /bots takes every field PATCH /bots/{botId} writes, with the same validation, and refuses what it
// does not take by name (issue 21, item 9: those fields came back missing, without an error).
import { createId } from "@parley/db";
import { createTestTeam, type TestTeam } from "@parley/platform/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";

let team: TestTeam;
let credentialsId: string;
beforeAll(async () => {
  team = await createTestTeam();
  const credentials = await callApi("POST", "/credentials", {
    token: team.admin.token,
    body: {
      workspaceId: team.workspaceId,
      credentials: {
        type: "telegram",
        name: "Support bot",
        data: { botToken: "123456789:AAFabcdefghijklmnopqrstuvwxyz012345", secretToken: "tg_secret-1" },
      },
    },
  });
  credentialsId = credentials.body.credentials.id;
});

const createBot = (bot: Record<string, unknown>, body: Record<string, unknown> = {}) =>
  callApi("POST", "/bots", {
    token: team.member.token,
    body: { workspaceId: team.workspaceId, bot, ...body },
  });

describe("POST /bots", () => {
  it("stores messagingCredentialsId, customDomain, isClosed and selectedThemeTemplateId, as GET shows", async () => {
    const customDomain = `chat-${createId().slice(0, 10)}.example.com`;
    const created = await createBot({
      name: "Support",
      messagingCredentialsId: credentialsId,
      customDomain: customDomain.toUpperCase(),
      isClosed: true,
      selectedThemeTemplateId: "builtin-midnight",
      resultsTablePreferences: {
        columnsOrder: ["a"],
        columnsVisibility: { a: true },
        columnsWidth: { a: 90 },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const expected = {
      messagingCredentialsId: credentialsId,
      customDomain,
      isClosed: true,
      selectedThemeTemplateId: "builtin-midnight",
      resultsTablePreferences: {
        columnsOrder: ["a"],
        columnsVisibility: { a: true },
        columnsWidth: { a: 90 },
      },
    };
    expect(created.body.bot).toMatchObject(expected);
    const read = await callApi("GET", `/bots/${created.body.bot.id}`, { token: team.guest.token });
    expect(read.body.bot).toMatchObject(expected);
  });

  it("validates those fields as PATCH does, one issue at the field", async () => {
    const other = await createTestTeam();
    const foreign = await callApi("POST", "/credentials", {
      token: other.admin.token,
      body: {
        workspaceId: other.workspaceId,
        credentials: {
          type: "telegram",
          name: "Theirs",
          data: { botToken: "123456789:AAFabcdefghijklmnopqrstuvwxyz012345", secretToken: "tg_secret-2" },
        },
      },
    });
    const taken = `taken-${createId().slice(0, 10)}.example.com`;
    expect((await createBot({ customDomain: taken })).status).toBe(200);
    const refusals: [Record<string, unknown>, string, string][] = [
      [
        { messagingCredentialsId: foreign.body.credentials.id },
        "messagingCredentialsId",
        "CREDENTIALS_NOT_FOUND",
      ],
      [{ customDomain: taken }, "customDomain", "CUSTOM_DOMAIN_TAKEN"],
      [{ customDomain: "../../etc/passwd" }, "customDomain", "INVALID_FIELD"],
      [
        { selectedThemeTemplateId: "no-such-template" },
        "selectedThemeTemplateId",
        "THEME_TEMPLATE_NOT_FOUND",
      ],
      [{ isClosed: "yes" }, "isClosed", "INVALID_FIELD"],
    ];
    for (const [bot, field, code] of refusals) {
      const answer = await createBot(bot);
      expect(answer.status, JSON.stringify(bot)).toBe(400);
      expect(answer.body.issues).toEqual([expect.objectContaining({ path: ["bot", field], code })]);
    }
  });

  it("takes a bot read with GET back whole: the record's server-kept fields are ignored", async () => {
    const source = await createBot({ name: "Source", isClosed: true });
    expect(source.status).toBe(200);
    const copy = await createBot({ ...source.body.bot, name: "Copy", publicId: null });
    expect(copy.status).toBe(200);
    expect(copy.body.bot).toMatchObject({ name: "Copy", isClosed: true, isArchived: false, riskLevel: null });
    expect(copy.body.bot.id).not.toBe(source.body.bot.id);
    expect(copy.body.bot.workspaceId).toBe(team.workspaceId);
  });

  it("refuses what it does not take with BAD_REQUEST naming each field, and stores nothing", async () => {
    const before = await callApi("GET", `/bots?workspaceId=${team.workspaceId}`, { token: team.admin.token });
    const answer = await createBot(
      { name: "Risky", colour: "red", shade: "dark" },
      {
        overwrite: true,
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("BAD_REQUEST");
    expect(answer.body.issues).toEqual(
      expect.arrayContaining(
        [["bot", "colour"], ["bot", "shade"], ["overwrite"]].map((path) =>
          expect.objectContaining({ path, code: "UNKNOWN_FIELD" }),
        ),
      ),
    );
    expect(answer.body.issues).toHaveLength(3);
    const after = await callApi("GET", `/bots?workspaceId=${team.workspaceId}`, { token: team.admin.token });
    expect(after.body.bots).toHaveLength(before.body.bots.length);
  });
});
