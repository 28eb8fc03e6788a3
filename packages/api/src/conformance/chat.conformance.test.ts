// Endpoints 1–3 of api-spec.md on {chat_url} and the preview startChat of decisions.md: every
// response field, the documented request fields and every error condition of decisions.md.

import {
  createGreetingFlow,
  createInputFirstFlow,
  createNoInputFlow,
  text,
} from "@parley/chat/testing/testFlows";
import { getPrisma } from "@parley/db";
import { beforeAll, describe, expect, it } from "vitest";
import { expectSettings, expectTheme } from "./botShapes";
import { call, expectError, expectKeys, expectOk, expectTimestamp, useApps } from "./harness";
import { createWorld, type World } from "./world";

const apps = useApps();
let world: World;
beforeAll(async () => {
  world = await createWorld(apps);
});

/** Always in a start response. */
const startFields = ["sessionId", "bot", "messages", "clientSideActions", "logs"];
const continueFields = ["messages", "clientSideActions", "logs"];
/**
 * Returned only when they apply (the spec: `progress` "when the progress bar is enabled",
 * `dynamicTheme` "when the bot has dynamic avatars", `lastMessageNewFormat` when the reply was
 * reformatted; `input` while the flow waits on one; `resultId` when the flow paused): left out
 * otherwise, never null.
 */
const conditionalFields = ["resultId", "lastMessageNewFormat", "input", "dynamicTheme", "progress"];

/** `body` has the always-present `fields` plus exactly the conditional ones named in `present`. */
function expectFields(body: unknown, fields: string[], present: string[]) {
  expectKeys(body, [...fields, ...present]);
  for (const field of conditionalFields)
    if (!present.includes(field)) expect(body, `${field} is left out`).not.toHaveProperty(field);
}

const chat = (path: string, body?: unknown, token: string = world.chatKey) =>
  call("POST", `${apps.chatUrl}/api/v1${path}`, { token, body });
const start = (body: unknown = {}, publicId: string = world.bot.publicId, token?: string) =>
  chat(`/bots/${publicId}/startChat`, body, token);
const reply = (sessionId: string, body: unknown, token?: string) =>
  chat(`/sessions/${sessionId}/continueChat`, body, token);

/** Publishes a new bot of the world's workspace; returns its publicId and chat key. */
async function publish(bot: Record<string, unknown>) {
  const created = expectOk(await world.api("POST", "/bots", { workspaceId: world.workspaceId, bot })).bot;
  expectOk(await world.api("POST", `/bots/${created.id}/publish`));
  const { chatKey } = expectOk(await world.api("GET", `/bots/${created.id}/chatKey`));
  return { id: created.id as string, publicId: created.publicId as string, chatKey: chatKey.key as string };
}

function expectTextBubble(message: Record<string, unknown>) {
  expectKeys(message, ["id", "type", "content"]);
  expect(typeof message.id).toBe("string");
  expect(message.type).toBe("text");
}

