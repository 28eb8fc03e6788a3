import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortServices } from "../core/ports/createPortServices";
import { chatRequest, createPublishedTestBot, createTestChat, readResponse } from "../testing/chatFixtures";
import { createWebhookFlow } from "../testing/createWebhookFlow";
import { textOf } from "../testing/testFlows";

// The HTTP request block cannot reach this machine through the whole chain (startChat -> engine
// -> HTTP port -> safeFetch): a canary on 127.0.0.1 must receive nothing. 127.0.0.2 is allowed
// for this runtime only to host a redirector pointing at the canary.
let canaryHits = 0;
let redirectorHits = 0;
let canary: Server;
let redirector: Server;
let canaryPort = 0;
let redirectorPort = 0;

const listen = (server: Server, host: string) =>
  new Promise<number>((resolve) =>
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  canary = createServer((_request, response) => {
    canaryHits++;
    response.end("canary");
  });
  canaryPort = await listen(canary, "127.0.0.1");
  redirector = createServer((request, response) => {
    redirectorHits++;
    if (request.url === "/ok") return response.end("fine");
    response.writeHead(302, { location: `http://127.0.0.1:${canaryPort}/from-redirect` }).end();
  });
  redirectorPort = await listen(redirector, "127.0.0.2");
});

afterAll(async () => {
  canary.closeAllConnections();
  redirector.closeAllConnections();
  await Promise.all([
    new Promise((resolve) => canary.close(resolve)),
    new Promise((resolve) => redirector.close(resolve)),
  ]);
});

describe("SSRF through the chat endpoints", () => {
  it("never reaches a listener on 127.0.0.1, whatever the URL's form", async () => {
    const { chat } = createTestChat({
      services: createPortServices({ httpAllowList: ["127.0.0.2"] }),
    });
    const bot = await createPublishedTestBot(createWebhookFlow());
    const port = canaryPort;
    const targets = [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://LOCALHOST:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[0:0:0:0:0:0:0:1]:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://127.1:${port}/`,
      `http://127.000.000.001:${port}/`,
      `http://0.0.0.0:${port}/`,
      `http://localhost.:${port}/`,
      `http://user:pass@127.0.0.1:${port}/`,
      `http://%31%32%37.0.0.1:${port}/`,
      `http://127.0.0.2:${redirectorPort}/redirect`,
    ];
    for (const target of targets) {
      const response = await readResponse(
        await chat(
          chatRequest(`/bots/${bot.publicId}/startChat`, {
            token: bot.chatKey,
            body: { prefilledVariables: { Target: target } },
          }),
        ),
      );
      expect(response.status, target).toBe(200);
      expect(response.body.messages.map(textOf), target).not.toContain("Status 200");
    }
    expect(canaryHits).toBe(0);
    // The redirect was followed up to the check of its target, and an allowed host works.
    expect(redirectorHits).toBe(1);
    const allowed = await readResponse(
      await chat(
        chatRequest(`/bots/${bot.publicId}/startChat`, {
          token: bot.chatKey,
          body: { prefilledVariables: { Target: `http://127.0.0.2:${redirectorPort}/ok` } },
        }),
      ),
    );
    expect(allowed.body.messages.map(textOf)).toContain("Status 200");
  });
});
