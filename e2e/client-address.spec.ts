import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { requestFrom } from "../packages/platform/src/testing/requestFrom";
import { launchParley } from "./support/launchParley";

// Starts its own copy of the product (the builder and the viewer, two Next processes) with small start
// limits (1 a minute: 5 per 300 s; 2: 5 per 150 s) and only 127.0.0.1 as a trusted proxy, then calls
// startChat from two loopback addresses: 127.0.0.1 (the "proxy") and 127.0.0.2 (a client reaching the
// apps directly).
test.describe.configure({ mode: "serial" });

const ports = { builder: 3340, viewer: 3341 };
type App = keyof typeof ports;
type Peer = "127.0.0.1" | "127.0.0.2";

/** POST startChat on one app, from the loopback address `from` (a socket bound to it). */
async function startChat(app: App, from: Peer, publicId: string, token: string, forwardedFor?: string) {
  const reply = await requestFrom(from, `http://127.0.0.1:${ports[app]}/api/v1/bots/${publicId}/startChat`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
    },
    body: "{}",
  });
  const body = JSON.parse(reply.text) as { issues?: { code: string }[] };
  return { status: reply.status, retryAfter: reply.headers["retry-after"], body };
}

test("startChat limits key on the trusted-proxy rule's address and are shared by the builder and the viewer", async ({
  request,
}) => {
  test.setTimeout(300_000);
  const dataDir = await mkdtemp(path.join(tmpdir(), "parley-limits-"));
  await chmod(dataDir, 0o755);
  const parley = await launchParley({
    DATA_DIR: dataDir,
    BUILDER_PORT: String(ports.builder),
    VIEWER_PORT: String(ports.viewer),
    EMBEDDED_POSTGRES_PORT: "54640",
    CHAT_RATE_LIMIT_START_PER_IP_PER_MINUTE: "1",
    CHAT_RATE_LIMIT_START_PER_KEY_PER_MINUTE: "2",
    TRUSTED_PROXIES: "127.0.0.1",
  });
  try {
    const apiToken = /API token: (bt_\S+)/.exec(parley.output())?.[1] ?? "";
    const api = `http://127.0.0.1:${ports.builder}/api/v1`;
    const headers = { authorization: `Bearer ${apiToken}` };
    const { workspaces } = await (await request.get(`${api}/workspaces`, { headers })).json();
    const flow = JSON.parse(
      await readFile(path.join(import.meta.dirname, "fixtures/embed-bot.json"), "utf8"),
    );
    const bots: { publicId: string; chatKey: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await request.post(`${api}/bots`, {
        headers,
        data: { workspaceId: workspaces[0].id, bot: { ...flow, name: `Limits ${i}` } },
      });
      const { bot } = await created.json();
      expect((await request.post(`${api}/bots/${bot.id}/publish`, { headers })).status()).toBe(200);
      const { chatKey } = await (await request.get(`${api}/bots/${bot.id}/chatKey`, { headers })).json();
      bots.push({ publicId: bot.publicId, chatKey: chatKey.key });
    }
    const statuses = (responses: { status: number }[]) => responses.map((response) => response.status);
    const isRateLimited = (response: { body: { issues?: { code: string }[] } }) =>
      response.body.issues?.[0]?.code === "RATE_LIMITED";

    // Behind the trusted proxy (127.0.0.1), X-Forwarded-For names the client: its limit counts the
    // calls of both apps (two processes), over two chat keys (3 calls each, under their own limit).
    const proxied = [];
    for (let i = 0; i < 6; i++) {
      const bot = bots[i % 2] ?? bots[0];
      const app: App = i % 2 === 0 ? "builder" : "viewer";
      proxied.push(
        await startChat(app, "127.0.0.1", bot?.publicId ?? "", bot?.chatKey ?? "", "203.0.113.70"),
      );
    }
    expect(statuses(proxied)).toEqual([200, 200, 200, 200, 200, 403]);
    expect(isRateLimited(proxied[5] ?? { body: {} })).toBe(true);
    expect(Number(proxied[5]?.retryAfter)).toBeGreaterThan(0);
    // …and another client behind the same proxy is not refused.
    const other = await startChat(
      "viewer",
      "127.0.0.1",
      bots[0]?.publicId ?? "",
      bots[0]?.chatKey ?? "",
      "203.0.113.71",
    );
    expect(other.status).toBe(200);

    // A client reaching the apps directly (127.0.0.2, not trusted) cannot choose its address.
    const direct = [];
    for (let i = 0; i < 6; i++) {
      const bot = bots[2 + (i % 2)] ?? bots[0];
      const app: App = i % 2 === 0 ? "viewer" : "builder";
      direct.push(
        await startChat(app, "127.0.0.2", bot?.publicId ?? "", bot?.chatKey ?? "", `198.51.100.${i}`),
      );
    }
    expect(statuses(direct)).toEqual([200, 200, 200, 200, 200, 403]);
    expect(isRateLimited(direct[5] ?? { body: {} })).toBe(true);

    // An API token is limited per token, never by address: the refused address starts 5 more chats.
    const byToken = [];
    for (let i = 0; i < 6; i++) {
      byToken.push(
        await startChat(i % 2 === 0 ? "builder" : "viewer", "127.0.0.2", bots[3]?.publicId ?? "", apiToken),
      );
    }
    expect(statuses(byToken)).toEqual([200, 200, 200, 200, 200, 403]);
    expect(isRateLimited(byToken[5] ?? { body: {} })).toBe(true);
  } finally {
    expect(await parley.stop("SIGINT")).toBe(0);
    await rm(dataDir, { recursive: true, force: true });
  }
});