describe("1 startChat", () => {
  it("answers every field of the spec that applies, leaving the others out", async () => {
    const body = expectOk(await start({ prefilledVariables: { Name: "Ada" } }));
    expectFields(body, startFields, ["resultId", "input"]);
    expect(typeof body.sessionId).toBe("string");
    expect(typeof body.resultId).toBe("string");
    expectKeys(body.bot, ["id", "theme", "settings", "publishedAt"]);
    expect(body.bot.id).toBe(world.bot.id);
    expectTheme(body.bot.theme);
    expectKeys(body.bot.settings, ["general", "typingEmulation"]);
    expectSettings({ ...world.bot.settings, ...body.bot.settings });
    expectTimestamp(body.bot.publishedAt);
    expect(body.messages).toHaveLength(1);
    expectTextBubble(body.messages[0]);
    expect(body.messages[0].content.type).toBe("richText");
    expect(JSON.stringify(body.messages[0].content.richText)).toContain("Hello Ada!");
    expect(body.input).toMatchObject({ id: "b-name", type: "text input" });
    // The input's variable holds "Ada": prefilledValue applies; runtimeOptions (payment only) is left out.
    expectKeys(body.input, ["id", "type", "options", "prefilledValue"]);
    expect(body.input.prefilledValue).toBe("Ada");
    expect(body.input.options).toBeTypeOf("object");
    expect(body.clientSideActions).toEqual([]);
    expect(body.logs).toEqual([]);
  });

  it("formats text bubbles as markdown on request", async () => {
    const body = expectOk(
      await start({ textBubbleContentFormat: "markdown", prefilledVariables: { Name: "Ada" } }),
    );
    expect(body.messages[0].content).toEqual({ type: "markdown", markdown: "Hello Ada!" });
  });

  it("answers an input that starts the flow with `message`", async () => {
    const bot = await publish({ name: "Input first", ...createInputFirstFlow() });
    const body = expectOk(await start({ message: { type: "text", text: "tea" } }, bot.publicId, bot.chatKey));
    expect(JSON.stringify(body.messages)).toContain("Thanks for tea");
    // The flow ended at once: no input, no resultId.
    expectFields(body, startFields, []);
  });

  it("only registers the session with isOnlyRegistering", async () => {
    const body = expectOk(await start({ isOnlyRegistering: true }));
    expectFields(body, startFields, []);
    expect(body.messages).toEqual([]);
    const next = expectOk(await reply(body.sessionId, {}));
    expect(JSON.stringify(next.messages)).toContain("Hello");
  });

  it("reports progress from 0 to 100 when the progress bar is enabled", async () => {
    const flow = createGreetingFlow({}, { general: { progressBar: { isEnabled: true } } });
    const bot = await publish({ name: "Progress", ...flow });
    const first = expectOk(await start({}, bot.publicId, bot.chatKey));
    expectFields(first, startFields, ["resultId", "input", "progress"]);
    expect(first.progress).toBeGreaterThanOrEqual(0);
    expect(first.progress).toBeLessThan(100);
    await reply(first.sessionId, { message: "Ada" }, bot.chatKey);
    const last = expectOk(await reply(first.sessionId, { message: "ada@example.test" }, bot.chatKey));
    expect(last.progress).toBe(100);
  });

  it("answers on {base_url} as well", async () => {
    const onBuilder = await call("POST", `${apps.baseUrl}/api/v1/bots/${world.bot.publicId}/startChat`, {
      token: world.chatKey,
      body: {},
    });
    const { sessionId } = expectOk(onBuilder);
    const next = await call("POST", `${apps.baseUrl}/api/v1/sessions/${sessionId}/continueChat`, {
      token: world.chatKey,
      body: { message: "Ada" },
    });
    expect(expectOk(next).input).toMatchObject({ type: "email input" });
  });

  it("works with an API token of the workspace", async () => {
    expectOk(await start({}, world.bot.publicId, world.guest.token));
  });

  it("answers BAD_REQUEST BOT_NOT_FOUND, BOT_CLOSED and invalid bodies", async () => {
    expectError(await start({}, "no-such-bot", world.admin.token), "BAD_REQUEST", "BOT_NOT_FOUND");
    expectError(await start({ textBubbleContentFormat: "html" }), "BAD_REQUEST");
    expectError(await start({ isOnlyRegistering: "yes" }), "BAD_REQUEST");
    expectError(await start({ prefilledVariables: ["Name"] }), "BAD_REQUEST");

    const closed = await publish({ name: "Closed", ...createNoInputFlow() });
    expectOk(await world.api("PATCH", `/bots/${closed.id}`, { bot: { isClosed: true } }));
    const issues = expectError(await start({}, closed.publicId, closed.chatKey), "BAD_REQUEST", "BOT_CLOSED");
    expect(issues[0]?.message).toBe("This bot is now closed.");
  });

  it("answers FORBIDDEN WORKSPACE_SUSPENDED and CHATS_LIMIT_REACHED", async () => {
    const other = await createWorld(apps);
    await getPrisma().workspace.update({ where: { id: other.workspaceId }, data: { isSuspended: true } });
    expectError(await start({}, other.bot.publicId, other.chatKey), "FORBIDDEN", "WORKSPACE_SUSPENDED");
    await getPrisma().workspace.update({ where: { id: other.workspaceId }, data: { isSuspended: false } });
    // The limit is an operator's setting (the CLI's `workspace set-plan`), stored as it stores it.
    await getPrisma().workspace.update({ where: { id: other.workspaceId }, data: { chatsHardLimit: 1 } });
    expectOk(await start({}, other.bot.publicId, other.chatKey));
    expectError(await start({}, other.bot.publicId, other.chatKey), "FORBIDDEN", "CHATS_LIMIT_REACHED");
  });
});

