import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getPrisma } from "@parley/db";
import { createCapturingLogger } from "@parley/platform/testing/createCapturingLogger";
import { describe, expect, it, vi } from "vitest";
import { createPortServices } from "../../core/ports/createPortServices";
import { chatRequest, readResponse } from "../../testing/chatFixtures";
import { createChannelTestContext } from "../../testing/createChannelTestContext";
import { createWebhookFlow } from "../../testing/createWebhookFlow";
import { startTestChatServer } from "../../testing/startTestChatServer";
import type { TestFlow } from "../../testing/testFlow";
import {
  createColourChoiceFlow,
  createGreetingFlow,
  createInputFirstFlow,
  createNoInputFlow,
  group,
  text,
} from "../../testing/testFlows";
import {
  createWhatsAppBot,
  expectedSend,
  messagingOn,
  republish,
  textMessage,
  textSend,
  whatsAppAccount,
  whatsAppNotification,
  whatsAppWebhookRequest,
} from "../../testing/whatsAppFixtures";
import { startMessagingDeliveries } from "../startMessagingDeliveries";

const prisma = getPrisma();
let clock = new Date();
const channel = createChannelTestContext({
  apis: { whatsApp: true },
  chat: () => ({
    channels: { sendRetryDelaysMs: [5, 10], sendRecoverySeconds: 1 },
    now: () => clock,
    services: createPortServices({ httpAllowList: ["127.0.0.2"] }),
  }),
});

/** A webhook call, answered once the turns it started are done (they run after the acknowledgement). */
async function post(target: { workspaceId: string; credentialsId: string }, payload: unknown, options = {}) {
  const response = await readResponse(await channel.chat(whatsAppWebhookRequest(target, payload, options)));
  await channel.runtime.channels.work.idle();
  return response;
}

/** Sends one message of `from` and returns the Cloud API calls it caused. */
async function say(target: { workspaceId: string; credentialsId: string }, from: string, message: unknown) {
  channel.graph.takeCalls();
  const response = await post(target, whatsAppNotification(from, message as Record<string, unknown>));
  expect(response).toMatchObject({ status: 200, body: { message: "success" } });
  return channel.graph.takeCalls();
}

