import { randomInt, randomUUID } from "node:crypto";
import { type LocalSmtpServer, startSmtpServer } from "@parley/integrations/testing/startSmtpServer";
import type { Browser } from "@playwright/test";
import { expect, signUpNewUser, test } from "./support/fixtures";

// The builder's SMTP account (playwright.config.ts: SMTP_HOST, SMTP_PORT) is this real SMTP server, on one
// port: the file's tests run one after another in one worker, which starts it once.
test.describe.configure({ mode: "default" });
let smtp: LocalSmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer({ port: Number(process.env.E2E_SMTP_PORT) });
});
test.afterAll(() => smtp.close());
/** The e-mail goes through the install's queue (a worker polling every 2 s, retrying): longer than a page's wait. */
const emailArrives = { timeout: 45_000 };

/** A new account, signed up in a browser context of its own so that `page` stays signed out. */
async function signUpElsewhere(browser: Browser) {
  const context = await browser.newContext();
  const user = await signUpNewUser(context.request);
  await context.close();
  return user;
}

const messagesTo = (email: string) => smtp.messages.filter((message) => message.envelope.to.includes(email));

test("change password: the current one is checked, other sign-ins end, the new one signs in", async ({
  page,
  user,
  browser,
}) => {
  const elsewhere = await browser.newContext();
  await elsewhere.request.post("/api/trpc/auth.signIn", {
    data: { email: user.email, password: user.password },
  });
  expect((await elsewhere.request.get("/api/trpc/auth.getCurrentUser")).status()).toBe(200);

  await page.goto("/account");
  const section = page.getByRole("region", { name: "Password" });
  await section.getByLabel("Current password").fill("not the password");
  await section.getByLabel("New password", { exact: true }).fill("my new passphrase");
  await section.getByLabel("Confirm the new password").fill("my new passphrase");
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(section.getByRole("alert")).toHaveText("The current password is wrong");

  await section.getByLabel("Current password").fill(user.password);
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. 1 other sign-in was signed out.")).toBeVisible();
  await expect(section.getByLabel("Current password")).toHaveValue("");
  expect((await elsewhere.request.get("/api/trpc/auth.getCurrentUser")).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Account", exact: true })).toBeVisible();

  const fresh = await browser.newContext();
  const signIn = (password: string) =>
    fresh.request.post("/api/trpc/auth.signIn", { data: { email: user.email, password } });
  expect((await signIn(user.password)).status()).toBe(400);
  expect((await signIn("my new passphrase")).status()).toBe(200);
  await Promise.all([elsewhere.close(), fresh.close()]);
});

test("forgot password: the e-mailed link sets a new password once and signs in", async ({
  page,
  browser,
}) => {
  const user = await signUpElsewhere(browser);

  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText(
    `If an account exists for ${user.email}, we sent it a link`,
  );

  // An address without an account gets the very same answer, and no e-mail.
  const nobody = `nobody-${randomUUID()}@example.test`;
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(nobody);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText(
    `If an account exists for ${nobody}, we sent it a link`,
  );

  await expect.poll(() => messagesTo(user.email).length, emailArrives).toBe(1);
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(
    messagesTo(user.email)[0]?.parsed.text ?? "",
  );
  expect(link).not.toBeNull();
  const path = new URL(link?.[0] ?? "").pathname;
  await page.goto(path);
  await page.getByLabel("New password", { exact: true }).fill("reset from my inbox");
  await page.getByLabel("Confirm the new password").fill("reset from my inbox");
  await page.getByRole("button", { name: "Set the new password and sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("signed-in-email")).toHaveText(user.email);

  // Used once: the same link no longer works.
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  expect(messagesTo(nobody)).toEqual([]);
});

test("sign-in by e-mailed link: the link read from the e-mail signs in once, after a click", async ({
  page,
  browser,
}) => {
  const user = await signUpElsewhere(browser);
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "E-mail me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/sign-in\/email$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "E-mail me a link" }).click();
  await expect(page.getByRole("status")).toContainText(
    `If an account exists for ${user.email}, we sent it a sign-in link.`,
  );
  await expect.poll(() => messagesTo(user.email).length, emailArrives).toBe(1);
  const link = /https?:\/\/\S+\/sign-in\/link\/[A-Za-z0-9_-]+/.exec(
    messagesTo(user.email)[0]?.parsed.text ?? "",
  );
  expect(link).not.toBeNull();
  const path = new URL(link?.[0] ?? "").pathname;
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Sign in to Parley" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("signed-in-email")).toHaveText(user.email);

  // Used once: in another browser the same link says so.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(path);
  await otherPage.getByRole("button", { name: "Sign in" }).click();
  await expect(otherPage.locator("p[role=alert]")).toContainText(
    "This sign-in link is invalid, expired or already used.",
  );
  await other.close();
});

test("sign-in throttling per account: the refusal and the wait are shown, the button waits", async ({
  page,
  browser,
}) => {
  const user = await signUpElsewhere(browser);
  for (let i = 0; i < 10; i++) {
    const failed = await page.request.post("/api/trpc/auth.signIn", {
      data: { email: user.email, password: `guess ${i}` },
    });
    expect(failed.status()).toBe(400);
  }
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Too many failed sign-ins" });
  await expect(alert).toContainText(
    /Too many failed sign-ins for this account\. Try again in 1[45] minutes\./,
  );
  await expect(page.getByTestId("retry-countdown")).toHaveText(/^You can try again in 1[45]:\d\d\.$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test("sign-in throttling per client address (behind the trusted proxy's X-Forwarded-For)", async ({
  page,
  browser,
}) => {
  const address = `198.51.100.${randomInt(1, 250)}`;
  const user = await signUpElsewhere(browser);
  for (let i = 0; i < 50; i++) {
    const failed = await page.request.post("/api/trpc/auth.signIn", {
      headers: { "x-forwarded-for": address },
      data: { email: `guess-${i}-${randomUUID()}@example.test`, password: "123456" },
    });
    expect(failed.status()).toBe(400);
  }
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address });
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many failed sign-ins" })).toContainText(
    "Too many failed sign-ins from your network.",
  );
  await expect(page.getByTestId("retry-countdown")).toBeVisible();

  // The same person from another address signs in.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.251" });
  await page.reload();
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
