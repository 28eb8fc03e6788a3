import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPortServices } from "@parley/chat/core/ports/createPortServices";
import { createChatRouter, type WebHandler } from "@parley/chat/createChatRouter";
import { createChatRuntime } from "@parley/chat/createChatRuntime";
import { driveChat, drivenBookingDate } from "@parley/chat/testing/driveChat";
import { getPrisma } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { createLocalStorage, type UploadStorage } from "@parley/integrations/files/createUploadStorage";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import {
  type GmailProtocolServer,
  readSentGmailMessages,
  startGmailProtocolServer,
} from "@parley/integrations/testing/gmailProtocolServer";
import { createTestApiKey } from "@parley/integrations/testing/integrationFixtures";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { type ServiceServer, startServiceServer } from "@parley/integrations/testing/pluginHarness";
import { handleUnknownApiPath } from "@parley/platform/http/handleUnknownApiPath";
import { createTestTeam, createTestUser, teamRoles } from "@parley/platform/testing/fixtures";
import { restoreUnsupportedBlock } from "@parley/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../../testing/fixtures";

const readExport = (name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures/typebot-exports", name), "utf8")) as {
    groups: { blocks: Record<string, unknown>[] }[];
  };

type Block = { id: string; type: string; outgoingEdgeId?: string; options?: Record<string, unknown> };
type ImportedBot = { id: string; publicId: string; groups: { id: string; blocks: Block[] }[] };
type Warning = { message: string; path: (string | number)[] };

const apiKey = createTestApiKey();
const gmailAccount = {
  clientId: "1234-test.apps.googleusercontent.com",
  clientSecret: createTestApiKey("GOCSPX"),
  refreshToken: createTestApiKey("1//refresh"),
};
const viewerUrl = "http://localhost:3001";
let groqStandIn: FakeProviderServer;
/** Stand-ins of ChatNode's and ElevenLabs' APIs, and of Google's token endpoint with the Gmail API. */
let chatNode: ServiceServer;
let elevenLabs: ServiceServer;
let google: GmailProtocolServer;
let storage: UploadStorage;
let api: WebHandler;
beforeAll(async () => {
  [groqStandIn, chatNode, elevenLabs, google] = await Promise.all([
    startFakeOpenAiServer(apiKey),
    startServiceServer(),
    startServiceServer(),
    startGmailProtocolServer(gmailAccount),
  ]);
  storage = createLocalStorage(await mkdtemp(path.join(tmpdir(), "parley-import-")));
  const runtime = createChatRuntime({
    rateLimitsPerMinute: { startPerIp: 0, startPerKey: 0, turnsPerSession: 0 },
    uploads: undefined,
    services: createPortServices({
      httpAllowList: ["127.0.0.1"],
      uploads: { storage, maxBytes: 1_000_000, viewerUrl },
      stripeKeys: null,
      googleEndpoints: { tokenUrl: google.tokenUrl, gmailApiUrl: google.gmailApiUrl },
    }),
  });
  api = createChatRouter(runtime, "viewer", handleUnknownApiPath);
});
afterAll(() => Promise.all([groqStandIn, chatNode, elevenLabs, google].map((server) => server.close())));

/** Publishes an imported bot and chats with it to its end over the chat endpoints. */
async function publishAndChat(token: string, bot: ImportedBot) {
  expect((await callApi("POST", `/bots/${bot.id}/publish`, { token })).status).toBe(200);
  const chatKey = (await callApi("GET", `/bots/${bot.id}/chatKey`, { token })).body.chatKey.key as string;
  const chat = await driveChat(api, { publicId: bot.publicId, chatKey, groups: bot.groups });
  expect(chat.statuses.filter((status) => status !== 200)).toEqual([]);
  const result = await getPrisma().result.findFirstOrThrow({ where: { botId: bot.id } });
  const logs = await getPrisma().log.findMany({
    where: { resultId: result.id },
    orderBy: { createdAt: "asc" },
  });
  return { chat, result, logs: logs.map((log) => log.description), transcript: JSON.stringify(chat.bodies) };
}

