import { getDomainRoutes } from "@parley/chat/custom-domains/getDomainRoutes";
import { handleViewerApiRequest } from "@parley/chat/mounts/handleViewerApiRequest";
import { createPublishedTestBot } from "@parley/chat/testing/chatFixtures";
import { requestWithHost } from "@parley/chat/testing/requestWithHost";
import { startTestChatServer } from "@parley/chat/testing/startTestChatServer";
import { createGreetingFlow } from "@parley/chat/testing/testFlows";
import { createId, getPrisma } from "@parley/db";
import type { LocalDnsServer } from "@parley/integrations/testing/startLocalDnsServer";
import { createTestTeam } from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callApi, createApiBot } from "../../testing/fixtures";

// The verification asks DNS_SERVERS, read when the packages load: a real DNS server on loopback first.
const dns: LocalDnsServer = await vi.hoisted(async () => {
  const { startLocalDnsServer } = await import("@parley/integrations/testing/startLocalDnsServer");
  const server = await startLocalDnsServer();
  process.env.DNS_SERVERS = server.address;
  return server;
});

let chatServer: Awaited<ReturnType<typeof startTestChatServer>>;
beforeAll(async () => {
  chatServer = await startTestChatServer(handleViewerApiRequest);
});
afterAll(async () => {
  await chatServer?.close();
  await getDomainRoutes().close();
  await dns.close();
});

const uniqueHost = (label: string) => `${label}-${createId().slice(0, 10)}.example.test`;

async function setDomain(token: string, botId: string, customDomain: string | null) {
  const saved = await callApi("PATCH", `/bots/${botId}`, { token, body: { bot: { customDomain } } });
  expect(saved.status).toBe(200);
  return saved.body.bot;
}

describe("GET and POST /bots/{botId}/customDomain(/verify)", () => {
  it("shows the TXT record to add, verifies it against DNS, and starts over when the domain changes", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.member.token, team.workspaceId);
    const none = await callApi("GET", `/bots/${bot.id}/customDomain`, { token: team.guest.token });
    expect(none).toEqual({ status: 200, body: { customDomain: null } });
    const notSet = await callApi("POST", `/bots/${bot.id}/customDomain/verify`, { token: team.member.token });
    expect(notSet.status).toBe(400);
    expect(notSet.body.issues).toEqual([expect.objectContaining({ code: "CUSTOM_DOMAIN_NOT_SET" })]);

    const host = uniqueHost("chat");
    await setDomain(team.member.token, bot.id, `${host}/Support`);
    const shown = await callApi("GET", `/bots/${bot.id}/customDomain`, { token: team.guest.token });
    expect(shown.status).toBe(200);
    const status = shown.body.customDomain;
    expect(status).toMatchObject({
      domain: `${host}/support`,
      host,
      path: "/support",
      url: `https://${host}/support`,
      isVerified: false,
      verifiedAt: null,
      checkedAt: null,
      lastCheck: null,
    });
    const [txt, cname] = status.records;
    expect(txt).toEqual({
      type: "TXT",
      name: `_parley.${host}`,
      value: expect.stringMatching(/^parley-verification=[0-9a-f]{32}$/),
      purpose: "verification",
    });
    expect(cname).toEqual({ type: "CNAME", name: host, value: "localhost", purpose: "routing" });
    // The same record on every read until the domain changes.
    const again = await callApi("GET", `/bots/${bot.id}/customDomain`, { token: team.member.token });
    expect(again.body.customDomain.records[0].value).toBe(txt.value);

    const verify = () => callApi("POST", `/bots/${bot.id}/customDomain/verify`, { token: team.member.token });
    const missing = await verify();
    expect(missing.status).toBe(200);
    expect(missing.body.customDomain).toMatchObject({ isVerified: false, lastCheck: "RECORD_NOT_FOUND" });
    expect(missing.body.customDomain.checkedAt).not.toBeNull();
    expect(dns.queries).toContain(`_parley.${host}`);

    dns.setTxtRecord(`_parley.${host}`, ["parley-verification=someone-else"]);
    expect((await verify()).body.customDomain).toMatchObject({
      isVerified: false,
      lastCheck: "RECORD_MISMATCH",
    });

    dns.setTxtRecord(`_parley.${host}`, ["parley-verification=someone-else", txt.value]);
    const verified = await verify();
    expect(verified.body.customDomain).toMatchObject({ isVerified: true, lastCheck: "VERIFIED" });
    expect(verified.body.customDomain.verifiedAt).not.toBeNull();
    const stored = await getPrisma().customDomainCheck.findUnique({ where: { botId: bot.id } });
    expect(stored).toMatchObject({ domain: `${host}/support`, host, outcome: "VERIFIED" });

    // Removing the record withdraws the verification; a new domain needs a new record.
    dns.setTxtRecord(`_parley.${host}`, []);
    expect((await verify()).body.customDomain).toMatchObject({ isVerified: false, verifiedAt: null });
    dns.setTxtRecord(`_parley.${host}`, [txt.value]);
    expect((await verify()).body.customDomain.isVerified).toBe(true);
    const otherHost = uniqueHost("help");
    await setDomain(team.member.token, bot.id, otherHost);
    const moved = await callApi("GET", `/bots/${bot.id}/customDomain`, { token: team.member.token });
    expect(moved.body.customDomain).toMatchObject({ domain: otherHost, isVerified: false, lastCheck: null });
    expect(moved.body.customDomain.records[0].value).not.toBe(txt.value);
  });

  it("lets members verify, guests and outsiders not", async () => {
    const team = await createTestTeam();
    const bot = await createApiBot(team.admin.token, team.workspaceId);
    await setDomain(team.admin.token, bot.id, uniqueHost("roles"));
    const statuses: Record<string, number> = {};
    for (const role of ["admin", "member", "guest", "outsider"] as const) {
      const { token } = team[role];
      statuses[`verify:${role}`] = (
        await callApi("POST", `/bots/${bot.id}/customDomain/verify`, { token })
      ).status;
      statuses[`get:${role}`] = (await callApi("GET", `/bots/${bot.id}/customDomain`, { token })).status;
    }
    expect(statuses).toEqual({
      "verify:admin": 200,
      "get:admin": 200,
      "verify:member": 200,
      "get:member": 200,
      "verify:guest": 403,
      "get:guest": 200,
      "verify:outsider": 403,
      "get:outsider": 403,
    });
    expect((await callApi("GET", `/bots/${bot.id}/customDomain`)).status).toBe(401);
  });
});

