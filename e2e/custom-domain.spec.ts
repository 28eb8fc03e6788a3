import { randomUUID } from "node:crypto";
import { requestWithHost } from "@parley/chat/testing/requestWithHost";
import { startLocalDnsServer } from "@parley/integrations/testing/startLocalDnsServer";
import { chromium } from "@playwright/test";
import leadGeneration from "../apps/builder/src/templates/flows/lead-generation.json" with { type: "json" };
import { createPublishedBot, readChatKey, viewerUrl } from "./support/bots";
import { findChromium } from "./support/findChromium";
import { callMutation, createBot, expect, test } from "./support/fixtures";

const flow = {
  events: leadGeneration.events,
  groups: leadGeneration.groups,
  edges: leadGeneration.edges,
  variables: leadGeneration.variables,
  settings: { metadata: { title: "Talk to Acme sales" } },
};
const greeting = "We help teams like yours answer customers faster";

test("a custom domain: set it, add the TXT record, verify it, and the viewer serves the bot on it", async ({
  page,
  user,
}) => {
  // DNS_SERVERS of the apps points at this port (playwright.config.ts).
  const dns = await startLocalDnsServer({}, { port: Number(process.env.E2E_DNS_PORT) });
  const suffix = randomUUID().slice(0, 8);
  const host = `chat-${suffix}.example.test`;
  try {
    const bot = await createBot(page.request, user.workspaceId, { name: "Lead bot", ...flow });
    await callMutation(page.request, "publishing.publishBot", { botId: bot.id });
    const other = await createPublishedBot(page.request, user.workspaceId, { name: "Other bot", ...flow });

    await page.goto(`/bots/${bot.id}/share`);
    const section = page.getByRole("region", { name: "Custom domain" });
    const domainField = section.getByLabel("Domain");
    const save = section.getByRole("button", { name: "Save", exact: true });
    // Anything that is not a host name is refused before it is sent.
    await domainField.fill("../../etc/passwd");
    await expect(section.getByText(/A host name such as chat.example.com/)).toBeVisible();
    await expect(save).toBeDisabled();
    await domainField.fill(` Chat-${suffix}.Example.test/Help `);
    await expect(section.getByText(`Saved as ${host}/help`)).toBeVisible();
    await save.click();
    await expect(page.getByText(`Custom domain set to ${host}/help`)).toBeVisible();

    // The records to add, not verified yet: the domain is stored but not served.
    await expect(section.getByText("Not verified")).toBeVisible();
    const records = section.getByRole("table", { name: "DNS records" });
    await expect(records.getByRole("row", { name: /TXT/ })).toContainText(`_parley.${host}`);
    await expect(records.getByRole("row", { name: /CNAME/ })).toContainText("localhost");
    const txtValue = (await section.getByTestId("dns-record-txt").textContent()) ?? "";
    expect(txtValue).toMatch(/^parley-verification=[0-9a-f]{32}$/);
    const onDomain = (path: string) => requestWithHost(`${viewerUrl}${path}`, { host });
    const beforeVerify = await onDomain("/help");
    expect(beforeVerify.status).toBe(404);

    await section.getByRole("button", { name: "Verify" }).click();
    await expect(section.getByTestId("custom-domain-check")).toContainText("No TXT record found");
    await expect(section.getByText("Not verified")).toBeVisible();
    expect(dns.queries).toContain(`_parley.${host}`);

    dns.setTxtRecord(`_parley.${host}`, [txtValue]);
    await section.getByRole("button", { name: "Verify" }).click();
    await expect(section.getByText("Verified", { exact: true })).toBeVisible();
    await expect(section.getByTestId("custom-domain-check")).toContainText("The TXT record was found");
    await expect(section.getByRole("link", { name: `https://${host}/help` })).toBeVisible();
    // Embeds now load from the domain, whose chat endpoints serve this bot.
    await expect(page.getByTestId("embed-code")).toContainText(
      `<script src="https://${host}/embed.js"></script>`,
    );

    // The viewer by Host: the bot's page at the domain's path, nothing else of the install there.
    await expect.poll(async () => (await onDomain("/help")).status).toBe(200);
    expect((await onDomain("/help?utm=mail")).text).toContain("Talk to Acme sales");
    expect((await onDomain("/")).status).toBe(404);
    // What the widget loads from its API host, the domain: the script, its texts in another language, theme fonts.
    for (const asset of ["/embed.js", "/embed-texts/fr.json", "/fonts/inter.css"]) {
      expect((await onDomain(asset)).status, asset).toBe(200);
    }
    expect((await onDomain(`/${other.publicId}`)).status).toBe(404);
    expect((await requestWithHost(`${viewerUrl}/${other.publicId}`, { host: "localhost" })).status).toBe(200);
    // Its chat endpoints on the domain: this bot starts, another one is unknown there.
    const chatKey = await readChatKey(page.request, bot.id, other.token);
    const startOn = (publicId: string, key: string) =>
      requestWithHost(`${viewerUrl}/api/v1/bots/${publicId}/startChat`, {
        method: "POST",
        host,
        token: key,
        body: {},
      });
    expect((await startOn(bot.publicId ?? "", chatKey)).status).toBe(200);
    const refused = await startOn(other.publicId, await readChatKey(page.request, other.botId, other.token));
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).issues[0].code).toBe("BOT_NOT_FOUND");

    // A visitor's browser on the domain (resolved to this machine): the page and its chat run there.
    const browser = await chromium.launch({
      executablePath: findChromium(),
      args: ["--no-sandbox", "--headless", "--disable-gpu", `--host-resolver-rules=MAP ${host} 127.0.0.1`],
    });
    try {
      const visitor = await browser.newPage();
      const chatCalls: string[] = [];
      visitor.on("request", (request) => {
        if (request.url().includes("/startChat")) chatCalls.push(new URL(request.url()).host);
      });
      const port = new URL(viewerUrl).port;
      await visitor.goto(`http://${host}:${port}/help`);
      await expect(visitor).toHaveTitle("Talk to Acme sales");
      await expect(visitor.getByText(greeting)).toBeVisible();
      expect(chatCalls).toEqual([`${host}:${port}`]);
    } finally {
      await browser.close();
    }

    // Removing the domain stops serving it.
    await section.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Custom domain removed")).toBeVisible();
    await expect(section.getByRole("table", { name: "DNS records" })).toHaveCount(0);
    await expect.poll(async () => (await onDomain("/help")).status).toBe(404);
  } finally {
    await dns.close();
  }
});