async function importExport(exported: unknown) {
  const user = await createTestUser();
  const imported = await callApi("POST", "/bots/import", {
    token: user.token,
    body: { workspaceId: user.workspaceId, bot: exported },
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  return { user, bot: imported.body.bot as ImportedBot, warnings: imported.body.warnings as Warning[] };
}

const findBlock = (bot: ImportedBot, id: string) =>
  bot.groups.flatMap((group) => group.blocks).find((block) => block.id === id)!;

describe("real Typebot exports import without refusal, publish and run to their end", () => {
  it("v3: the start block becomes the start event; a choice block pasted with its item ids is repaired", async () => {
    const { user, bot, warnings } = await importExport(readExport("typebot-v3-feedback.json"));
    expect(warnings).toEqual([
      {
        message: 'The item id "i-good" was used twice; the second one is now "i-good-2"',
        path: ["groups", 1, "blocks", 1, "items", 0, "id"],
      },
      {
        message: 'The item id "i-bad" was used twice; the second one is now "i-bad-2"',
        path: ["groups", 1, "blocks", 1, "items", 1, "id"],
      },
    ]);
    const { result, transcript } = await publishAndChat(user.token, bot);
    // "Good" then "See you soon": the repaired item of the pasted block still leads to the end.
    expect(transcript).toContain("Glad to hear it!");
    expect(transcript).toContain("Thank you for your feedback.");
    expect(result.isCompleted).toBe(true);
  });

  it("v5: a group duplicated with its id and a variable declared twice are repaired", async () => {
    const { user, bot, warnings } = await importExport(readExport("typebot-v5-quote.json"));
    expect(warnings).toEqual([
      {
        message: 'The group id "g-details" was used twice; the second one is now "g-details-2"',
        path: ["groups", 2, "id"],
      },
      {
        message: 'The variable id "v-size" was used twice; the second one is now "v-size-2"',
        path: ["variables", 2, "id"],
      },
    ]);
    expect(bot.groups.map((group) => group.id)).toEqual(["g-contact", "g-details", "g-details-2", "g-end"]);
    const { result, transcript } = await publishAndChat(user.token, bot);
    expect(transcript).toContain("We will send a quote for 42 m² to ada@example.com.");
    expect(result.isCompleted).toBe(true);
  });

  it("v6: plug-ins run natively or are kept unsupported and skipped with a log, Groq converted and run, the QR code shown", async () => {
    const exported = readExport("typebot-v6-event.json");
    const { user, bot, warnings } = await importExport(exported);
    const unsupported = (type: string, at: (string | number)[]) => ({
      message: `The "${type}" block is not supported yet: it was kept as it is and will be skipped when the bot runs`,
      path: at,
    });
    // PostHog, NocoDB, ElevenLabs and Cal.com run natively (docs/typebot-compat.md); Blink does not yet.
    expect(warnings).toEqual([
      {
        message:
          "The Groq block became an OpenAI-compatible block (https://api.groq.com/openai/v1); choose its credentials in its settings",
        path: ["groups", 0, "blocks", 6],
      },
      unsupported("blink", ["groups", 0, "blocks", 8]),
      {
        message: 'The item id "i-talks" was used twice; the second one is now "i-talks-2"',
        path: ["groups", 1, "blocks", 1, "items", 0, "id"],
      },
      {
        message: 'The item id "i-food" was used twice; the second one is now "i-food-2"',
        path: ["groups", 1, "blocks", 1, "items", 1, "id"],
      },
      {
        message:
          'The credentials of this "posthog" block do not exist in this workspace; choose credentials in its settings',
        path: ["groups", 0, "blocks", 2, "options", "credentialsId"],
      },
      {
        message:
          'The credentials of this "elevenlabs" block do not exist in this workspace; choose credentials in its settings',
        path: ["groups", 0, "blocks", 3, "options", "credentialsId"],
      },
      {
        message:
          'The credentials of this "nocodb" block do not exist in this workspace; choose credentials in its settings',
        path: ["groups", 2, "blocks", 0, "options", "credentialsId"],
      },
    ]);
    // Exported back (the builder's export), each unsupported block is the JSON it was imported from.
    for (const id of ["b-feed"]) {
      const original = exported.groups.flatMap((group) => group.blocks).find((block) => block.id === id);
      expect(restoreUnsupportedBlock(findBlock(bot, id))).toEqual(original);
    }
    // The author picks credentials for the converted block (here a local stand-in of Groq's API).
    const baseUrl = `${groqStandIn.origin}/v1`;
    const credentials = await createWorkspaceCredentials(getPrisma(), user.workspaceId, {
      type: "openai-compatible",
      name: "Groq",
      data: { apiKey, baseUrl },
    });
    const groq = findBlock(bot, "b-greet");
    expect(groq).toMatchObject({
      type: "openai-compatible",
      options: { baseUrl: "https://api.groq.com/openai/v1" },
    });
    groq.options = { ...groq.options, credentialsId: credentials.id, baseUrl };
    groqStandIn.setReply("Hello there, welcome!");
    const patched = await callApi("PATCH", `/bots/${bot.id}`, {
      token: user.token,
      body: { bot: { groups: bot.groups }, overwrite: true },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    const { result, transcript, logs } = await publishAndChat(user.token, bot);
    expect(logs).toEqual([
      "PostHog block has no account; skipped",
      "ElevenLabs block has no account; skipped",
      "Not supported yet: blink; the block was skipped",
      "NocoDB block has no account; skipped",
    ]);
    expect(transcript).toMatch(/"url":"data:image\/png;base64,[A-Za-z0-9+/=]{200,}"/);
    // Cal.com's booking embed (Cal.com's cloud: the block names no account), the booked date saved.
    expect(transcript).toContain('"url":"https://cal.com/meetup/intro?embed=true&layout=month_view"');
    expect(result.variables).toContainEqual(
      expect.objectContaining({ name: "Booked date", value: drivenBookingDate }),
    );
    expect(result.variables).toContainEqual(
      expect.objectContaining({ name: "Greeting", value: "Hello there, welcome!" }),
    );
    expect(transcript).toContain("Enjoy the evening");
    expect(result.isCompleted).toBe(true);
  });

  it("6.1: ChatNode, ElevenLabs and Gmail run after import once the author picks their accounts", async () => {
    const { user, bot, warnings } = await importExport(readExport("typebot-v61-plugins.json"));
    const noCredentials = (type: string, at: (string | number)[]) => ({
      message: `The credentials of this "${type}" block do not exist in this workspace; choose credentials in its settings`,
      path: [...at, "options", "credentialsId"],
    });
    expect(warnings).toEqual([
      noCredentials("chat-node", ["groups", 0, "blocks", 2]),
      noCredentials("elevenlabs", ["groups", 0, "blocks", 4]),
      noCredentials("gmail", ["groups", 1, "blocks", 0]),
    ]);
    const prisma = getPrisma();
    const accounts = {
      "b-ask": await createWorkspaceCredentials(prisma, user.workspaceId, {
        type: "chat-node",
        name: "ChatNode",
        data: { apiKey, apiUrl: chatNode.origin },
      }),
      "b-speak": await createWorkspaceCredentials(prisma, user.workspaceId, {
        type: "elevenlabs",
        name: "Voice",
        data: { apiKey, apiUrl: elevenLabs.origin },
      }),
      "b-mail": await createWorkspaceCredentials(prisma, user.workspaceId, {
        type: "gmail",
        name: "Mailbox",
        data: gmailAccount,
      }),
    };
    for (const [id, credentials] of Object.entries(accounts)) {
      const block = findBlock(bot, id);
      block.options = { ...block.options, credentialsId: credentials.id };
    }
    const patched = await callApi("PATCH", `/bots/${bot.id}`, {
      token: user.token,
      body: { bot: { groups: bot.groups }, overwrite: true },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const answer = "Open Results and press Export.";
    chatNode.answer = (_request, response) =>
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ message: answer, chat_session_id: "thread-1" }));
    const audio = Buffer.from([0xff, 0xfb, 0x90, 0x64, 0x00, 0xc3, 0x28]);
    elevenLabs.answer = (_request, response) =>
      response.writeHead(200, { "content-type": "audio/mpeg" }).end(audio);

    const { result, transcript, logs } = await publishAndChat(user.token, bot);
    expect(logs).toEqual([
      "ChatNode answered",
      "ElevenLabs read the text aloud",
      "Gmail sent the e-mail to ada@example.com",
    ]);
    const question = "I run a bakery called Crumbs, with a budget of 5000";
    expect(
      chatNode.received.map(({ method, path, headers, body }) => [method, path, headers.authorization, body]),
    ).toEqual([["POST", "/v1/docs-bot", `Bearer ${apiKey}`, JSON.stringify({ message: question })]]);
    expect(elevenLabs.received.map(({ path, headers, body }) => [path, headers["xi-api-key"], body])).toEqual(
      [
        [
          "/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM",
          apiKey,
          JSON.stringify({ text: answer, model_id: "eleven_multilingual_v2" }),
        ],
      ],
    );
    expect(transcript).toContain(answer);
    const audioUrl = /"url":"(http:\/\/localhost:3001\/api\/v1\/files\/public\/[^"]+\.mp3)"/.exec(
      transcript,
    )?.[1];
    expect(audioUrl).toBeDefined();
    const stored = await storage.readFile(
      decodeURIComponent(audioUrl!.slice(`${viewerUrl}/api/v1/files/`.length)),
    );
    expect(
      stored && "stream" in stored && Buffer.from(await new Response(stored.stream).arrayBuffer()),
    ).toEqual(audio);
    const [sent] = await readSentGmailMessages(google);
    expect(sent!.mail.to).toMatchObject({ text: "ada@example.com" });
    expect(sent!.mail.subject).toBe("Your answer (thread-1)");
    expect(sent!.mail.text?.trimEnd()).toBe(`You asked: ${question}\n\n${answer}`);
    expect(transcript).toContain("The answer is on its way to ada@example.com.");
    expect(result.variables).toContainEqual(
      expect.objectContaining({ name: "Mail thread", value: expect.any(String) }),
    );
    expect(result.isCompleted).toBe(true);
  });

  it("6.1: Zendesk's Open Web Widget runs after import: the page gets the widget key and a JWT signed here", async () => {
    const { user, bot, warnings } = await importExport({
      version: "6.1",
      name: "Support",
      events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e0" }],
      groups: [
        {
          id: "g",
          title: "Support",
          graphCoordinates: { x: 0, y: 0 },
          blocks: [
            {
              id: "b-hi",
              type: "text",
              content: { richText: [{ type: "p", children: [{ text: "Let me open our support chat." }] }] },
            },
            {
              id: "b-zendesk",
              type: "zendesk",
              options: {
                credentialsId: "cred-of-the-other-install",
                action: "Open Web Widget",
                userId: "customer-42",
                name: "Ada",
                email: "ada@example.com",
                webWidgetKey: "0a1b2c3d-widget",
              },
            },
            {
              id: "b-bye",
              type: "text",
              content: { richText: [{ type: "p", children: [{ text: "An agent will answer there." }] }] },
            },
          ],
        },
      ],
      edges: [{ id: "e0", from: { eventId: "start" }, to: { groupId: "g" } }],
      variables: [],
    });
    expect(warnings).toEqual([
      {
        message:
          'The credentials of this "zendesk" block do not exist in this workspace; choose credentials in its settings',
        path: ["groups", 0, "blocks", 1, "options", "credentialsId"],
      },
    ]);
    const secret = createTestApiKey("zd-secret");
    const account = await createWorkspaceCredentials(getPrisma(), user.workspaceId, {
      type: "zendesk",
      name: "Zendesk",
      data: { conversationsKeyId: "app_64ab", conversationsSecretKey: secret },
    });
    const block = findBlock(bot, "b-zendesk");
    block.options = { ...block.options, credentialsId: account.id };
    const patched = await callApi("PATCH", `/bots/${bot.id}`, {
      token: user.token,
      body: { bot: { groups: bot.groups }, overwrite: true },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    const { chat, logs, transcript } = await publishAndChat(user.token, bot);
    expect(logs).toEqual(["Zendesk messaging opened, visitor signed in"]);
    const actions = (
      chat.bodies as { clientSideActions?: { type: string; zendesk?: { key: string; jwt: string } }[] }[]
    )
      .flatMap((body) => body.clientSideActions ?? [])
      .filter((action) => action.type === "zendesk");
    expect(actions).toHaveLength(1);
    expect(actions[0]!.zendesk!.key).toBe("0a1b2c3d-widget");
    const [header, payload] = actions[0]!
      .zendesk!.jwt.split(".")
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")));
    expect(header).toEqual({ alg: "HS256", typ: "JWT", kid: "app_64ab" });
    expect(payload).toEqual({
      scope: "user",
      external_id: "customer-42",
      name: "Ada",
      email: "ada@example.com",
      email_verified: false,
    });
    expect(transcript).toContain("An agent will answer there.");
    expect(transcript).not.toContain(secret);
  });

  it("6.1: two bots imported together, the link between them re-pointed, the chat goes through both", async () => {
    const user = await createTestUser();
    const imported = await callApi("POST", "/bots/importMany", {
      token: user.token,
      body: {
        workspaceId: user.workspaceId,
        bots: [
          readExport("typebot-v61-shop-assistant.json"),
          { typebot: readExport("typebot-v61-order-support.json") },
        ],
      },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const [main, support] = imported.body.bots as { bot: ImportedBot; warnings: Warning[] }[];
    expect([main!.warnings, support!.warnings]).toEqual([[], []]);
    expect(findBlock(main!.bot, "b-link")).toEqual({
      id: "b-link",
      type: "Bot link",
      options: { botId: support!.bot.id, mergeResults: true },
    });
    expect((await callApi("POST", `/bots/${support!.bot.id}/publish`, { token: user.token })).status).toBe(
      200,
    );
    const { result, transcript } = await publishAndChat(user.token, main!.bot);
    expect(transcript).toContain("ships tomorrow.");
    expect(transcript).toContain("Back in the shop. Bye!");
    expect(result.isCompleted).toBe(true);
  });
});

describe("POST /bots/importMany", () => {
  it("warns about a link to a bot neither imported nor in the workspace, and keeps links to the workspace's", async () => {
    const team = await createTestTeam();
    const existing = await callApi("POST", "/bots/import", {
      token: team.member.token,
      body: { workspaceId: team.workspaceId, bot: readExport("typebot-v61-order-support.json") },
    });
    const main = readExport("typebot-v61-shop-assistant.json");
    const other = structuredClone(main);
    (main.groups[1]!.blocks[0]!.options as Record<string, unknown>).typebotId = existing.body.bot.id;
    (other.groups[1]!.blocks[0]!.options as Record<string, unknown>).typebotId = "cl-elsewhere";
    const response = await callApi("POST", "/bots/importMany", {
      token: team.member.token,
      body: { workspaceId: team.workspaceId, bots: [main, other] },
    });
    expect(response.status).toBe(200);
    expect(response.body.bots.map((entry: { warnings: Warning[] }) => entry.warnings)).toEqual([
      [],
      [
        {
          message:
            'The linked bot "cl-elsewhere" is neither in this import nor in this workspace; choose a bot in its settings',
          path: ["groups", 1, "blocks", 0, "options", "botId"],
        },
      ],
    ]);
    const [first, second] = response.body.bots.map((entry: { bot: ImportedBot }) => entry.bot);
    expect(findBlock(first, "b-link").options?.botId).toBe(existing.body.bot.id);
    // Both exports asked for the same publicId: they get different ones.
    expect(second.publicId).not.toBe(first.publicId);
  });

  it("stores nothing when one export is refused, with issues under bots.<index>", async () => {
    const team = await createTestTeam();
    const broken = readExport("typebot-v6-event.json");
    broken.groups[0]!.blocks[0] = { id: "b-welcome", type: "text", content: { richText: "Welcome" } };
    const response = await callApi("POST", "/bots/importMany", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, bots: [readExport("typebot-v3-feedback.json"), broken] },
    });
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      expect.objectContaining({ path: ["bots", 1, "groups", 0, "blocks", 0, "content", "richText"] }),
    ]);
    const empty = await callApi("POST", "/bots/importMany", {
      token: team.admin.token,
      body: { workspaceId: team.workspaceId, bots: [] },
    });
    expect(empty.status).toBe(400);
    expect(await getPrisma().bot.count({ where: { workspaceId: team.workspaceId } })).toBe(0);
  });

  it("applies the role matrix", async () => {
    const team = await createTestTeam();
    const statuses: Record<string, number> = {};
    for (const role of teamRoles)
      statuses[role] = (
        await callApi("POST", "/bots/importMany", {
          token: team[role].token,
          body: { workspaceId: team.workspaceId, bots: [readExport("typebot-v5-quote.json")] },
        })
      ).status;
    expect(statuses).toEqual({ admin: 200, member: 200, guest: 403, outsider: 403 });
  });
});
