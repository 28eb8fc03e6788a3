import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPortServices } from "@parley/chat/core/ports/createPortServices";
import { createChatRouter, type WebHandler } from "@parley/chat/createChatRouter";
import { createChatRuntime } from "@parley/chat/createChatRuntime";
import { driveChat } from "@parley/chat/testing/driveChat";
import { getPrisma } from "@parley/db";
import { stopJobQueue } from "@parley/db/queue";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { startEmailDeliveries } from "@parley/integrations/email/emailSendJob";
import { createLocalStorage } from "@parley/integrations/files/createUploadStorage";
import { startFakeAnthropicServer } from "@parley/integrations/testing/anthropicProtocolServer";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { createTestApiKey } from "@parley/integrations/testing/integrationFixtures";
import {
  startFakeMistralServer,
  startFakeOpenAiServer,
} from "@parley/integrations/testing/openAiProtocolServer";
import { type LocalSmtpServer, startSmtpServer } from "@parley/integrations/testing/startSmtpServer";
import { handleUnknownApiPath } from "@parley/platform/http/handleUnknownApiPath";
import { logger } from "@parley/platform/logger";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { findTypebotGallery, missingGalleryReason } from "@parley/schemas/bot/testing/findTypebotGallery";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../testing/fixtures";

const apiKey = createTestApiKey();
const servers: Record<"openai" | "mistral" | "anthropic", FakeProviderServer> = {} as never;
let smtp: LocalSmtpServer;
let api: WebHandler;
let stopEmails: () => void;

beforeAll(async () => {
  servers.openai = await startFakeOpenAiServer(apiKey);
  servers.mistral = await startFakeMistralServer(apiKey);
  servers.anthropic = await startFakeAnthropicServer(apiKey);
  smtp = await startSmtpServer();
  const uploads = {
    storage: createLocalStorage(await mkdtemp(path.join(tmpdir(), "parley-uploads-"))),
    maxBytes: 10_000_000,
    viewerUrl: "http://localhost:3001",
  };
  const runtime = createChatRuntime({
    rateLimitsPerMinute: { startPerIp: 0, startPerKey: 0, turnsPerSession: 0 },
    uploads,
    services: createPortServices({ httpAllowList: ["127.0.0.1"], uploads, stripeKeys: null }),
  });
  api = createChatRouter(runtime, "viewer", handleUnknownApiPath);
  // The e-mail blocks' messages are queue jobs: this process works them, as every server does.
  stopEmails = startEmailDeliveries(logger, { allowList: ["127.0.0.1"] });
});
afterAll(async () => {
  stopEmails();
  await stopJobQueue(1_000);
  await Promise.all([...Object.values(servers), smtp].map((server) => server.close()));
});

const aiTypes = ["openai", "mistral", "anthropic"] as const;
/** Logs that would mean a supported AI or e-mail block did not run against the local servers. */
const aiFailure =
  /chat completion failed|generating variables failed|speech failed|transcription failed|block skipped|could not be streamed|failed mid-stream|E-mail could not be sent/;

/**
 * Imports an export through POST /api/v1/bots/import, points its AI blocks at credentials of
 * the local provider servers, publishes it and chats along its main path over the chat endpoints.
 */
