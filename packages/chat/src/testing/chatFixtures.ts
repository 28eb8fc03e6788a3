import { createId, getPrisma, type WorkspaceRole } from "@parley/db";
import { sealWorkspaceSsoSecret } from "@parley/integrations/sso/workspaceSsoProviders";
import { createUserSession } from "@parley/platform/auth/userSessions";
import { handleUnknownApiPath } from "@parley/platform/http/handleUnknownApiPath";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { createChatRouter } from "../createChatRouter";
import { type ChatRuntimeOptions, createChatRuntime } from "../createChatRuntime";
import { seedPublishedBot, toBotDocument } from "./seedPublishedBot";
import type { TestFlow } from "./testFlow";

/**
 * The chat endpoints on their own runtime, as the viewer mounts them (`chat(request)`; the
 * builder's mount when `allowSessionCookie`); rate limits off unless given. The channels' pauses
 * (typing, WhatsApp's send rate) are computed but not waited out, unless `channels.sleep` is given
 * (channelPacing.test.ts records them): a conversation test sends far faster than a person.
 */
export function createTestChat(options: ChatRuntimeOptions = {}) {
  const runtime = createChatRuntime({
    rateLimitsPerMinute: { startPerIp: 0, startPerKey: 0, turnsPerSession: 0 },
    ...options,
    channels: { sleep: async () => {}, ...options.channels },
  });
  const host = options.allowSessionCookie ? "builder" : "viewer";
  return { runtime, chat: createChatRouter(runtime, host, handleUnknownApiPath) };
}

/**
 * A published bot with a chat key, in the workspace of a new user (ADMIN, with
 * an API token), or in `workspaceId`.
 */
export async function createPublishedTestBot(
  flow: TestFlow,
  options: { workspaceId?: string; isClosed?: boolean; publicId?: string } = {},
) {
  const owner = await createTestUser(
    options.workspaceId ? { workspaceId: options.workspaceId, role: "ADMIN" } : {},
  );
  const bot = await seedPublishedBot(getPrisma(), owner.workspaceId, flow, options);
  return { ...bot, owner };
}

/** Publishes `flow` as the bot's next version (and its draft). */
export async function publishTestBotVersion(botId: string, flow: TestFlow) {
  const prisma = getPrisma();
  const latest = await prisma.publishedBot.findFirst({ where: { botId }, orderBy: { version: "desc" } });
  const id = createId();
  const document = toBotDocument(flow);
  await prisma.publishedBot.create({
    data: { id, botId, version: (latest?.version ?? 0) + 1, name: "Test bot", ...document },
  });
  await prisma.bot.update({
    where: { id: botId },
    data: { publishedBotId: id, ...document, updatedAt: new Date() },
  });
  return id;
}

/** Another user of the same workspace, with an API token. */
export function createTestMember(workspaceId: string, role: WorkspaceRole) {
  return createTestUser({ workspaceId, role });
}

/**
 * Makes `workspaceId` require its own identity provider (as its ADMIN does in Workspace settings > Single
 * sign-on, docs/sso.md); returns the provider's key (`ws-<id>`), which sessions signed in through it carry.
 */
export async function requireWorkspaceSso(workspaceId: string) {
  const id = createId();
  await getPrisma().workspaceSso.create({
    data: {
      id,
      workspaceId,
      preset: "oidc",
      name: "Acme SSO",
      issuer: "https://sso.acme.test",
      clientId: "parley",
      ...sealWorkspaceSsoSecret(`secret-${createId()}`, { id, workspaceId }),
      allowedDomains: ["acme.test"],
      isEnforced: true,
    },
  });
  return `ws-${id}`;
}

/** A builder session's cookie for `userId`, signed in through `ssoProvider` when given (else by password). */
export async function createSessionCookie(userId: string, ssoProvider?: string) {
  const { token } = await createUserSession(getPrisma(), userId, {
    method: ssoProvider ? `sso:${ssoProvider}` : "password",
    ip: "203.0.113.9",
    userAgent: "Test browser",
    ssoProvider: ssoProvider ?? null,
  });
  return `parley_session=${token}`;
}

/** A request to a chat endpoint as a client sends it. */
export function chatRequest(
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; method?: string } = {},
) {
  return new Request(`http://localhost:3001/api/v1${path}`, {
    method: options.method ?? "POST",
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...options.headers,
    },
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === "string"
          ? options.body
          : JSON.stringify(options.body),
  });
}

/** Status and JSON body of a response. */
export async function readResponse(response: Response) {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}
