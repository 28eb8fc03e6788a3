import { createHmac } from "node:crypto";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/**
 * The code an authenticator app shows for the key the page printed, `stepsAhead` 30-second steps on: RFC 6238's
 * defaults (HMAC-SHA-1, 6 digits) written out here, independent of the server's library.
 */
function codeOf(key: string, stepsAhead = 0) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bits = [...key.replace(/\s/g, "")]
    .map((symbol) => alphabet.indexOf(symbol).toString(2).padStart(5, "0"))
    .join("");
  const secret = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + stepsAhead));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

test("two-factor sign-in: set up with the key shown, sign in with a code, then with a recovery code", async ({
  page,
  user,
}) => {
  test.setTimeout(120_000);
  await page.goto("/account");
  await page.getByRole("link", { name: "Manage two-factor sign-in and sessions" }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  const section = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(section.getByText("Off", { exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Sessions" }).getByText("This browser")).toBeVisible();
  await expect(page.getByText("No single sign-on account is linked.")).toBeVisible();
  await expectNoAxeViolations(page, "the account's security page");

  await section.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(section.getByRole("img", { name: "QR code of your two-factor sign-in key" })).toBeVisible();
  const key = (await section.getByTestId("two-factor-secret").textContent()) ?? "";
  expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  await expectNoAxeViolations(page, "the two-factor setup (QR code, key, first code)");

  await section.getByLabel("Code from the app").fill("000000");
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(section.getByRole("alert")).toContainText("This code is wrong");
  await section.getByLabel("Code from the app").fill(codeOf(key));
  await section.getByRole("button", { name: "Turn on" }).click();
  const codesPanel = section.getByRole("region", { name: "Save your recovery codes" });
  const codeItems = codesPanel.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codeItems).toHaveCount(10);
  const codes = await codeItems.allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expect(section.getByText("On", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "the recovery codes, shown once");
  await codesPanel.getByRole("button", { name: "I saved them" }).click();
  await expect(section.getByText("10 of 10 recovery codes left.", { exact: false })).toBeVisible();

  // Sign out, sign in: the password, then the code the app shows (the next step's: the first one was used).
  await page.getByTestId("signed-in-email").click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/sign-in\/second-factor$/);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await expectNoAxeViolations(page, "the two-factor code prompt");
  await page.getByLabel("Authentication code").fill("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.locator("p[role=alert]")).toContainText("This code is wrong");
  await page.getByLabel("Authentication code").fill(codeOf(key, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("signed-in-email")).toHaveText(user.email);

  // Again, with a recovery code this time.
  await page.getByTestId("signed-in-email").click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await expect(page.getByLabel("Recovery code")).toBeVisible();
  await expectNoAxeViolations(page, "the recovery code prompt");
  await page.getByLabel("Recovery code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The security page counts it, and the sessions list names the methods.
  await page.goto("/account/security");
  await expect(page.getByText("9 of 10 recovery codes left.", { exact: false })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Sessions" }).getByRole("row").filter({ hasText: "This browser" }),
  ).toContainText("Password + recovery code");

  // The audit log says how each sign-in was made.
  await page.goto("/workspace/settings/audit-log");
  const entries = page.getByRole("table", { name: "Audit log entries" });
  // Each sign-in once (the wrong code before it is a user.signInFailed row).
  const signIns = entries.getByRole("row").filter({ hasText: "user.signedIn" });
  await expect(signIns.filter({ hasText: "password + authenticator code" })).toHaveCount(1);
  await expect(signIns.filter({ hasText: "password + recovery code" })).toHaveCount(1);
  await expect(entries.getByRole("row").filter({ hasText: "user.twoFactorEnabled" })).toHaveCount(1);
});
