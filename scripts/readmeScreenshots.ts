// The README's screenshots, taken against a running `npm start`:
//   npx tsx scripts/readmeScreenshots.ts [builderUrl] [viewerUrl]
// Signs up a new author, creates a bot from the "Lead generation" template, shoots the editor
// (1440x900), publishes it and shoots its share page on a phone (390x844 at 2x), mid-conversation.
// Debian: the emoji of the template need `apt-get install fonts-noto-color-emoji`.
// Writes docs/images/builder-editor.png and docs/images/share-page-phone.png.
import { randomUUID } from "node:crypto";
import { chromium } from "@playwright/test";
import { findChromium } from "../e2e/support/findChromium";

const [builderUrl = "http://localhost:3000", viewerUrl = "http://localhost:3001"] = process.argv.slice(2);

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ["--no-sandbox", "--headless"],
});
try {
  const desktop = await browser.newContext({ baseURL: builderUrl, viewport: { width: 1440, height: 900 } });
  const page = await desktop.newPage();
  const signUp = await page.request.post("/api/trpc/auth.signUp", {
    data: {
      email: `ada-${randomUUID().slice(0, 4)}@example.com`,
      password: "a long enough password",
      name: "Ada",
    },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed (${signUp.status()}): ${await signUp.text()}`);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Create bot" }).first().click();
  await page.getByRole("button", { name: "Lead generation" }).click();
  await page.waitForURL(/\/bots\/[^/]+\/edit$/);
  const botId = page.url().split("/").at(-2) ?? "";
  await page.getByTestId("block").first().waitFor();
  await page.waitForLoadState("networkidle");
  // The "created" toast would cover the minimap.
  await page.getByText("created").first().waitFor({ state: "detached", timeout: 15_000 });
  await page.screenshot({ path: "docs/images/builder-editor.png", animations: "disabled" });

  const published = await page.request.post("/api/trpc/publishing.publishBot", { data: { botId } });
  if (!published.ok()) throw new Error(`publish failed: ${await published.text()}`);
  const got = await page.request.get(
    `/api/trpc/bots.getBot?input=${encodeURIComponent(JSON.stringify({ botId }))}`,
  );
  const { publicId } = (await got.json()).result.data.bot as { publicId: string };

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const share = await phone.newPage();
  await share.goto(`${viewerUrl}/${publicId}`);
  const field = share.getByRole("textbox").first();
  await field.waitFor();
  await field.fill("Ada Lovelace");
  await field.press("Enter");
  await share.getByText("work email").first().waitFor();
  await share.getByRole("textbox").first().fill("ada@example.com");
  await share.getByRole("textbox").first().press("Enter");
  await share.getByText("11-50").first().waitFor();
  await share.waitForLoadState("networkidle");
  await share.screenshot({ path: "docs/images/share-page-phone.png", animations: "disabled" });
  console.log(`Screenshots of bot ${botId} (${viewerUrl}/${publicId}) written to docs/images/`);
} finally {
  await browser.close();
}