async function importAndRun(exported: unknown) {
  const user = await createTestUser();
  const credentialsIds = Object.fromEntries(
    await Promise.all(
      aiTypes.map(async (type) => {
        const baseUrl = type === "anthropic" ? servers.anthropic.origin : `${servers[type].origin}/v1`;
        const record = await createWorkspaceCredentials(getPrisma(), user.workspaceId, {
          type,
          name: type,
          data: { apiKey, baseUrl },
        });
        return [type, record.id];
      }),
    ),
  ) as Record<(typeof aiTypes)[number] | "Email", string>;
  credentialsIds.Email = (
    await createWorkspaceCredentials(getPrisma(), user.workspaceId, {
      type: "smtp",
      name: "Local SMTP",
      data: { host: "127.0.0.1", port: smtp.port, isTlsEnabled: false, from: { email: "bot@parley.test" } },
    })
  ).id;
  const imported = await callApi("POST", "/bots/import", {
    token: user.token,
    body: { workspaceId: user.workspaceId, bot: exported },
  });
  expect(imported.status).toBe(200);
  const bot = imported.body.bot as {
    id: string;
    groups: {
      blocks: {
        id: string;
        type: string;
        outgoingEdgeId?: string | null;
        options?: Record<string, unknown>;
      }[];
    }[];
  };
  const groups = bot.groups.map((group) => ({
    ...group,
    blocks: group.blocks.map((block) =>
      block.type in credentialsIds
        ? {
            ...block,
            options: {
              ...block.options,
              credentialsId: credentialsIds[block.type as keyof typeof credentialsIds],
            },
          }
        : block,
    ),
  }));
  const patched = await callApi("PATCH", `/bots/${bot.id}`, {
    token: user.token,
    body: { bot: { groups }, overwrite: true },
  });
  expect(patched.status).toBe(200);
  expect((await callApi("POST", `/bots/${bot.id}/publish`, { token: user.token })).status).toBe(200);
  const chatKey = (await callApi("GET", `/bots/${bot.id}/chatKey`, { token: user.token })).body.chatKey
    .key as string;
  const published = (await callApi("GET", `/bots/${bot.id}`, { token: user.token })).body.bot as {
    publicId: string;
  };
  const chat = await driveChat(api, { publicId: published.publicId, chatKey, groups });
  const logs = await getPrisma().log.findMany({ where: { botId: bot.id }, orderBy: { createdAt: "asc" } });
  // No key in any response body, streamed text or stored log line of the run.
  expect(JSON.stringify([imported.body, chat.bodies, chat.streamed, logs])).not.toContain(apiKey);
  return { chat, logs, warnings: imported.body.warnings as { message: string }[] };
}

const ownFixtures = readdirSync(
  path.join(import.meta.dirname, "../../../integrations/src/testing/fixtures"),
).map((name) => ({
  name,
  json: JSON.parse(
    readFileSync(path.join(import.meta.dirname, "../../../integrations/src/testing/fixtures", name), "utf8"),
  ) as unknown,
}));

describe("our own Typebot-style fixtures import and run over HTTP", () => {
  it("the AI assistant streams, extracts, speaks and logs what it does not support", async () => {
    const requestsBefore = Object.fromEntries(aiTypes.map((type) => [type, servers[type].requests.length]));
    const { chat, logs, warnings } = await importAndRun(
      ownFixtures.find((fixture) => fixture.name.startsWith("ai-assistant"))!.json,
    );
    expect(warnings.filter((warning) => warning.message.includes("credentials"))).toHaveLength(8);
    expect(chat.statuses.every((status) => status === 200)).toBe(true);
    expect(chat.streamed[0]).toMatch(/^You said: /);
    for (const type of aiTypes) expect(servers[type].requests.length).toBeGreaterThan(requestsBefore[type]!);
    expect(logs.filter((log) => aiFailure.test(log.description))).toEqual([]);
    expect(logs.map((log) => log.description)).toContain(
      'OpenAI action "Ask Model" is not supported by this server; skipped',
    );
    const result = await getPrisma().result.findFirstOrThrow({
      where: { bot: { name: "AI assistant" } },
      orderBy: { createdAt: "desc" },
    });
    expect(JSON.stringify(result.variables)).toContain("Company");
  });

  it("the lead funnel goes through every other block kind, logging unreachable parts", async () => {
    const { chat, logs } = await importAndRun(
      ownFixtures.find((fixture) => fixture.name.startsWith("lead-funnel"))!.json,
    );
    expect(chat.statuses.every((status) => status === 200)).toBe(true);
    expect(JSON.stringify(chat.bodies.at(-1))).toContain("Bye!");
    const descriptions = logs.map((log) => log.description).join("\n");
    expect(descriptions).toMatch(/payment/i);
    expect(descriptions).toMatch(/e-mail/i);
  });
});

