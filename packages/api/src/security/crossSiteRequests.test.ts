import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createPortServices } from "@parley/chat/core/ports/createPortServices";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  readResponse,
} from "@parley/chat/testing/chatFixtures";
import { createWebhookFlow } from "@parley/chat/testing/createWebhookFlow";
import { createListenWebhookFlow } from "@parley/chat/testing/testFlows";
import { getPrisma } from "@parley/db";
import { createUserSession } from "@parley/platform/auth/userSessions";
import { errorMessages } from "@parley/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleTrpcRequest } from "../mounts";

// Issue 21, item 4: a page of another origin (the viewer runs authors' head code and shares the builder's
// site) makes the victim's browser send the builder's sign-in cookie with a body-less POST, which needs no
// preflight. Every state-changing request the cookie authenticates must come from the builder's own pages.

const prisma = getPrisma();
const builderOrigin = "http://localhost:3000";
/** What a browser sends with a request from a page of the viewer (same site, another origin). */
const fromViewer = { origin: "http://localhost:3001", "sec-fetch-site": "same-site" };
/** What a browser sends with a request of the builder's own pages. */
const fromBuilder = { origin: builderOrigin, "sec-fetch-site": "same-origin" };

const crossSiteRefusal = {
  status: 403,
  body: {
    code: "FORBIDDEN",
    message: errorMessages.FORBIDDEN,
    issues: [{ message: expect.any(String), code: "CROSS_SITE_REQUEST" }],
  },
};