/** A service on 127.0.0.2 that holds its first request until `release()`, so a turn calling it stays running. */
async function startHeldServer() {
  let release: () => void = () => {};
  let markReceived: () => void = () => {};
  const received = new Promise<void>((resolve) => {
    markReceived = resolve;
  });
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = createServer((_request, response) => {
    markReceived();
    held.then(() => response.end("ok"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  return {
    url: `http://127.0.0.2:${(server.address() as AddressInfo).port}/slow`,
    received,
    release: () => release(),
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const choiceFlow = (labels: string[]) =>
  createColourChoiceFlow(
    labels.map((label, index) => ({ id: `i-${index}`, content: label })),
    messagingOn(),
  );

describe("WhatsApp webhook verification (GET)", () => {
  it("echoes the challenge for the verify token, refuses anything else", async () => {
    const bot = await createWhatsAppBot(createGreetingFlow(messagingOn()));
    const path = `/workspaces/${bot.workspaceId}/whatsapp/${bot.credentialsId}/webhook`;
    const verify = (query: string, credentialsPath = path) =>
      channel.chat(chatRequest(`${credentialsPath}?${query}`, { method: "GET" }));

    const accepted = await verify(
      `hub.mode=subscribe&hub.verify_token=${whatsAppAccount.verifyToken}&hub.challenge=1158201444`,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await accepted.text()).toBe("1158201444");

    const forbidden = { code: "FORBIDDEN", message: expect.any(String), issues: [] };
    for (const refused of [
      await verify("hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1"),
      await verify("hub.mode=subscribe&hub.challenge=1"),
      await verify(`hub.mode=unsubscribe&hub.verify_token=${whatsAppAccount.verifyToken}&hub.challenge=1`),
      await verify(
        `hub.mode=subscribe&hub.verify_token=${whatsAppAccount.verifyToken}&hub.challenge=1`,
        `/workspaces/${bot.workspaceId}/whatsapp/unknown-credentials/webhook`,
      ),
    ]) {
      expect(await readResponse(refused)).toMatchObject({ status: 403, body: forbidden });
    }
  });
});

describe("WhatsApp webhook notifications (POST)", () => {
  it("runs a conversation: each reply is a text message through the Cloud API, the chat a result", async () => {
    const bot = await createWhatsAppBot(createGreetingFlow(messagingOn()));
    const ada = "33612345678";
    expect(await say(bot, ada, textMessage("hi"))).toEqual([
      textSend(ada, "Hello !"),
      textSend(ada, "Type your answer..."),
    ]);
    expect(await say(bot, ada, textMessage("Ada"))).toEqual([textSend(ada, "Reply with an email address")]);
    expect(await say(bot, ada, textMessage("not an address"))).toEqual([
      textSend(ada, "Invalid message. Please, try again."),
      textSend(ada, "Reply with an email address"),
    ]);
    expect(await say(bot, ada, textMessage("ada@example.com"))).toEqual([
      textSend(ada, "Bye Ada, we will write to ada@example.com."),
    ]);

    const results = await prisma.result.findMany({
      where: { botId: bot.botId },
      include: { answers: { orderBy: { index: "asc" } } },
    });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ isCompleted: true, hasStarted: true });
    expect(results[0]?.answers.map((answer) => answer.content)).toEqual(["Ada", "ada@example.com"]);
  });

  it("offers up to 3 choices as reply buttons (a cut title in full in the body) and takes the button's id", async () => {
    const bot = await createWhatsAppBot(choiceFlow(["Red", "Green", "Blue, the colour of the sea"]));
    const to = "4915112345678";
    expect(await say(bot, to, textMessage("hello"))).toEqual([
      textSend(to, "Pick a colour"),
      expectedSend(to, {
        type: "interactive",
        interactive: {
          type: "button",
          body: { text: "Reply with one of these:\n- Blue, the colour of the sea" },
          action: {
            buttons: [
              { type: "reply", reply: { id: "i-0", title: "Red" } },
              { type: "reply", reply: { id: "i-1", title: "Green" } },
              { type: "reply", reply: { id: "i-2", title: "Blue, the colour of…" } },
            ],
          },
        },
      }),
    ]);
    const pressed = {
      type: "interactive",
      interactive: { type: "button_reply", button_reply: { id: "i-2", title: "Blue, the colour of…" } },
    };
    expect(await say(bot, to, pressed)).toEqual([textSend(to, "You picked Blue, the colour of the sea")]);
  });

  it("offers more than 3 choices as a list labelled with the bot's select label, and takes the row's id", async () => {
    const flow = choiceFlow(["Red", "Green", "Blue", "Yellow"]);
    flow.settings = {
      ...messagingOn(),
      general: { systemMessages: { messagingPictureChoiceSelectLabel: "Choose" } },
    };
    const bot = await createWhatsAppBot(flow);
    const to = "4915112345679";
    const calls = await say(bot, to, textMessage("hello"));
    expect(calls[1]).toEqual(
      expectedSend(to, {
        type: "interactive",
        interactive: {
          type: "list",
          body: { text: "Reply with one of these:" },
          action: {
            button: "Choose",
            sections: [
              {
                rows: [
                  { id: "i-0", title: "Red" },
                  { id: "i-1", title: "Green" },
                  { id: "i-2", title: "Blue" },
                  { id: "i-3", title: "Yellow" },
                ],
              },
            ],
          },
        },
      }),
    );
    const picked = {
      type: "interactive",
      interactive: { type: "list_reply", list_reply: { id: "i-3", title: "Yellow" } },
    };
    expect(await say(bot, to, picked)).toEqual([textSend(to, "You picked Yellow")]);
  });

  it("sends image, video and audio bubbles as media messages and embeds as links", async () => {
    const flow = createGreetingFlow(messagingOn());
    flow.groups = [
      group("g-1", [
        { id: "b-image", type: "image", content: { url: "https://cdn.example.com/shop.png" } },
        { id: "b-video", type: "video", content: { url: "https://cdn.example.com/tour.mp4", type: "url" } },
        {
          id: "b-youtube",
          type: "video",
          content: { url: "https://youtu.be/abc", id: "abc", type: "youtube" },
        },
        { id: "b-audio", type: "audio", content: { url: "https://cdn.example.com/hello.mp3" } },
        { id: "b-embed", type: "embed", content: { url: "https://maps.example.com/shop" } },
        { id: "b-name", type: "text input", options: { variableId: "v-name" } },
      ]),
    ];
    const bot = await createWhatsAppBot(flow);
    const to = "33600000013";
    expect(await say(bot, to, textMessage("hi"))).toEqual([
      expectedSend(to, { type: "image", image: { link: "https://cdn.example.com/shop.png" } }),
      expectedSend(to, { type: "video", video: { link: "https://cdn.example.com/tour.mp4" } }),
      textSend(to, "https://youtu.be/abc"),
      expectedSend(to, { type: "audio", audio: { link: "https://cdn.example.com/hello.mp3" } }),
      textSend(to, "https://maps.example.com/shop"),
      textSend(to, "Type your answer..."),
    ]);
  });

  it("tries a reply again when the Cloud API fails, leaves one still refused to the queue, and logs one it never took in the result", async () => {
    const bot = await createWhatsAppBot(createGreetingFlow(messagingOn()));
    const to = "33600000015";
    channel.graph.failNext(503);
    expect(await say(bot, to, textMessage("hi"))).toEqual([
      textSend(to, "Hello !"),
      textSend(to, "Hello !"),
      textSend(to, "Type your answer..."),
    ]);
    // Refused on every try of the turn: the reply waits in the queue, and the next turn's replies wait behind it.
    channel.graph.failNext(500, 500, 500);
    expect(await say(bot, to, textMessage("Ada"))).toEqual([
      textSend(to, "Reply with an email address"),
      textSend(to, "Reply with an email address"),
      textSend(to, "Reply with an email address"),
    ]);
    expect(await say(bot, to, textMessage("nope"))).toEqual([]);
    expect(
      await prisma.channelSendProgress.count({ where: { conversation: `${bot.credentialsId}:${to}` } }),
    ).toBe(2);
    // A process's worker sends them once the recovery time passed, in the conversation's order.
    const stop = startMessagingDeliveries(channel.runtime, createCapturingLogger().logger);
    try {
      await vi.waitFor(() => expect(channel.graph.calls).toHaveLength(3), { timeout: 30_000, interval: 100 });
    } finally {
      stop();
    }
    expect(channel.graph.takeCalls()).toEqual([
      textSend(to, "Reply with an email address"),
      textSend(to, "Invalid message. Please, try again."),
      textSend(to, "Reply with an email address"),
    ]);
    await vi.waitFor(async () => expect(await prisma.channelSendProgress.count()).toBe(0));
    channel.graph.failNext(400);
    expect(await say(bot, to, textMessage("nope again"))).toHaveLength(2);
    const logs = await prisma.log.findMany({ where: { botId: bot.botId }, orderBy: { createdAt: "asc" } });
    expect(logs).toHaveLength(1);
    const result = await prisma.result.findFirstOrThrow({ where: { botId: bot.botId } });
    expect(logs[0]).toMatchObject({
      resultId: result.id,
      status: "error",
      description: "WhatsApp message not delivered",
      details: expect.stringContaining("WhatsApp answered 400"),
    });
  });

  it("writes a multiple choice's options as numbered lines and takes several in one reply, by number or label", async () => {
    const flow = choiceFlow(["Red", "Green", "Blue"]);
    const choice = flow.groups[0] as { blocks: { id: string; options?: object }[] };
    choice.blocks = choice.blocks.map((block) =>
      block.id === "b-colour" ? { ...block, options: { ...block.options, isMultipleChoice: true } } : block,
    );
    const bot = await createWhatsAppBot(flow);
    const to = "33600000016";
    expect(await say(bot, to, textMessage("hi"))).toEqual([
      textSend(to, "Pick a colour"),
      textSend(
        to,
        "Reply with the numbers of your choices, separated by commas (e.g. 1, 3):\n1. Red\n2. Green\n3. Blue",
      ),
    ]);
    expect(await say(bot, to, textMessage("1, 3"))).toEqual([textSend(to, "You picked Red, Blue")]);
    const other = "33600000017";
    await say(bot, other, textMessage("hi"));
    expect(await say(bot, other, textMessage("Green, Blue"))).toEqual([
      textSend(other, "You picked Green, Blue"),
    ]);
  });

  it("refuses a missing or wrong signature and changes nothing", async () => {
    const bot = await createWhatsAppBot(createGreetingFlow(messagingOn()));
    channel.graph.takeCalls();
    const payload = whatsAppNotification("33600000001", textMessage("hi"));
    const missing = await post(bot, payload, { signature: null });
    expect(missing).toMatchObject({
      status: 401,
      body: { code: "UNAUTHORIZED", issues: [expect.objectContaining({ code: "SIGNATURE_MISSING" })] },
    });
    for (const wrong of [
      { appSecret: "another-secret" },
      { signature: "sha256=abc" },
      { signature: "deadbeef" },
    ]) {
      const refused = await post(bot, payload, wrong);
      expect(refused).toMatchObject({
        status: 403,
        body: { code: "FORBIDDEN", issues: [expect.objectContaining({ code: "SIGNATURE_INVALID" })] },
      });
    }
    expect(channel.graph.takeCalls()).toEqual([]);
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(0);
    expect(await prisma.messagingInboundMessage.count({ where: { credentialsId: bot.credentialsId } })).toBe(
      0,
    );
    // The same notification, signed, is then answered: the refusals did not take its message id.
    expect((await post(bot, payload)).status).toBe(200);
    expect(channel.graph.takeCalls()).toHaveLength(2);
  });

  it("checks the signature of the bytes received over HTTP, as the chat server serves the webhook", async () => {
    const bot = await createWhatsAppBot(createGreetingFlow(messagingOn()));
    const server = await startTestChatServer(channel.chat);
    try {
      channel.graph.takeCalls();
      const signed = whatsAppWebhookRequest(bot, whatsAppNotification("33600000010", textMessage("héllo ✓")));
      const send = (headers: Headers, body: string) =>
        fetch(`${server.baseUrl}${new URL(signed.url).pathname}`, { method: "POST", headers, body });
      const body = await signed.text();
      expect((await send(signed.headers, body)).status).toBe(200);
      await channel.runtime.channels.work.idle();
      expect(channel.graph.takeCalls()).toHaveLength(2);
      // The same bytes with one character changed no longer match the signature.
      const tampered = await send(signed.headers, body.replace("33600000010", "33600000011"));
      expect(tampered.status).toBe(403);
      await channel.runtime.channels.work.idle();
      expect(channel.graph.takeCalls()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("acknowledges before a slow turn ends, then sends its replies", async () => {
    const slowService = await startHeldServer();
    try {
      const flow = createWebhookFlow();
      flow.variables = flow.variables.map((variable) =>
        (variable as { id: string }).id === "v-target"
          ? { ...(variable as object), value: slowService.url }
          : variable,
      );
      flow.settings = messagingOn();
      const bot = await createWhatsAppBot(flow);
      channel.graph.takeCalls();
      const response = await channel.chat(
        whatsAppWebhookRequest(bot, whatsAppNotification("33600000012", textMessage("hi"))),
      );
      expect(response.status).toBe(200);
      await slowService.received;
      expect(channel.graph.takeCalls()).toEqual([]);
      slowService.release();
      await channel.runtime.channels.work.idle();
      expect(channel.graph.takeCalls()).toEqual([
        textSend("33600000012", "Status 200"),
        textSend("33600000012", "Type your answer..."),
      ]);
    } finally {
      await slowService.close();
    }
  });

  it("answers a message delivered twice once", async () => {
    const bot = await createWhatsAppBot(createGreetingFlow(messagingOn()));
    const from = "33600000002";
    await say(bot, from, textMessage("hi"));
    const answer = whatsAppNotification(from, textMessage("Ada"), { id: "wamid.same-message" });
    const [first, second] = await Promise.all([post(bot, answer), post(bot, answer)]);
    expect([first?.status, second?.status]).toEqual([200, 200]);
    expect(channel.graph.takeCalls()).toEqual([textSend(from, "Reply with an email address")]);
    const answers = await prisma.answer.findMany({ where: { result: { botId: bot.botId } } });
    expect(answers.map((row) => row.content)).toEqual(["Ada"]);
  });

  it("starts the bot whose start condition the first message matches, else the one without a condition", async () => {
    const orders = await createWhatsAppBot({
      ...createGreetingFlow(),
      groups: [group("g-1", [text("b-1", "Orders desk")])],
      settings: messagingOn({
        startCondition: {
          logicalOperator: "AND",
          comparisons: [{ id: "c-1", comparisonOperator: "Starts with", value: "order" }],
        },
      }),
    });
    const target = { workspaceId: orders.workspaceId, credentialsId: orders.credentialsId };
    const general = await createWhatsAppBot(
      {
        ...createGreetingFlow(),
        groups: [group("g-1", [text("b-1", "Front desk")])],
        settings: messagingOn(),
      },
      target,
    );
    expect(await say(target, "33600000003", textMessage("order 42 status"))).toEqual([
      textSend("33600000003", "Orders desk"),
    ]);
    expect(await say(target, "33600000004", textMessage("hello"))).toEqual([
      textSend("33600000004", "Front desk"),
    ]);
    expect(await prisma.result.count({ where: { botId: orders.botId } })).toBe(1);
    expect(await prisma.result.count({ where: { botId: general.botId } })).toBe(1);
  });

  it("takes only a typed first message as the answer to a flow's first input; a button reply or a file only starts it", async () => {
    const bot = await createWhatsAppBot({ ...createInputFirstFlow(), settings: messagingOn() });
    const [typed, pressed, photographed] = ["33600000011", "33600000012", "33600000013"];
    expect(await say(bot, typed, textMessage("Ada"))).toEqual([textSend(typed, "Thanks for Ada")]);
    const oldButton = {
      type: "interactive",
      interactive: { type: "button_reply", button_reply: { id: "i-yes", title: "Yes" } },
    };
    expect(await say(bot, pressed, oldButton)).toEqual([textSend(pressed, "Type your answer...")]);
    const photo = { type: "image", image: { id: "photo-13", mime_type: "image/jpeg", caption: "Grace" } };
    expect(await say(bot, photographed, photo)).toEqual([textSend(photographed, "Type your answer...")]);
    const answers = await prisma.answer.findMany({ where: { result: { botId: bot.botId } } });
    expect(answers.map((answer) => answer.content)).toEqual(["Ada"]);
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(3);
  });

  it("with two bots without a condition, starts the most recently published", async () => {
    const flowSaying = (words: string): TestFlow => ({
      ...createGreetingFlow(),
      groups: [group("g-1", [text("b-1", words)])],
      settings: messagingOn(),
    });
    const first = await createWhatsAppBot(flowSaying("First bot"));
    const target = { workspaceId: first.workspaceId, credentialsId: first.credentialsId };
    await createWhatsAppBot(flowSaying("Second bot"), target);
    expect(await say(target, "33600000005", textMessage("hi"))).toEqual([
      textSend("33600000005", "Second bot"),
    ]);
    await republish(first.botId, flowSaying("First bot, again"));
    expect(await say(target, "33600000006", textMessage("hi"))).toEqual([
      textSend("33600000006", "First bot, again"),
    ]);
  });

  it("starts anew after sessionExpiryTimeout hours without a message", async () => {
    const bot = await createWhatsAppBot(createGreetingFlow(messagingOn({ sessionExpiryTimeout: 1 })));
    const from = "33600000007";
    clock = new Date();
    await say(bot, from, textMessage("hi"));
    clock = new Date(clock.getTime() + 30 * 60_000);
    expect(await say(bot, from, textMessage("Ada"))).toEqual([textSend(from, "Reply with an email address")]);
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect(await say(bot, from, textMessage("hello again"))).toEqual([
      textSend(from, "Hello !"),
      textSend(from, "Type your answer..."),
    ]);
    clock = new Date();
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(2);
  });

  it("acknowledges without answering: unknown credentials, messaging off, a closed bot, status updates", async () => {
    const off = await createWhatsAppBot(createGreetingFlow({ messaging: { isEnabled: false } }));
    expect(await say(off, "33600000008", textMessage("hi"))).toEqual([]);
    expect(
      await say(
        { workspaceId: off.workspaceId, credentialsId: "unknown-credentials" },
        "33600000008",
        textMessage("hi"),
      ),
    ).toEqual([]);
    const closed = await createWhatsAppBot(createGreetingFlow(messagingOn()), { isClosed: true });
    expect(await say(closed, "33600000009", textMessage("hi"))).toEqual([]);
    const statuses = {
      object: "whatsapp_business_account",
      entry: [
        {
          changes: [
            {
              field: "messages",
              value: {
                metadata: { phone_number_id: whatsAppAccount.phoneNumberId },
                statuses: [{ id: "wamid.out-1", status: "delivered", recipient_id: "33600000009" }],
              },
            },
          ],
        },
      ],
    };
    channel.graph.takeCalls();
    expect(await post(closed, statuses)).toMatchObject({ status: 200, body: { message: "success" } });
    expect(channel.graph.takeCalls()).toEqual([]);
    expect(await prisma.result.count({ where: { botId: { in: [off.botId, closed.botId] } } })).toBe(0);
  });

  it("acknowledges without answering when the workspace is suspended or has used up its chats, or the bot is held", async () => {
    const suspended = await createWhatsAppBot(createGreetingFlow(messagingOn()));
    await prisma.workspace.update({ where: { id: suspended.workspaceId }, data: { isSuspended: true } });
    expect(await say(suspended, "33600000032", textMessage("hi"))).toEqual([]);

    const held = await createWhatsAppBot(createGreetingFlow(messagingOn()));
    await prisma.bot.update({ where: { id: held.botId }, data: { riskLevel: 100 } });
    expect(await say(held, "33600000035", textMessage("hi"))).toEqual([]);
    await prisma.workspace.update({ where: { id: held.workspaceId }, data: { isVerified: true } });
    expect(await say(held, "33600000036", textMessage("hi"))).toHaveLength(2);

    const limited = await createWhatsAppBot(createGreetingFlow(messagingOn()));
    await prisma.workspace.update({ where: { id: limited.workspaceId }, data: { chatsHardLimit: 1 } });
    expect(await say(limited, "33600000033", textMessage("hi"))).toHaveLength(2);
    expect(await say(limited, "33600000034", textMessage("hi"))).toEqual([]);
    expect(await prisma.result.count({ where: { botId: suspended.botId } })).toBe(0);
    expect(await prisma.result.count({ where: { botId: limited.botId } })).toBe(1);
  });

  it("skips a client-side action (a redirect) and says so in the result's logs", async () => {
    const flow = createNoInputFlow();
    const group = flow.groups[0] as { blocks: unknown[] };
    group.blocks = [
      text("b-bye", "See you"),
      { id: "b-go", type: "Redirect", options: { url: "https://example.com/next", isNewTab: false } },
    ];
    const bot = await createWhatsAppBot({ ...flow, settings: messagingOn() });
    const to = "33600000031";
    expect(await say(bot, to, textMessage("hi"))).toEqual([textSend(to, "See you")]);
    const logs = await prisma.log.findMany({ where: { botId: bot.botId } });
    const result = await prisma.result.findFirstOrThrow({ where: { botId: bot.botId } });
    expect(logs).toEqual([
      expect.objectContaining({
        resultId: result.id,
        status: "info",
        description: "Not run on a messaging channel: redirect",
      }),
    ]);
  });
});
