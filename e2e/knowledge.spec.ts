import type { Locator, Page } from "@playwright/test";
import type { FakeProviderServer } from "../packages/integrations/src/testing/fakeProviderServer";
import { startFakeOpenAiServer } from "../packages/integrations/src/testing/openAiProtocolServer";
import { type LocalServer, startLocalServer } from "../packages/integrations/src/testing/startLocalServer";
import { expectNoAxeViolations } from "./support/axe";
import {
  addMemberByInvitation,
  callMutation,
  callQuery,
  expect,
  type NewUser,
  signUpNewUser,
  test,
} from "./support/fixtures";

// The builder's Knowledge pages against a local server speaking OpenAI's embeddings protocol (the e2e install
// allows 127.0.0.1 through OUTBOUND_ALLOWED_HOSTS); the builder's own worker indexes the sources.

const apiKey = "sk-e2e-knowledge-0123456789abcdef";
let openai: FakeProviderServer;
// A site with a sitemap: two pages, and one listed page that is missing.
let site: LocalServer;

const html = (title: string, text: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

test.beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
  site = await startLocalServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://site").pathname;
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { "content-type": type });
      response.end(body);
    };
    if (path === "/robots.txt") return send(200, "text/plain", "User-agent: *\nAllow: /\n");
    if (path === "/sitemap.xml")
      return send(
        200,
        "application/xml",
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
          "/warranty",
          "/gift-cards",
          "/gone",
        ]
          .map((page) => `<url><loc>${site.origin}${page}</loc></url>`)
          .join("")}</urlset>`,
      );
    if (path === "/warranty")
      return send(
        200,
        "text/html",
        html("Warranty", "Every kettle carries a two-year warranty against defects."),
      );
    if (path === "/gift-cards")
      return send(200, "text/html", html("Gift cards", "Gift cards never expire and can be used online."));
    return send(404, "text/plain", "Not found");
  });
});
test.afterAll(() => Promise.all([openai.close(), site.close()]));

// Indexing runs in the background, on a machine other specs share.
const indexed = { timeout: 60_000 };

const returnsPolicy = `# Returns

Items can be returned within 30 days of delivery for a full refund.

## Damaged parcels

A parcel that arrives damaged is replaced free of charge: send a photo to the support team.`;

const shippingGuide = `# Shipping

