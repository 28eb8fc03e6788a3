import { createId, getPrisma, type WorkspaceRole } from "@parley/db";
import { createTestUser } from "../../testing/fixtures";
import { createChatHandlers } from "../createChatHandlers";
import { type ChatRuntimeOptions, createChatRuntime } from "../createChatRuntime";

export interface TestFlow {
  events: unknown[];
  groups: unknown[];
  edges: unknown[];
  variables: unknown[];
  theme?: Record<string, unknown>;
  settings?: Record<string, unknown>;
}

/** Chat handlers on their own runtime; rate limits off unless given. */
export function createTestChatHandlers(options: ChatRuntimeOptions = {}) {
  const runtime = createChatRuntime({
    rateLimitsPerMinute: { startPerIp: 0, startPerKey: 0, turnsPerSession: 0 },
    ...options,
  });
  return { runtime, handlers: createChatHandlers(runtime) };
}

const asJson = (value: unknown) => value as object;

/**
 * A published bot with a chat key, in the workspace of a new user (ADMIN, with
 * an API token), or in `workspaceId`.
 */
export async function createPublishedTestBot(
  flow: TestFlow,
  options: { workspaceId?: string; isClosed?: boolean; publicId?: string } = {},
) {
  const prisma = getPrisma();
  const owner = await createTestUser(options.workspaceId ? { workspaceId: options.workspaceId, role: "ADMIN" } : {});
  const botId = createId();
  const publishedBotId = createId();
  const publicId = options.publicId ?? `bot-${botId.slice(0, 10)}`;
  const chatKey = `ck_test${createId()}`;
  const document = {
    events: asJson(flow.events),
    groups: asJson(flow.groups),
    edges: asJson(flow.edges),
    variables: asJson(flow.variables),
    theme: asJson(flow.theme ?? {}),
    settings: asJson(flow.settings ?? {}),
  };
  await prisma.bot.create({
    data: { id: botId, name: "Test bot", workspaceId: owner.workspaceId, publicId, isClosed: options.isClosed ?? false, ...document },
  });
  await prisma.publishedBot.create({ data: { id: publishedBotId, botId, version: 1, name: "Test bot", ...document } });
  await prisma.bot.update({ where: { id: botId }, data: { publishedBotId } });
  await prisma.chatKey.create({ data: { id: createId(), key: chatKey, botId } });
  return { botId, publishedBotId, publicId, chatKey, workspaceId: owner.workspaceId, owner };
}

/** Publishes the bot's draft (after editing it) as a new version. */
export async function publishTestBotVersion(botId: string, flow: TestFlow) {
  const prisma = getPrisma();
  const latest = await prisma.publishedBot.findFirst({ where: { botId }, orderBy: { version: "desc" } });
  const id = createId();
  const document = {
    events: asJson(flow.events),
    groups: asJson(flow.groups),
    edges: asJson(flow.edges),
    variables: asJson(flow.variables),
    theme: asJson(flow.theme ?? {}),
    settings: asJson(flow.settings ?? {}),
  };
  await prisma.publishedBot.create({ data: { id, botId, version: (latest?.version ?? 0) + 1, name: "Test bot", ...document } });
  await prisma.bot.update({ where: { id: botId }, data: { publishedBotId: id, ...document, updatedAt: new Date() } });
  return id;
}

/** Another user of the same workspace, with an API token. */
export function createTestMember(workspaceId: string, role: WorkspaceRole) {
  return createTestUser({ workspaceId, role });
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
      options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
  });
}

/** Status and JSON body of a response. */
export async function readResponse(response: Response) {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}
