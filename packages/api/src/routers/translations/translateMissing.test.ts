import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The builder's procedures use the server's allow-list: these tests reach local servers on 127.0.0.1.
  process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
});

import { createPublishedTestBot, createTestMember } from "@parley/chat/testing/chatFixtures";
import { group, startEdge, startEvent } from "@parley/chat/testing/testFlows";
import { getPrisma } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { startFakeAnthropicServer } from "@parley/integrations/testing/anthropicProtocolServer";
import { type FakeProviderServer, lastUserMessage } from "@parley/integrations/testing/fakeProviderServer";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { callApi } from "../../testing/fixtures";

const apiKey = "sk-translate-test-key-00112233445566";
let openai: FakeProviderServer;
let anthropic: FakeProviderServer;
const prisma = getPrisma();

beforeAll(async () => {
  [openai, anthropic] = await Promise.all([startFakeOpenAiServer(apiKey), startFakeAnthropicServer(apiKey)]);
});
afterAll(() => Promise.all([openai.close(), anthropic.close()]));

const flow = () => ({
  events: [startEvent],
  groups: [
    group("g-1", [
      {
        id: "b-hello",
        type: "text",
        content: {
          richText: [{ type: "p", children: [{ text: "Hello " }, { text: "{{Name}}", bold: true }] }],
        },
      },
      {
        id: "b-name",
        type: "text input",
        options: { variableId: "v-name", labels: { placeholder: "Your name" } },
      },
    ]),
  ],
  edges: [startEdge("g-1")],
  variables: [{ id: "v-name", name: "Name" }],
  settings: {
    languages: {
      defaultLanguage: "en",
      languages: ["de"],
      translations: { de: { "block:b-name:options.labels.button": { value: "Senden", status: "reviewed" } } },
    },
  },
});

/** A "translator" that keeps the tags and variables and marks the words it translated. */
const toGerman = (messages: { role: string; content: string }[]) =>
  lastUserMessage(messages).replace(/(\{\{[^}]+\}\})|([A-Za-z][A-Za-z .!,]*)/g, (_match, variable, words) =>
    variable ? variable : `DE(${words})`,
  );

async function setUp(server: FakeProviderServer, type: "openai" | "anthropic") {
  const bot = await createPublishedTestBot(flow());
  const credentials = await createWorkspaceCredentials(prisma, bot.owner.workspaceId, {
    type,
    name: "translator",
    data: { apiKey, baseUrl: type === "openai" ? `${server.origin}/v1` : server.origin },
  });
  return { bot, credentialsId: credentials.id };
}

const storedTranslations = async (botId: string) => {
  const row = await prisma.bot.findUniqueOrThrow({ where: { id: botId }, select: { settings: true } });
  return (
    row.settings as {
      languages: { translations: { de: Record<string, { value: unknown; status: string }> } };
    }
  ).languages.translations.de;
};

describe("POST /bots/{botId}/translations/{language}/machineDrafts", () => {
  it("drafts every missing text through the workspace's OpenAI credentials, keeping formatting and variables", async () => {
    const { bot, credentialsId } = await setUp(openai, "openai");
    openai.setReply(toGerman);
    const before = openai.requests.length;
    const response = await callApi("POST", `/bots/${bot.botId}/translations/de/machineDrafts`, {
      token: bot.owner.token,
      body: { credentialsId },
    });
    expect(response.status).toBe(200);
    expect(response.body.failed).toEqual([]);
    expect(response.body.remaining).toBe(0);
    const requests = openai.requests.slice(before);
    expect(requests).toHaveLength(response.body.translated);
    const hello = requests.find((request) =>
      JSON.stringify(request.json).includes("<1>Hello <2>{{Name}}</2></1>"),
    );
    expect(hello?.json).toMatchObject({
      model: "gpt-4o-mini",
      temperature: 0,
      messages: [
        {
          role: "system",
          content: expect.stringContaining("from the language tagged en into the language tagged de"),
        },
        { role: "user", content: "<1>Hello <2>{{Name}}</2></1>" },
      ],
    });
    expect(hello?.headers.authorization).toBe(`Bearer ${apiKey}`);
    const stored = await storedTranslations(bot.botId);
    expect(stored["block:b-hello:content.richText"]).toEqual({
      value: [{ type: "p", children: [{ text: "DE(Hello )" }, { text: "{{Name}}", bold: true }] }],
      status: "machineDraft",
    });
    expect(stored["block:b-name:options.labels.placeholder"]).toEqual({
      value: "DE(Your name)",
      status: "machineDraft",
    });
    // A person's translation is left alone.
    expect(stored["block:b-name:options.labels.button"]).toEqual({ value: "Senden", status: "reviewed" });
    const audit = await prisma.auditLogEntry.count({ where: { targetId: bot.botId, action: "bot.edited" } });
    expect(audit).toBe(1);

    // Nothing left to draft: no request, nothing written.
    const sent = openai.requests.length;
    const again = await callApi("POST", `/bots/${bot.botId}/translations/de/machineDrafts`, {
      token: bot.owner.token,
      body: { credentialsId },
    });
    expect(again.body).toEqual({ translated: 0, failed: [], remaining: 0 });
    expect(openai.requests.length).toBe(sent);
  });

  it("drafts through Anthropic's Messages API; a draft that drops a variable is not kept", async () => {
    const { bot, credentialsId } = await setUp(anthropic, "anthropic");
    anthropic.setReply((messages) =>
      lastUserMessage(messages).includes("{{Name}}") ? "<1>Hallo</1>" : "Übersetzt",
    );
    const response = await callApi("POST", `/bots/${bot.botId}/translations/de/machineDrafts`, {
      token: bot.owner.token,
      body: { credentialsId, model: "claude-haiku-4-5" },
    });
    expect(response.status).toBe(200);
    expect(response.body.failed).toEqual([
      {
        key: "block:b-hello:content.richText",
        message:
          "The provider's draft was not kept: The translation must keep the text's variables; missing {{Name}}",
      },
    ]);
    const stored = await storedTranslations(bot.botId);
    expect(stored["block:b-hello:content.richText"]).toBeUndefined();
    expect(stored["block:b-name:options.labels.placeholder"]).toEqual({
      value: "Übersetzt",
      status: "machineDraft",
    });
    expect(anthropic.requests.at(-1)?.json).toMatchObject({ model: "claude-haiku-4-5" });
  });

  it("refuses credentials that are not an AI provider's, another workspace's, a guest and an unknown language", async () => {
    const { bot, credentialsId } = await setUp(openai, "openai");
    const other = await setUp(openai, "openai");
    const smtp = await createWorkspaceCredentials(prisma, bot.owner.workspaceId, {
      type: "smtp",
      name: "mail",
      data: { host: "127.0.0.1", port: 2525, isTlsEnabled: false, from: { email: "bot@parley.test" } },
    });
    const path = `/bots/${bot.botId}/translations/de/machineDrafts`;
    for (const id of [smtp.id, other.credentialsId]) {
      const refused = await callApi("POST", path, { token: bot.owner.token, body: { credentialsId: id } });
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0]).toMatchObject({ code: "CREDENTIALS_UNUSABLE", path: ["credentialsId"] });
    }
    const guest = await createTestMember(bot.owner.workspaceId, "GUEST");
    expect((await callApi("POST", path, { token: guest.token, body: { credentialsId } })).status).toBe(403);
    const unknown = await callApi("POST", `/bots/${bot.botId}/translations/it/machineDrafts`, {
      token: bot.owner.token,
      body: { credentialsId },
    });
    expect(unknown.body.issues[0]).toMatchObject({ code: "UNKNOWN_LANGUAGE" });
  });
});
