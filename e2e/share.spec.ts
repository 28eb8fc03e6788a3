import { createHmac, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import leadGeneration from "../apps/builder/src/templates/flows/lead-generation.json" with { type: "json" };
import { expectNoAxeViolations } from "./support/axe";
import { createPublishedBot, readChatKey, viewerUrl } from "./support/bots";
import { callMutation, createBot, expect, test } from "./support/fixtures";

const flow = {
  events: leadGeneration.events,
  groups: leadGeneration.groups,
  edges: leadGeneration.edges,
  variables: leadGeneration.variables,
};

test("publish, address, embed code, chat key, versions and unpublish", async ({ page, user, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const suffix = randomUUID().slice(0, 8);
  await createBot(page.request, user.workspaceId, { name: "Other bot", publicId: `taken-${suffix}` });
  const bot = await createBot(page.request, user.workspaceId, {
    name: "Lead bot",
    ...flow,
    settings: { metadata: { title: "Talk to Acme sales" } },
  });

  await page.goto(`/bots/${bot.id}/share`);
  await expect(page.getByText("Not published: nobody can chat with it yet.")).toBeVisible();
  await expect(page.getByText("Publish the bot to get its embed code.")).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Published", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("banner").getByText("Published")).toBeVisible();
  await expect(page.getByRole("list", { name: "Published versions" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Up to date" })).toBeDisabled();

  // The address: format and uniqueness are checked as it is typed.
  const address = page.getByLabel("Bot address");
  const saveAddress = page.getByRole("region", { name: "Share page" }).getByRole("button", { name: "Save" });
  await address.fill("ab");
  await expect(page.getByText("3 to 64 lower-case letters, digits or hyphens.")).toBeVisible();
  await address.fill(`taken-${suffix}`);
  await expect(page.getByText("Another bot already uses this address.")).toBeVisible();
  await expect(saveAddress).toBeDisabled();
  await address.fill(`acme-sales-${suffix}`);
  await expect(page.getByText("Available ✓")).toBeVisible();
  await saveAddress.click();
  const shareUrl = `${viewerUrl}/acme-sales-${suffix}`;
  await expect(page.getByTestId("share-url")).toHaveText(shareUrl);

  // The share page runs the published bot with its settings.
  const visitor = await context.browser()!.newContext();
  const sharePage = await visitor.newPage();
  await sharePage.goto(shareUrl);
  await expect(sharePage).toHaveTitle("Talk to Acme sales");
  await expect(sharePage.getByText("We help teams like yours answer customers faster")).toBeVisible();

  // Embed code for each mode, with the key and the viewer's script.
  const chatKey = (await page.getByTestId("chat-key").textContent()) ?? "";
  expect(chatKey).toMatch(/^ck_/);
  await page.getByRole("radio", { name: "Inline" }).click();
  await expect(page.getByTestId("embed-code")).toContainText(`<script src="${viewerUrl}/embed.js"></script>`);
  await expect(page.getByTestId("embed-code")).toContainText(
    `Parley.initStandard({ publicId: "acme-sales-${suffix}", chatKey: "${chatKey}", element: "#parley-chat" });`,
  );
  await page.getByRole("radio", { name: "Popup" }).click();
  await expect(page.getByTestId("embed-code")).toContainText("Parley.initPopup(");
  await page.getByRole("radio", { name: "Bubble" }).click();
  await expect(page.getByTestId("embed-code")).toContainText("Parley.initBubble(");
  await page.getByRole("button", { name: "Copy code" }).click();
  await expect(page.getByText("Embed code copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("Parley.initBubble(");

  // Rotating the key replaces it (after confirmation).
  await page.getByRole("button", { name: "Rotate" }).click();
  await page.getByRole("button", { name: "Rotate key" }).click();
  await expect(page.getByTestId("chat-key")).not.toHaveText(chatKey);

  // A draft change, a second version, then restoring the first into the draft.
  // The new name mentions a brand: the API's warning is shown after publishing.
  await callMutation(page.request, "bots.updateBot", {
    botId: bot.id,
    bot: { name: "Lead bot v2 for PayPal sellers" },
  });
  await page.reload();
  await expect(page.getByText("Unpublished changes")).toBeVisible();
  await page.getByRole("button", { name: "Publish changes" }).click();
  const warning = page.getByRole("alert").filter({ hasText: "Published with 1 warning" });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("The bot mentions “PayPal”, a trademark.");
  const versions = page.getByRole("list", { name: "Published versions" }).getByRole("listitem");
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText("Lead bot v2");
  await expect(versions.first()).toContainText("Live");
  await page.getByRole("button", { name: "Restore version 1" }).click();
  await page.getByRole("button", { name: "Restore into the draft" }).click();
  await expect(page.getByText("Version 1 restored into the draft")).toBeVisible();

  // Unpublished: the share page answers 404.
  await page.getByRole("button", { name: "Unpublish" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByText("Not published: nobody can chat with it yet.")).toBeVisible();
  const gone = await sharePage.goto(shareUrl);
  expect(gone?.status()).toBe(404);
  await visitor.close();
});

test("result webhooks: add with events, secret once, a signed delivery in the log, rotate, test, redeliver, edit, delete", async ({
  page,
  user,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // The receiver: on loopback, which the test install's OUTBOUND_ALLOWED_HOSTS opens.
  const received: { signature: string; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ signature: String(request.headers["x-parley-signature"]), body });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    const bot = await createPublishedBot(page.request, user.workspaceId, { name: "Hooked bot", ...flow });
    await page.goto(`/bots/${bot.botId}/share`);
    const section = page.getByRole("region", { name: "Webhooks" });
    await expect(section.getByText("No webhooks yet.")).toBeVisible();
    await section.getByLabel("Webhook URL").fill(hookUrl);
    await section.getByLabel("Result created").check();
    await section.getByRole("button", { name: "Add webhook" }).click();
    const secret = (await page.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await section.getByRole("button", { name: "Copy", exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await section.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
    const item = section.getByRole("list", { name: "Webhooks" }).getByRole("listitem");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(hookUrl);
    await expect(item).toContainText("Result completed, Result created");

    // A chat on the published bot: the viewer delivers result.created, signed with the secret.
    const chatKey = await readChatKey(page.request, bot.botId, bot.token);
    const started = await page.request.post(`${viewerUrl}/api/v1/bots/${bot.publicId}/startChat`, {
      headers: { Authorization: `Bearer ${chatKey}` },
      data: {},
    });
    expect(started.ok()).toBe(true);
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [delivery] = received;
    const [, timestamp, signature] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery?.signature ?? "") ?? [];
    expect(createHmac("sha256", secret).update(`${timestamp}.${delivery?.body}`).digest("hex")).toBe(
      signature,
    );
    expect(JSON.parse(delivery?.body ?? "{}")).toMatchObject({
      event: "result.created",
      bot: { id: bot.botId },
    });

    await item.getByRole("button", { name: "Delivery log" }).click();
    const log = item.getByRole("table", { name: "Delivery log" });
    await expect(log.getByRole("row")).toHaveCount(2);
    await expect(log).toContainText("Result created");
    await expect(log).toContainText("delivered", { timeout: 10_000 });
    await expect(log).toContainText("200");

    // Rotate the secret from the keyboard: the new one is shown once; both sign during the overlap.
    await item.getByRole("button", { name: "Rotate secret" }).focus();
    await page.keyboard.press("Enter");
    const rotateDialog = page.getByRole("dialog", { name: "Rotate the signing secret?" });
    await expect(rotateDialog.getByLabel("Old secret keeps signing for")).toHaveValue("24");
    await expectNoAxeViolations(page, "rotate secret dialog");
    await rotateDialog.getByRole("button", { name: "Rotate secret" }).click();
    const newSecret = (await page.getByTestId("webhook-secret").textContent()) ?? "";
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await item.getByRole("button", { name: "Copy", exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newSecret);
    await item.getByRole("button", { name: "Done" }).click();
    await expect(item).toContainText("the previous secret also signs until");

    const signedWith = (key: string, request: { signature: string; body: string } | undefined) => {
      const timestamp = /^t=(\d+)/.exec(request?.signature ?? "")?.[1];
      const expected = createHmac("sha256", key).update(`${timestamp}.${request?.body}`).digest("hex");
      return (request?.signature ?? "").split(",").includes(`v1=${expected}`);
    };
    await item.getByRole("button", { name: "Send test" }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(JSON.parse(received[1]?.body ?? "{}")).toMatchObject({ event: "ping", bot: { id: bot.botId } });
    expect(signedWith(newSecret, received[1])).toBe(true);
    expect(signedWith(secret, received[1])).toBe(true);
    await expect(log.getByRole("row")).toHaveCount(3);
    await expect(log.getByRole("row").nth(1)).toContainText("Test");
    await expect(log.getByRole("row").nth(1)).toContainText("delivered", { timeout: 10_000 });

    // Redeliver the first delivery: the same body under a new id.
    await log.getByRole("button", { name: /^Redeliver the Result created delivery/ }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(3);
    const redelivered = JSON.parse(received[2]?.body ?? "{}");
    expect(redelivered).toEqual({ ...JSON.parse(delivery?.body ?? "{}"), id: redelivered.id });
    expect(redelivered.id).not.toBe(JSON.parse(delivery?.body ?? "{}").id);
    await expect(log).toContainText("(redelivery)");
    await expectNoAxeViolations(page, "webhook delivery log");

    // Edit: other events, then off; an off webhook sends no tests.
    await item.getByRole("button", { name: "Edit" }).click();
    const form = item.getByRole("form", { name: "Edit webhook" });
    await expect(form.getByLabel("URL")).toHaveValue(hookUrl);
    await form.getByLabel("Result completed").uncheck();
    await form.getByRole("switch", { name: "Enabled" }).click();
    await expectNoAxeViolations(page, "edit webhook form");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form).toHaveCount(0);
    await expect(item).toContainText("off");
    await expect(item).toContainText("Result created ·");
    await expect(item.getByRole("button", { name: "Send test" })).toBeDisabled();

    await item.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete webhook" }).click();
    await expect(section.getByText("No webhooks yet.")).toBeVisible();
  } finally {
    receiver.close();
  }
});
