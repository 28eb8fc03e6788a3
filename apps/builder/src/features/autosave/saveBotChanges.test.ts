import { handleTrpcRequest } from "@parley/api/mounts";
import type { AppRouter } from "@parley/api/routers/appRouter";
import { getPrisma } from "@parley/db";
import { createUserSession, SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { createTRPCClient, httpLink } from "@trpc/client";
import { describe, expect, it } from "vitest";
import type { SaveRequest } from "./createAutosaver";
import { loadBotFields, saveBotChanges } from "./saveBotChanges";

type Fields = { theme?: object; settings?: object; variables?: object[] };

/** The builder's tRPC client, signed in as `userId`, talking to the real /api/trpc handler. */
async function signedInClient(userId: string, options: { isOffline?: () => boolean } = {}) {
  const { token } = await createUserSession(getPrisma(), userId);
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: "http://localhost:3000/api/trpc",
        headers: { cookie: `${SESSION_COOKIE}=${token}` },
        fetch: async (url, init) => {
          if (options.isOffline?.()) throw new TypeError("Failed to fetch");
          return handleTrpcRequest(new Request(url, init as RequestInit));
        },
      }),
    ],
  });
}

async function setUp() {
  const team = await createTestTeam();
  const client = await signedInClient(team.member.user.id);
  const { bot } = await client.bots.createBot.mutate({
    workspaceId: team.workspaceId,
    bot: { name: "Saved" },
  });
  return { team, client, bot };
}

const request = (
  changes: Fields,
  base: Fields,
  updatedAt: string,
  overwrite = false,
): SaveRequest<Fields> => ({
  changes,
  base,
  updatedAt,
  overwrite,
});
const storedBot = (botId: string) => getPrisma().bot.findUniqueOrThrow({ where: { id: botId } });

describe("saveBotChanges", () => {
  it("saves the changed fields and answers the new updatedAt", async () => {
    const { client, bot } = await setUp();
    const theme = { customCss: ".a { color: red; }" };
    const outcome = await saveBotChanges(
      client,
      bot.id,
      request({ theme }, { theme: bot.theme }, bot.updatedAt),
    );
    const stored = await storedBot(bot.id);
    expect(outcome).toEqual({ kind: "saved", updatedAt: stored.updatedAt.toISOString() });
    expect(stored.theme).toEqual(theme);
  });

  it("answers a conflict when someone saved after this tab read the bot, and overwrite writes anyway", async () => {
    const { client, bot } = await setUp();
    await client.bots.updateBot.mutate({
      botId: bot.id,
      bot: { settings: { typingEmulation: { speed: 100 } } },
    });
    const theme = { customCss: ".mine {}" };
    expect(
      await saveBotChanges(client, bot.id, request({ theme }, { theme: bot.theme }, bot.updatedAt)),
    ).toEqual({ kind: "conflict" });
    expect((await storedBot(bot.id)).theme).toEqual(bot.theme);

    const overwritten = await saveBotChanges(
      client,
      bot.id,
      request({ theme }, { theme: bot.theme }, bot.updatedAt, true),
    );
    expect(overwritten.kind).toBe("saved");
    expect((await storedBot(bot.id)).theme).toEqual(theme);
  });

  it("with retryWhenOtherFieldsChanged, saves again on the new updatedAt when only other fields changed", async () => {
    const { client, bot } = await setUp();
    const settings = { typingEmulation: { speed: 100 } };
    await client.bots.updateBot.mutate({ botId: bot.id, bot: { settings } });
    const theme = { customCss: ".mine {}" };
    const saved: string[] = [];
    const outcome = await saveBotChanges(
      client,
      bot.id,
      request({ theme }, { theme: bot.theme }, bot.updatedAt),
      {
        retryWhenOtherFieldsChanged: true,
        onSaved: (savedBot) => saved.push(savedBot.updatedAt),
      },
    );
    const stored = await storedBot(bot.id);
    expect(outcome).toEqual({ kind: "saved", updatedAt: stored.updatedAt.toISOString() });
    expect(saved).toEqual([stored.updatedAt.toISOString()]);
    expect(stored.theme).toEqual(theme);
    expect(stored.settings).toEqual(settings);
  });

  it("with retryWhenOtherFieldsChanged, still answers a conflict when the same field changed", async () => {
    const { client, bot } = await setUp();
    const theirs = { customCss: ".theirs {}" };
    await client.bots.updateBot.mutate({ botId: bot.id, bot: { theme: theirs } });
    const outcome = await saveBotChanges(
      client,
      bot.id,
      request({ theme: { customCss: ".mine {}" } }, { theme: bot.theme }, bot.updatedAt),
      { retryWhenOtherFieldsChanged: true },
    );
    expect(outcome).toEqual({ kind: "conflict" });
    expect((await storedBot(bot.id)).theme).toEqual(theirs);
  });

  it("answers invalid with the server's message when the document or the role is refused", async () => {
    const { team, client, bot } = await setUp();
    const broken = [{ id: "v1" }];
    const refused = await saveBotChanges(client, bot.id, request({ variables: broken }, {}, bot.updatedAt));
    expect(refused.kind).toBe("invalid");
    expect(refused).toMatchObject({ message: expect.stringContaining("(bot.variables.0.name)") });

    const guest = await signedInClient(team.guest.user.id);
    const forbidden = await saveBotChanges(guest, bot.id, request({ theme: {} }, {}, bot.updatedAt));
    expect(forbidden.kind).toBe("invalid");
    expect((await storedBot(bot.id)).updatedAt.toISOString()).toBe(bot.updatedAt);
  });

  it("answers offline when the request does not reach the server", async () => {
    const { team, bot } = await setUp();
    const offline = await signedInClient(team.member.user.id, { isOffline: () => true });
    expect(await saveBotChanges(offline, bot.id, request({ theme: {} }, {}, bot.updatedAt))).toEqual({
      kind: "offline",
      message: "The server cannot be reached",
    });
  });
});

describe("loadBotFields", () => {
  it("reads the given fields and updatedAt as GET /bots/{botId} answers them", async () => {
    const { client, bot } = await setUp();
    const theme = { customCss: ".stored {}" };
    const { bot: saved } = await client.bots.updateBot.mutate({ botId: bot.id, bot: { theme } });
    const loaded = await loadBotFields(client, bot.id, ["theme", "variables"]);
    expect(loaded).toEqual({
      document: { theme: saved.theme, variables: saved.variables },
      updatedAt: saved.updatedAt,
    });
    expect(loaded.document.theme.customCss).toBe(".stored {}");
  });
});