describe("the chat endpoints by Host (npm run chat-server's mount)", () => {
  const startChat = (publicId: string, chatKey: string, host: string) =>
    requestWithHost(`${chatServer.baseUrl}/api/v1/bots/${publicId}/startChat`, {
      method: "POST",
      host,
      token: chatKey,
      body: {},
    });

  it("serves a verified domain's bots only on it, every bot elsewhere, and follows changes at once", async () => {
    const domainBot = await createPublishedTestBot(createGreetingFlow());
    const otherBot = await createPublishedTestBot(createGreetingFlow());
    const { token } = domainBot.owner;
    const host = uniqueHost("bot");
    await setDomain(token, domainBot.botId, host);
    const { body } = await callApi("GET", `/bots/${domainBot.botId}/customDomain`, { token });
    const [txt] = body.customDomain.records;

    // Unverified: the host is unknown, so it routes as the viewer does.
    expect((await startChat(otherBot.publicId, otherBot.chatKey, host)).status).toBe(200);

    dns.setTxtRecord(txt.name, [txt.value]);
    const verified = await callApi("POST", `/bots/${domainBot.botId}/customDomain/verify`, { token });
    expect(verified.body.customDomain.isVerified).toBe(true);

    // Verified: its own bot starts on it (Host with a port, upper case, as browsers may send it)…
    const own = await startChat(domainBot.publicId, domainBot.chatKey, `${host.toUpperCase()}:443`);
    expect(own.status).toBe(200);
    const { sessionId } = JSON.parse(own.text);
    expect(JSON.parse(own.text).messages.length).toBeGreaterThan(0);
    const turn = await requestWithHost(`${chatServer.baseUrl}/api/v1/sessions/${sessionId}/continueChat`, {
      method: "POST",
      host,
      token: domainBot.chatKey,
      body: { message: "hello" },
    });
    expect(turn.status).toBe(200);
    // …another bot of the install reads as unknown there (the NOTIFY from verify reached the cache)…
    await expect
      .poll(async () => {
        const refused = await startChat(otherBot.publicId, otherBot.chatKey, host);
        return { status: refused.status, body: JSON.parse(refused.text) };
      })
      .toEqual({
        status: 400,
        body: {
          code: "BAD_REQUEST",
          message: "Invalid input data",
          issues: [expect.objectContaining({ code: "BOT_NOT_FOUND" })],
        },
      });
    // …and every other host keeps the normal routes.
    expect((await startChat(otherBot.publicId, otherBot.chatKey, "127.0.0.1")).status).toBe(200);
    expect((await startChat(otherBot.publicId, otherBot.chatKey, uniqueHost("unknown"))).status).toBe(200);

    // Removing the domain frees the host again (the change reaches the cache by NOTIFY).
    await setDomain(token, domainBot.botId, null);
    await expect
      .poll(async () => (await startChat(otherBot.publicId, otherBot.chatKey, host)).status)
      .toBe(200);
    expect(await getPrisma().customDomainCheck.count({ where: { botId: domainBot.botId } })).toBe(0);
  });
});
