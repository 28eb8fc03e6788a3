import { getPrisma } from "@parley/db";
import { createUserSession } from "@parley/platform/auth/userSessions";
import { createTestTeam, type TestTeam } from "@parley/platform/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { handleTrpcRequest } from "../../mounts";
import { callApi, createApiBot } from "../../testing/fixtures";

// A large bot in many languages (3,000 blocks in 10 languages is about 4.3 MB) is over the API's 1 MiB body
// limit: the builder saves its parts whole through its own mount, which takes up to 16 MiB. The REST API keeps
// the contract's 1 MiB (decisions.md).

const prisma = getPrisma();
let team: TestTeam;
let cookie: string;
beforeAll(async () => {
  team = await createTestTeam();
  cookie = `parley_session=${(await createUserSession(prisma, team.member.user.id)).token}`;
});

/** Settings whose translations make a body of about `megabytes` MB. */
function translatedSettings(megabytes: number) {
  const perLanguage = Math.ceil((megabytes * 1_000_000) / 2 / 50_000);
  const texts = (language: string) =>
    Object.fromEntries(
      Array.from({ length: perLanguage }, (_, index) => [
        `block:b${index}:content`,
        { value: `${language} ${index} `.padEnd(50_000, "x"), status: "reviewed" },
      ]),
    );
  return {
    languages: {
      defaultLanguage: "en",
      languages: ["fr", "de"],
      translations: { fr: texts("fr"), de: texts("de") },
    },
  };
}

/** tRPC's updateBot as the builder's page sends it (its cookie, from its own origin). */
async function saveFromBuilder(botId: string, bot: Record<string, unknown>) {
  const body = JSON.stringify({ botId, bot });
  const response = await handleTrpcRequest(
    new Request("http://localhost:3000/api/trpc/bots.updateBot", {
      method: "POST",
      headers: {
        cookie,
        origin: "http://localhost:3000",
        "sec-fetch-site": "same-origin",
        "content-type": "application/json",
      },
      body,
    }),
  );
  return { status: response.status, text: await response.text(), bytes: body.length };
}

describe("a bot document over 1 MiB", () => {
  it("is saved by the builder, read back over REST, and refused by the REST API's PATCH", async () => {
    const bot = await createApiBot(team.member.token, team.workspaceId, { name: "Many languages" });
    const settings = translatedSettings(3);
    const saved = await saveFromBuilder(bot.id, { settings, updatedAt: bot.updatedAt });
    expect(saved.bytes).toBeGreaterThan(2.5 * 1024 * 1024);
    expect(saved.status, saved.text).toBe(200);

    const read = await callApi("GET", `/bots/${bot.id}`, { token: team.member.token });
    expect(read.status).toBe(200);
    expect(read.body.bot.settings.languages.translations.de["block:b29:content"].value).toMatch(/^de 29 x+$/);
    expect(Object.keys(read.body.bot.settings.languages.translations.fr)).toHaveLength(30);

    const patched = await callApi("PATCH", `/bots/${bot.id}`, {
      token: team.member.token,
      body: { bot: { settings: translatedSettings(3), updatedAt: read.body.bot.updatedAt } },
    });
    expect(patched.status).toBe(400);
    expect(patched.body.issues).toEqual([
      { message: "Request body is larger than 1 MiB", code: "PAYLOAD_TOO_LARGE" },
    ]);
    // Nothing lost: the document saved by the builder is still there.
    const again = await callApi("GET", `/bots/${bot.id}`, { token: team.member.token });
    expect(again.body.bot.updatedAt).toBe(read.body.bot.updatedAt);
  });

  it("is refused by the builder's mount over 16 MiB, with nothing stored", async () => {
    const bot = await createApiBot(team.member.token, team.workspaceId, { name: "Too large" });
    const saved = await saveFromBuilder(bot.id, {
      settings: translatedSettings(17),
      updatedAt: bot.updatedAt,
    });
    expect(saved.status).toBe(400);
    expect(saved.text).toContain("Request body is larger than 16 MiB");
    expect(saved.text).toContain("PAYLOAD_TOO_LARGE");
    const read = await callApi("GET", `/bots/${bot.id}`, { token: team.member.token });
    expect(read.body.bot.updatedAt).toBe(bot.updatedAt);
    expect(read.body.bot.settings?.languages).toBeUndefined();
  });
});