// The draft calls this server (an HTTP request block): a refused request must not reach it.
let server: Server;
let targetUrl = "";
let hits = 0;
beforeAll(async () => {
  server = createServer((_request, response) => {
    hits++;
    response.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  targetUrl = `http://127.0.0.2:${(server.address() as AddressInfo).port}/called`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const { chat: builderChat } = createTestChat({
  allowSessionCookie: true,
  services: createPortServices({ httpAllowList: ["127.0.0.2"] }),
});

/** A signed-in author's cookie and a bot whose draft calls the local server, then waits at a text input. */
async function setUp(flow = createWebhookFlow()) {
  hits = 0;
  const bot = await createPublishedTestBot({
    ...flow,
    variables: flow.variables.map((variable) =>
      (variable as { name: string }).name === "Target"
        ? { ...(variable as object), value: targetUrl }
        : variable,
    ),
  });
  const { token } = await createUserSession(prisma, bot.owner.user.id);
  const send = async (path: string, headers: Record<string, string>, method = "POST") =>
    readResponse(
      await builderChat(
        new Request(`${builderOrigin}/api/v1${path}`, {
          method,
          headers: { cookie: `parley_session=${token}`, ...headers },
        }),
      ),
    );
  return { bot, token, send };
}

const trpc = async (path: string, token: string, headers: Record<string, string>, input?: unknown) => {
  const response = await handleTrpcRequest(
    new Request(`${builderOrigin}/api/trpc/${path}`, {
      method: input === undefined ? "GET" : "POST",
      headers: {
        cookie: `parley_session=${token}`,
        ...(input === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: input === undefined ? undefined : JSON.stringify(input),
    }),
  );
  const body = await response.json();
  return { status: response.status, error: body.error?.data?.body, data: body.result?.data };
};

describe("cookie-authenticated writes from another origin", () => {
  it("refuses a body-less preview startChat from the viewer's pages: no session, no request made", async () => {
    const { bot, send } = await setUp();
    const forged: Record<string, string>[] = [
      fromViewer,
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "none" },
      { origin: "http://localhost:3001" },
      { origin: "null" },
      // A browser's Sec-Fetch-Site is not enough when the Origin is another's.
      { origin: "http://localhost:3001", "sec-fetch-site": "same-origin" },
    ];
    for (const headers of forged) {
      expect(await send(`/bots/${bot.botId}/preview/startChat`, headers), JSON.stringify(headers)).toEqual({
        ...crossSiteRefusal,
        headers: expect.anything(),
      });
    }
    expect(await prisma.chatSession.count({ where: { botId: bot.botId } })).toBe(0);
    expect(hits).toBe(0);

    // The builder's own pages (under BUILDER_URL or another of its names, the request's own host), and a
    // client that is no browser (no Origin, no Sec-Fetch-Site), start it.
    expect((await send(`/bots/${bot.botId}/preview/startChat`, fromBuilder)).status).toBe(200);
    expect((await send(`/bots/${bot.botId}/preview/startChat`, { origin: builderOrigin })).status).toBe(200);
    expect(
      (
        await send(`/bots/${bot.botId}/preview/startChat`, {
          origin: "http://127.0.0.1:3000",
          host: "127.0.0.1:3000",
          "sec-fetch-site": "same-origin",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send(`/bots/${bot.botId}/preview/startChat`, {
          origin: "http://127.0.0.1:3001",
          host: "127.0.0.1:3000",
        })
      ).status,
    ).toBe(403);
    expect((await send(`/bots/${bot.botId}/preview/startChat`, {})).status).toBe(200);
    expect(await prisma.chatSession.count({ where: { botId: bot.botId, isPreview: true } })).toBe(4);
    expect(hits).toBe(4);
  });

  it("refuses updateBot and streamMessage from another origin and leaves the session as it was", async () => {
    const { bot, send } = await setUp();
    const started = await send(`/bots/${bot.botId}/preview/startChat`, fromBuilder);
    expect(started.status).toBe(200);
    const sessionId = started.body.sessionId as string;
    // A newer draft, which updateBot would move the session to.
    await prisma.bot.update({ where: { id: bot.botId }, data: { name: "Edited", updatedAt: new Date() } });
    const draft = await prisma.bot.findUniqueOrThrow({ where: { id: bot.botId } });
    await prisma.bot.update({
      where: { id: bot.botId },
      data: { groups: [...(draft.groups as object[]), { id: "g-new", title: "New", blocks: [] }] },
    });
    const before = await prisma.chatSession.findUniqueOrThrow({ where: { id: sessionId } });

    for (const path of [`/sessions/${sessionId}/updateBot`, `/sessions/${sessionId}/streamMessage`]) {
      expect(await send(path, fromViewer), path).toEqual({ ...crossSiteRefusal, headers: expect.anything() });
    }
    expect(await prisma.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).toEqual(before);
    expect(hits).toBe(1);

    const updated = await send(`/sessions/${sessionId}/updateBot`, fromBuilder);
    expect(updated.status).toBe(200);
    const after = await prisma.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(after.previewFlow).not.toEqual(before.previewFlow);
  });

  it("refuses a body-less executeTestWebhook from another origin: no test call stored", async () => {
    const { bot, send } = await setUp(createListenWebhookFlow());
    const path = `/bots/${bot.botId}/blocks/b-listen/executeTestWebhook`;
    expect(await send(path, fromViewer)).toEqual({ ...crossSiteRefusal, headers: expect.anything() });
    expect(await prisma.webhookTestCall.count({ where: { botId: bot.botId } })).toBe(0);
    expect((await send(path, fromBuilder)).status).toBe(200);
    expect(await prisma.webhookTestCall.count({ where: { botId: bot.botId } })).toBe(1);
  });

  it("keeps reads, bearer tokens and the viewer's own chat keys as they were", async () => {
    const { bot, send } = await setUp();
    // A read carrying the cookie from another origin changes nothing: answered as before.
    const started = await send(`/bots/${bot.botId}/preview/startChat`, fromBuilder);
    const listen = await send(`/sessions/${started.body.sessionId}/listenForWebhook/none`, fromViewer, "GET");
    expect(listen.body?.issues?.[0]?.code).not.toBe("CROSS_SITE_REQUEST");
    // An API token is no ambient credential: another origin may use it (CORS reads for bearer calls).
    const withToken = await readResponse(
      await builderChat(
        chatRequest(`/bots/${bot.botId}/preview/startChat`, {
          token: bot.owner.token,
          headers: fromViewer,
          body: {},
        }),
      ),
    );
    expect(withToken.status).toBe(200);
  });
});

describe("tRPC mutations from another origin", () => {
  it("are refused in tRPC's error shape before any procedure runs; the builder's own pages pass", async () => {
    const { bot, token } = await setUp();
    const input = { workspaceId: bot.owner.workspaceId, bot: { name: "Forged" } };
    const forged: Record<string, string>[] = [
      fromViewer,
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of forged) {
      const refused = await trpc("bots.createBot", token, headers, input);
      expect(refused.status).toBe(403);
      expect(refused.error).toEqual(crossSiteRefusal.body);
    }
    // Signing out (or in) from another site's page is refused too.
    expect((await trpc("auth.signOut", token, fromViewer, {})).status).toBe(403);
    expect(await prisma.bot.count({ where: { workspaceId: bot.owner.workspaceId, name: "Forged" } })).toBe(0);
    const signedIn = await trpc("auth.getCurrentUser", token, fromViewer);
    expect(signedIn.status).toBe(200);

    const created = await trpc("bots.createBot", token, fromBuilder, input);
    expect(created.status).toBe(200);
    expect((await trpc("bots.createBot", token, {}, input)).status).toBe(200);
    expect(await prisma.bot.count({ where: { workspaceId: bot.owner.workspaceId, name: "Forged" } })).toBe(2);
  });
});
