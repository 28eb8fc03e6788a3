import { getPrisma } from "@parley/db";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The builder's procedures use the server's allow-list: these tests reach local servers on 127.0.0.1.
  process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
});

import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { startFakeAnthropicServer } from "@parley/integrations/testing/anthropicProtocolServer";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import {
  startFakeMistralServer,
  startFakeOpenAiServer,
} from "@parley/integrations/testing/openAiProtocolServer";
import { type LocalSmtpServer, startSmtpServer } from "@parley/integrations/testing/startSmtpServer";
import { logger } from "@parley/platform/logger";
import { createTestBot, createTestTeam, type TestUser } from "@parley/platform/testing/fixtures";
import { createCallerFactory } from "../../trpc";
import { appRouter } from "../appRouter";

const apiKey = "sk-builder-test-key-00112233445566";
let openai: FakeProviderServer;
let smtp: LocalSmtpServer;

beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
  smtp = await startSmtpServer();
});
afterAll(() => Promise.all([openai.close(), smtp.close()]));

const callerFor = (user: TestUser) =>
  createCallerFactory(appRouter)({
    prisma: getPrisma(),
    logger,
    requestId: "test",
    authenticate: async () => ({ id: user.user.id, email: user.email, name: null }),
  });

async function setUp() {
  const team = await createTestTeam();
  const credentials = await createWorkspaceCredentials(getPrisma(), team.workspaceId, {
    type: "openai",
    name: "local",
    data: { apiKey, baseUrl: `${openai.origin}/v1` },
  });
  const smtpCredentials = await createWorkspaceCredentials(getPrisma(), team.workspaceId, {
    type: "smtp",
    name: "mail",
    data: { host: "127.0.0.1", port: smtp.port, isTlsEnabled: false, from: { email: "bot@parley.test" } },
  });
  const bot = await createTestBot(team.workspaceId);
  return { team, credentialsId: credentials.id, smtpCredentialsId: smtpCredentials.id, botId: bot.id };
}

describe("listAiModels", () => {
  it("lists the provider's models through the workspace's credentials", async () => {
    const { team, credentialsId } = await setUp();
    const result = await callerFor(team.member).integrations.listAiModels({
      workspaceId: team.workspaceId,
      blockType: "openai",
      credentialsId,
    });
    expect(result.models).toEqual(["gpt-4o", "gpt-4o-mini", "tts-1", "whisper-1"]);
    expect(openai.requests.at(-1)?.headers.authorization).toBe(`Bearer ${apiKey}`);
  });

  it.each([
    [
      "mistral",
      () => startFakeMistralServer(apiKey),
      "/v1",
      ["mistral-large-latest", "mistral-small-latest"],
    ],
    ["anthropic", () => startFakeAnthropicServer(apiKey), "", ["claude-haiku-4-5", "claude-sonnet-4-5"]],
    ["openai-compatible", () => startFakeOpenAiServer(apiKey), "/v1", ["gpt-4o", "gpt-4o-mini"]],
  ] as const)("lists %s models for the dropdown", async (type, start, path, expected) => {
    const server = await start();
    try {
      const team = await createTestTeam();
      const credentials = await createWorkspaceCredentials(getPrisma(), team.workspaceId, {
        type,
        name: type,
        data: { apiKey, baseUrl: `${server.origin}${path}` },
      });
      const result = await callerFor(team.member).integrations.listAiModels({
        workspaceId: team.workspaceId,
        blockType: type,
        credentialsId: credentials.id,
      });
      expect(result.models).toEqual(expect.arrayContaining([...expected]));
      const sent = server.requests.at(-1)!;
      expect(sent.path).toMatch(/\/v1\/models/);
      if (type === "anthropic") expect(sent.headers["x-api-key"]).toBe(apiKey);
      else expect(sent.headers.authorization).toBe(`Bearer ${apiKey}`);
    } finally {
      await server.close();
    }
  });

  it("refuses guests, other workspaces' credentials and unreachable providers", async () => {
    const { team, credentialsId } = await setUp();
    await expect(
      callerFor(team.guest).integrations.listAiModels({
        workspaceId: team.workspaceId,
        blockType: "openai",
        credentialsId,
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const other = await setUp();
    await expect(
      callerFor(other.team.member).integrations.listAiModels({
        workspaceId: other.team.workspaceId,
        blockType: "openai",
        credentialsId,
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      issues: [expect.objectContaining({ code: "CREDENTIALS_UNUSABLE" })],
    });
    await expect(
      callerFor(team.member).integrations.listAiModels({
        workspaceId: team.workspaceId,
        blockType: "openai-compatible",
        baseUrl: "http://10.0.0.1:1/v1",
      }),
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ code: "PROVIDER_ERROR" })] });
  });
});

describe("testBlock", () => {
  it("runs an AI block once with sample values and returns the variables it set", async () => {
    const { team, credentialsId, botId } = await setUp();
    const result = await callerFor(team.member).integrations.testBlock({
      botId,
      block: {
        id: "ai",
        type: "openai",
        options: {
          action: "Create chat completion",
          credentialsId,
          model: "gpt-4o-mini",
          messages: [{ role: "user", content: "{{Question}}" }],
          responseMapping: [{ item: "Message content", variableId: "answer" }],
        },
      },
      variables: [
        { id: "question", name: "Question", value: "Sample question" },
        { id: "answer", name: "Answer", value: null },
      ],
    });
    expect(result).toEqual({ variables: [{ id: "answer", value: "You said: Sample question" }], logs: [] });
  });

  it("sends a test e-mail and reports provider failures as logs", async () => {
    const { team, smtpCredentialsId, botId, credentialsId } = await setUp();
    const before = smtp.messages.length;
    const mail = await callerFor(team.member).integrations.testBlock({
      botId,
      block: {
        id: "mail",
        type: "Email",
        options: {
          credentialsId: smtpCredentialsId,
          recipients: ["ada@example.com"],
          subject: "Test {{Name}}",
          body: "Hi",
          isCustomBody: true,
        },
      },
      variables: [{ id: "name", name: "Name", value: "Ada" }],
    });
    expect(mail.logs).toEqual([expect.objectContaining({ status: "success", description: "E-mail sent" })]);
    expect(smtp.messages[before]?.parsed.subject).toBe("Test Ada");

    const failing = await callerFor(team.member).integrations.testBlock({
      botId,
      block: {
        id: "ai",
        type: "openai",
        options: { credentialsId, model: "missing-model", messages: [{ role: "user", content: "x" }] },
      },
    });
    expect(failing.logs[0]).toMatchObject({
      status: "error",
      details: expect.stringContaining("missing-model"),
    });
    expect(JSON.stringify(failing)).not.toContain(apiKey);
  });

  it("refuses other block types and guests", async () => {
    const { team, botId } = await setUp();
    await expect(
      callerFor(team.member).integrations.testBlock({
        botId,
        block: { id: "x", type: "Webhook", options: {} },
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      callerFor(team.guest).integrations.testBlock({
        botId,
        block: { id: "x", type: "openai", options: {} },
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