Orders leave the warehouse in Lyon within two working days. Express shipping reaches Paris overnight.`;

const sourceItem = (page: Page, name: string) =>
  page.getByTestId("knowledge-source").filter({ hasText: name });
/** A source's status badge ("Status: Ready"; the prefix is read by screen readers only). */
const statusOf = (page: Page, name: string) =>
  sourceItem(page, name).locator("span", { hasText: /^Status: \w/ });

/** A knowledge base with a text source, made through the builder's API as its pages do; ready once indexed. */
async function createIndexedBase(page: Page, user: NewUser) {
  const { credentials } = await callMutation<{ credentials: { id: string } }>(
    page.request,
    "credentials.createCredentials",
    {
      workspaceId: user.workspaceId,
      credentials: { type: "openai", name: "Local OpenAI", data: { apiKey, baseUrl: `${openai.origin}/v1` } },
    },
  );
  const { knowledgeBase } = await callMutation<{ knowledgeBase: { id: string } }>(
    page.request,
    "knowledgeBases.createKnowledgeBase",
    {
      workspaceId: user.workspaceId,
      knowledgeBase: {
        name: "Help centre",
        credentialsId: credentials.id,
        embeddingModel: "text-embedding-3-small",
      },
    },
  );
  await callMutation(page.request, "knowledgeBases.createKnowledgeSource", {
    knowledgeBaseId: knowledgeBase.id,
    source: { type: "text", name: "Returns policy", text: returnsPolicy },
  });
  await expect
    .poll(async () => {
      const { sources } = await callQuery<{ sources: { status: string }[] }>(
        page.request,
        "knowledgeBases.listKnowledgeSources",
        { knowledgeBaseId: knowledgeBase.id },
      );
      return sources.map((source) => source.status);
    }, indexed)
    .toEqual(["ready"]);
  return knowledgeBase.id;
}

/** Asks the "Try a question" box; returns the passages once this search's answer arrived. */
async function ask(page: Page, question: string) {
  await page.getByLabel("Question", { exact: true }).fill(question);
  await Promise.all([
    page.waitForResponse((response) => response.url().includes("knowledgeBases.queryKnowledgeBase")),
    page.getByRole("button", { name: "Search" }).click(),
  ]);
  return page.getByRole("list", { name: "Passages found" });
}

test("an author creates a knowledge base, adds text and a file, sees them indexed and finds a passage", async ({
  page,
}) => {
  await signUpNewUser(page.request);
  // The workspace's pages are in the workspace menu.
  await page.goto("/dashboard");
  await page.getByRole("button", { name: /^Workspace:/ }).click();
  await page.getByRole("menuitem", { name: "Knowledge" }).click();
  await expect(page.getByRole("heading", { name: "Knowledge", level: 1 })).toBeVisible();
  await expect(page.getByText("No knowledge base yet")).toBeVisible();

  // New base, with AI credentials added in place from the picker.
  await page.getByRole("button", { name: "New knowledge base" }).click();
  const form = page.getByRole("dialog", { name: "New knowledge base" });
  await form.getByLabel("Name").fill("Help centre");
  await form.getByLabel("AI credentials").selectOption({ label: "Add new credentials…" });
  const credentialsForm = page.getByRole("dialog", { name: "New credentials" });
  await credentialsForm.getByLabel("Type").selectOption("openai");
  await credentialsForm.getByLabel("Name").fill("Local OpenAI");
  await credentialsForm.getByLabel("API key").fill(apiKey);
  await credentialsForm.getByLabel("Base URL (optional)").fill(`${openai.origin}/v1`);
  await credentialsForm.getByRole("button", { name: "Save credentials" }).click();
  await expect(credentialsForm).toHaveCount(0);
  await expect(form.getByLabel("AI credentials")).toHaveValue(/.+/);
  await expect(form.getByLabel("Embeddings model")).toHaveValue("text-embedding-3-small");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/knowledge\/[^/]+$/);
  await expect(page.getByRole("heading", { name: "Help centre", level: 1 })).toBeVisible();
  await expect(page.getByText("Embedded with text-embedding-3-small.")).toBeVisible();

  // A text source: waiting or indexing, then ready with its passages.
  await page.getByRole("button", { name: "Add source" }).click();
  let dialog = page.getByRole("dialog", { name: "Add a source" });
  await dialog.getByLabel("Name").fill("Returns policy");
  await dialog.getByLabel("Text", { exact: true }).fill(returnsPolicy);
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(statusOf(page, "Returns policy")).toHaveText("Status: Ready", indexed);
  await expect(sourceItem(page, "Returns policy")).toContainText("2 passages");
  await expect(sourceItem(page, "Returns policy")).toContainText("indexed");

  // A file: one over 50 MB is refused in the browser, before anything is sent.
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/files?")) uploads.push(request.url());
  });
  await page.getByRole("button", { name: "Add source" }).click();
  dialog = page.getByRole("dialog", { name: "Add a source" });
  await dialog.getByRole("radio", { name: "File" }).click();
  await dialog.locator('input[type="file"]').evaluate((input: HTMLInputElement) => {
    const transfer = new DataTransfer();
    transfer.items.add(
      new File([new Uint8Array(51 * 1024 * 1024)], "scans.pdf", { type: "application/pdf" }),
    );
    input.files = transfer.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  await expect(dialog.getByRole("alert")).toHaveText(
    "scans.pdf (51 MB) is larger than 50 MB, the most a file may be",
  );
  await expect(dialog.getByRole("button", { name: "Upload" })).toBeDisabled();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "shipping.md",
    mimeType: "text/markdown",
    buffer: Buffer.from(shippingGuide),
  });
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog).toHaveCount(0);
  expect(uploads).toHaveLength(1);
  await expect(statusOf(page, "shipping.md")).toHaveText("Status: Ready", indexed);
  await expect(sourceItem(page, "shipping.md")).toContainText("File · 113 bytes · 1 passage");

  // Try a question: the passages with their source, headings and score.
  const passages = await ask(page, "My parcel arrived damaged, what should I do?");
  const best = passages.getByTestId("knowledge-passage").first();
  await expect(best).toContainText(
    "A parcel that arrives damaged is replaced free of charge: send a photo to the support team.",
  );
  await expect(best).toContainText("Returns policy");
  await expect(best).toContainText("Returns > Damaged parcels");
  await expect(best).toContainText(/Score 0\.0\d{3}/);
  await expect(
    (await ask(page, "When do orders leave the warehouse in Lyon?")).getByTestId("knowledge-passage").first(),
  ).toContainText("shipping.md");

  // Edit the text: indexed again, the old passage gone.
  await page.getByRole("button", { name: "Edit Returns policy" }).click();
  dialog = page.getByRole("dialog", { name: "Edit Returns policy" });
  await expect(dialog.getByLabel("Text", { exact: true })).toHaveValue(returnsPolicy);
  await dialog
    .getByLabel("Text", { exact: true })
    .fill("# Returns\n\nReturns are accepted within 14 days, store credit only.");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(sourceItem(page, "Returns policy")).toContainText("1 passage", indexed);
  const afterEdit = await ask(page, "How many days to return an item for store credit?");
  await expect(afterEdit.getByTestId("knowledge-passage").first()).toContainText(
    "Returns are accepted within 14 days, store credit only.",
  );
  await expect(afterEdit).not.toContainText("damaged");

  // Refresh, then delete with a confirmation.
  await page.getByRole("button", { name: "Refresh shipping.md" }).click();
  await expect(page.getByText("shipping.md is indexed again")).toBeVisible();
  await expect(statusOf(page, "shipping.md")).toHaveText("Status: Ready", indexed);
  await page.getByRole("button", { name: "Delete shipping.md" }).click();
  await page
    .getByRole("dialog", { name: "Delete shipping.md?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(sourceItem(page, "shipping.md")).toHaveCount(0);
  const afterDelete = await ask(page, "When do orders leave the warehouse in Lyon?");
  await expect(afterDelete.getByTestId("knowledge-passage").first()).toBeVisible();
  await expect(afterDelete).not.toContainText("shipping.md");

  // Back on the list: rename, then delete the base.
  await page.getByRole("link", { name: "Knowledge bases" }).click();
  await page.getByRole("button", { name: "Rename Help centre" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill("Support answers");
  await page.getByRole("dialog").getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("link", { name: "Support answers" })).toBeVisible();
  await page.getByRole("button", { name: "Delete Support answers" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No knowledge base yet")).toBeVisible();
});

test("a guest reads and searches a knowledge base without changing it; other workspaces get 404", async ({
  page,
  user,
  browser,
}) => {
  const knowledgeBaseId = await createIndexedBase(page, user);
  const basePath = `/workspaces/${user.workspaceId}/knowledge`;
  const guestContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const guestPage = await guestContext.newPage();
  const guest = await signUpNewUser(guestContext.request, "Grace Guest");

  // Not a member yet: both pages, and the base under the guest's own workspace, are missing.
  for (const path of [
    basePath,
    `${basePath}/${knowledgeBaseId}`,
    `/workspaces/${guest.workspaceId}/knowledge/${knowledgeBaseId}`,
  ]) {
    const response = await guestPage.goto(path);
    expect([path, response?.status()]).toEqual([path, 404]);
  }

  await addMemberByInvitation(page.request, guestContext.request, {
    workspaceId: user.workspaceId,
    email: guest.email,
    role: "GUEST",
  });
  // A member now, but the base is not under the guest's own workspace.
  const elsewhere = await guestPage.goto(`/workspaces/${guest.workspaceId}/knowledge/${knowledgeBaseId}`);
  expect(elsewhere?.status()).toBe(404);
  await guestPage.goto(basePath);
  await expect(guestPage.getByRole("link", { name: "Help centre" })).toBeVisible();
  await expect(guestPage.getByRole("button", { name: "New knowledge base" })).toHaveCount(0);
  await expect(guestPage.getByRole("button", { name: "Rename Help centre" })).toHaveCount(0);
  await guestPage.getByRole("link", { name: "Help centre" }).click();
  await expect(guestPage.getByRole("heading", { name: "Help centre", level: 1 })).toBeVisible();
  await expect(
    guestPage.getByText("You can read and search this knowledge base; its members change it."),
  ).toBeVisible();
  await expect(statusOf(guestPage, "Returns policy")).toHaveText("Status: Ready");
  for (const name of [
    "Add source",
    "Settings",
    "Edit Returns policy",
    "Refresh Returns policy",
    "Delete Returns policy",
  ])
    await expect(guestPage.getByRole("button", { name })).toHaveCount(0);
  const passages = await ask(guestPage, "How long do I have to return an item?");
  await expect(passages.getByTestId("knowledge-passage")).toHaveCount(2);
  await expect(passages).toContainText("Items can be returned within 30 days of delivery for a full refund.");
  await expectNoAxeViolations(guestPage, "a knowledge base, read by a guest, with passages found");
  await guestContext.close();
});

/** Presses Tab until `target` has the focus (keyboard only). */
async function tabTo(page: Page, target: Locator, limit = 15) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element.matches(":focus"))) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test("at phone width, from the keyboard alone: add a text source and ask it a question", async ({
  page,
  user,
}) => {
  const knowledgeBaseId = await createIndexedBase(page, user);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/workspaces/${user.workspaceId}/knowledge`);
  await expect(page.getByRole("link", { name: "Help centre" })).toBeVisible();
  await expectNoAxeViolations(page, "the knowledge bases at phone width");
  await page.screenshot({
    path: "e2e/artifacts/screenshots/knowledge-bases-phone.png",
    fullPage: true,
    animations: "disabled",
  });

  await page.goto(`/workspaces/${user.workspaceId}/knowledge/${knowledgeBaseId}`);
  await expect(statusOf(page, "Returns policy")).toHaveText("Status: Ready");
  const fitsTheScreen = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await fitsTheScreen()).toBe(true);

  await tabTo(page, page.getByRole("button", { name: "Add source" }), 30);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add a source" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, "the add source dialog");
  await tabTo(page, dialog.getByLabel("Name"));
  await page.keyboard.type("Shipping guide");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Text", { exact: true })).toBeFocused();
  await page.keyboard.type("Orders leave the warehouse in Lyon within two working days.");
  await tabTo(page, dialog.getByRole("button", { name: "Add", exact: true }));
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(statusOf(page, "Shipping guide")).toHaveText("Status: Ready", indexed);

  await tabTo(page, page.getByLabel("Question", { exact: true }), 30);
  await page.keyboard.type("When do orders leave the warehouse?");
  await page.keyboard.press("Enter");
  const passages = page.getByRole("list", { name: "Passages found" });
  await expect(passages.getByTestId("knowledge-passage").first()).toContainText(
    "Orders leave the warehouse in Lyon within two working days.",
  );
  expect(await fitsTheScreen()).toBe(true);
  // The toast that confirmed the new source leaves by fading out, about when the passages arrive: a colour
  // read halfway through that fade is no contrast anyone is left with.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expectNoAxeViolations(page, "a knowledge base at phone width, with passages found");
  await page.screenshot({
    path: "e2e/artifacts/screenshots/knowledge-base-phone.png",
    fullPage: true,
    animations: "disabled",
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({
    path: "e2e/artifacts/screenshots/knowledge-base-desktop.png",
    fullPage: true,
    animations: "disabled",
  });
});