const gallery = findTypebotGallery();
/** Gallery templates whose main path (first choices, plain answers) runs AI blocks. */
const templatesCallingAi = new Set([
  "audio-chat-gpt.json",
  "basic-chat-gpt.json",
  "chat-gpt-personas.json",
  "high-ticket-lead-follow-up.json",
  "openai-conditions.json",
  "quick-carb-calculator.json",
  "savings-estimator.json",
  "skin-typology.json",
]);
/** Gallery templates whose main path sends an e-mail (pointed at the local SMTP server). */
const templatesSendingEmail = new Set([
  "lead-magnet.json",
  "quick-carb-calculator.json",
  "skin-typology.json",
]);
/** What the main path of a template meets that this product does not run, and says so. */
const expectedLogs: Record<string, string> = {
  "openai-assistant-chat.json": 'OpenAI action "Ask Model" is not supported by this server; skipped',
  "movie-recommendation.json": "HTTP request failed (NETWORK)",
};

/**
 * The AI templates start on a note ("add your credentials, then connect the Start event with
 * Intro"): done here as the author would, by pointing the start edge at the group it names (or,
 * when no group has that title, the first group nothing leads to, else the first other group).
 */
function followSetupInstructions(exported: unknown): unknown {
  const bot = structuredClone(exported) as {
    events: { outgoingEdgeId?: string }[];
    edges: { id: string; to: { groupId: string } }[];
    groups: { id: string; title: string; blocks: { content?: unknown }[] }[];
  };
  const startEdge = bot.edges.find((edge) => edge.id === bot.events[0]?.outgoingEdgeId);
  const note = bot.groups.find((group) => group.id === startEdge?.to.groupId);
  const text = [
    ...JSON.stringify(note?.blocks.map((block) => block.content) ?? []).matchAll(
      /"text":"((?:[^"\\]|\\.)*)"/g,
    ),
  ]
    .map((match) => JSON.parse(`"${match[1]}"`) as string)
    .join("");
  const target = /connect the Start (?:event|block) with ([\w ]+?)(?: group)?\s*(?:[^\w ]|$)/
    .exec(text)?.[1]
    ?.trim();
  if (!startEdge || !note || !target) return exported;
  const reached = new Set(bot.edges.map((edge) => edge.to.groupId));
  const next =
    bot.groups.find((group) => group.title.toLowerCase() === target.toLowerCase()) ??
    bot.groups.find((group) => group.id !== note.id && !reached.has(group.id)) ??
    bot.groups.find((group) => group.id !== note.id);
  if (next) startEdge.to = { groupId: next.id };
  return bot;
}

describe.skipIf(!gallery)(
  `the Typebot gallery templates import and run over HTTP (${gallery ? "" : missingGalleryReason})`,
  () => {
    it.each(gallery?.files ?? [])("$name", async ({ name, json }) => {
      const before = aiTypes.map((type) => servers[type].requests.length);
      const emailsBefore = smtp.messages.length;
      const { chat, logs } = await importAndRun(followSetupInstructions(json));
      const aiRequests = aiTypes.reduce(
        (total, type, index) => total + servers[type].requests.length - before[index]!,
        0,
      );
      if (templatesCallingAi.has(name)) expect(aiRequests).toBeGreaterThan(0);
      if (templatesSendingEmail.has(name))
        await expect.poll(() => smtp.messages.length, { timeout: 10_000 }).toBeGreaterThan(emailsBefore);
      if (expectedLogs[name]) expect(logs.map((log) => log.description)).toContain(expectedLogs[name]);
      expect(chat.statuses.length).toBeGreaterThan(0);
      expect(chat.statuses.filter((status) => status !== 200)).toEqual([]);
      expect(logs.filter((log) => aiFailure.test(log.description))).toEqual([]);
    });
  },
);

describe("no key in any response or log line of these runs", () => {
  it("never shows the providers' key", async () => {
    const rows = await getPrisma().log.findMany({ select: { description: true, details: true } });
    expect(JSON.stringify(rows)).not.toContain(apiKey);
  });
});