describe("2 continueChat", () => {
  it("answers every field of the spec, accepting the message object or a bare string", async () => {
    const { sessionId } = expectOk(await start());
    const body = expectOk(await reply(sessionId, { message: { type: "text", text: "Ada" } }));
    expectFields(body, continueFields, ["input"]);
    expect(body.input).toMatchObject({ id: "b-email", type: "email input" });
    // Its variable is empty and it is no payment: neither prefilledValue nor runtimeOptions, not even null.
    expectKeys(body.input, ["id", "type", "options"]);
    const done = expectOk(
      await reply(sessionId, { message: "ADA@example.test", textBubbleContentFormat: "markdown" }),
    );
    // The e-mail was lower-cased (lastMessageNewFormat) and the flow ended (no input).
    expectFields(done, continueFields, ["lastMessageNewFormat"]);
    expect(done.lastMessageNewFormat).toBe("ada@example.test");
    expect(done.messages[0].content).toEqual({
      type: "markdown",
      markdown: "Bye Ada, we will write to ada@example.test.",
    });
  });

  it("repeats the input with the invalid message for a reply that fails validation", async () => {
    const { sessionId } = expectOk(await start());
    await reply(sessionId, { message: "Ada" });
    const body = expectOk(await reply(sessionId, { message: "not an email" }));
    // Nothing was reformatted (the reply was refused): no lastMessageNewFormat.
    expectFields(body, continueFields, ["input"]);
    expect(body.input).toMatchObject({ id: "b-email", type: "email input" });
    expect(body.messages).toHaveLength(1);
    expect(JSON.stringify(body.messages[0].content)).toContain("Invalid message. Please, try again.");
  });

  it("answers SESSION_NOT_FOUND, SESSION_EXPIRED and invalid bodies as BAD_REQUEST", async () => {
    expectError(
      await reply("nosuchsession123", { message: "x" }, world.admin.token),
      "BAD_REQUEST",
      "SESSION_NOT_FOUND",
    );
    const { sessionId } = expectOk(await start());
    expectError(await reply(sessionId, { message: { type: "text", text: 5 } }), "BAD_REQUEST");
    expectError(await reply(sessionId, { message: "x", textBubbleContentFormat: "html" }), "BAD_REQUEST");
    await getPrisma().chatSession.update({
      where: { id: sessionId },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    expectError(await reply(sessionId, { message: "Ada" }), "BAD_REQUEST", "SESSION_EXPIRED");
  });
});

describe("response elements", () => {
  it("carry the spec's shapes: script actions, logs, dynamic theme", async () => {
    const bot = await publish({
      name: "Elements",
      events: [{ id: "start", type: "start", outgoingEdgeId: "e0", graphCoordinates: { x: 0, y: 0 } }],
      edges: [{ id: "e0", from: { eventId: "start" }, to: { groupId: "g" } }],
      variables: [
        { id: "v-name", name: "Name" },
        { id: "v-avatar", name: "Avatar" },
      ],
      groups: [
        {
          id: "g",
          title: "Main",
          graphCoordinates: { x: 0, y: 0 },
          blocks: [
            text("b-hi", "Hi {{Name}}"),
            {
              id: "b-code",
              type: "Code",
              options: { content: "console.log({{Name}})", isExecutedOnClient: true },
            },
            {
              id: "b-http",
              type: "Webhook",
              options: { webhook: { url: "http://127.0.0.1:9/hook", method: "GET" } },
            },
            { id: "b-ask", type: "text input", options: { variableId: "v-name" } },
          ],
        },
      ],
      theme: { chat: { hostAvatar: { isEnabled: true, url: "{{Avatar}}" } } },
    });
    const body = expectOk(
      await start(
        { prefilledVariables: { Name: "Ada", Avatar: "https://cdn.example/ada.png" } },
        bot.publicId,
        bot.chatKey,
      ),
    );
    const [action] = body.clientSideActions;
    expect(action).toMatchObject({ type: "scriptToExecute", expectsDedicatedReply: false });
    expect(Object.keys(action)).toEqual(
      expect.arrayContaining(["type", "scriptToExecute", "lastBubbleBlockId", "expectsDedicatedReply"]),
    );
    expectKeys(action.scriptToExecute, ["content", "args", "isUnsafe", "isCode"]);
    expect(typeof action.scriptToExecute.content).toBe("string");
    for (const arg of action.scriptToExecute.args) expectKeys(arg, ["id", "value"]);
    expectFields(body, startFields, ["resultId", "input", "dynamicTheme"]);
    expectKeys(body.dynamicTheme, ["hostAvatarUrl", "guestAvatarUrl", "backgroundUrl"]);
    expect(body.dynamicTheme.hostAvatarUrl).toBe("https://cdn.example/ada.png");
    // Inside the record, an unset URL is null (the record's fields are always present).
    expect(body.dynamicTheme.guestAvatarUrl).toBeNull();
    // Logs of HTTP requests reach live clients only in preview (the anchor's rule: they may hold secrets).
    const preview = expectOk(await chat(`/bots/${bot.id}/preview/startChat`, {}, world.member.token));
    expect(preview.logs.length).toBeGreaterThan(0);
    for (const log of preview.logs) {
      expectKeys(log, ["description", "status", "details", "context"]);
      for (const key of ["description", "status"]) expect(typeof log[key]).toBe("string");
    }
  });

  it("accept the Text message's metadata.replyId and attachedFileUrls", async () => {
    const { sessionId } = expectOk(await start());
    const message = { type: "text", text: "Ada", metadata: { replyId: "r1" }, attachedFileUrls: [] };
    expect(expectOk(await reply(sessionId, { message })).input).toMatchObject({ type: "email input" });
  });
});

describe("3 updateBot", () => {
  it("answers exactly {message: success} and moves the session to the newest published version", async () => {
    const bot = await publish({ name: "Updated", ...createInputFirstFlow() });
    const { sessionId } = expectOk(await start({}, bot.publicId, bot.chatKey));
    const { bot: draft } = expectOk(await world.api("GET", `/bots/${bot.id}`));
    draft.groups[0].blocks[1].content.richText[0].children[0].text = "Cheers for {{Answer}}";
    expectOk(await world.api("PATCH", `/bots/${bot.id}`, { bot: { groups: draft.groups } }));
    expectOk(await world.api("POST", `/bots/${bot.id}/publish`));
    const body = expectOk(await chat(`/sessions/${sessionId}/updateBot`, undefined, bot.chatKey));
    expect(body).toEqual({ message: "success" });
    const next = expectOk(await reply(sessionId, { message: "tea" }, bot.chatKey));
    expect(JSON.stringify(next.messages)).toContain("Cheers for tea");
  });

  it("answers SESSION_NOT_FOUND for an unknown session", async () => {
    expectError(
      await chat("/sessions/nosuchsession123/updateBot", undefined, world.admin.token),
      "BAD_REQUEST",
      "SESSION_NOT_FOUND",
    );
  });
});

describe("preview startChat (beyond the spec)", () => {
  it("starts the unpublished draft with the start response and records no result", async () => {
    const draft = expectOk(
      await world.api("POST", "/bots", {
        workspaceId: world.workspaceId,
        bot: { name: "Draft", ...createInputFirstFlow() },
      }),
    ).bot;
    const body = expectOk(await chat(`/bots/${draft.id}/preview/startChat`, {}, world.member.token));
    // Preview: never a resultId.
    expectFields(body, startFields, ["input"]);
    expect(body.input).toMatchObject({ type: "text input" });
    expectOk(await reply(body.sessionId, { message: "tea" }, world.member.token));
    expect(await getPrisma().result.count({ where: { botId: draft.id } })).toBe(0);
  });
});