test("a sitemap source: its pages with their own status, and passages linked to the page they came from", async ({
  page,
  user,
}) => {
  const knowledgeBaseId = await createIndexedBase(page, user);
  await page.goto(`/workspaces/${user.workspaceId}/knowledge/${knowledgeBaseId}`);
  await page.getByRole("button", { name: "Add source" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a source" });
  await dialog.getByRole("radio", { name: "Sitemap" }).click();
  await dialog.getByLabel("Sitemap URL").fill(`${site.origin}/sitemap.xml`);
  await dialog.getByLabel("Pages at most").fill("10");
  await dialog.getByLabel("Name (optional)").fill("Help site");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(statusOf(page, "Help site")).toHaveText("Status: Ready", indexed);
  await expect(sourceItem(page, "Help site")).toContainText("Sitemap · at most 10 pages · 2 passages");
  await expect(sourceItem(page, "Help site").getByRole("link", { name: /sitemap\.xml/ })).toHaveAttribute(
    "href",
    `${site.origin}/sitemap.xml`,
  );

  const toggle = page.getByRole("button", { name: "Pages of Help site" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const pages = page.getByRole("list", { name: "Pages of Help site" }).getByRole("listitem");
  await expect(pages).toHaveCount(3);
  for (const text of ["Ready", "1 passage"])
    await expect(pages.filter({ hasText: `${site.origin}/warranty` })).toContainText(text);
  for (const text of ["Ready", "1 passage"])
    await expect(pages.filter({ hasText: `${site.origin}/gift-cards` })).toContainText(text);
  const gone = pages.filter({ hasText: `${site.origin}/gone` });
  await expect(gone).toContainText("Failed");
  await expect(gone).toContainText(`Could not read ${site.origin}/gone: the server answered 404`);

  const passages = await ask(page, "How long is the kettle warranty?");
  const best = passages.getByTestId("knowledge-passage").first();
  await expect(best).toContainText("Every kettle carries a two-year warranty against defects.");
  await expect(best.getByRole("link", { name: "Help site" })).toHaveAttribute(
    "href",
    `${site.origin}/warranty`,
  );
});
