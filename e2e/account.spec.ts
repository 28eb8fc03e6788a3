import { expectNoAxeViolations } from "./support/axe";
import { callMutation, expect, test } from "./support/fixtures";

test("an author creates an API token, sees it once, uses it, then revokes it", async ({ page, user }) => {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: /^Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Account & API tokens" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(user.email).first()).toBeVisible();
  await expect(page.getByText("No API tokens yet")).toBeVisible();

  await page.getByRole("button", { name: "Create token" }).click();
  await page.getByLabel("Token name").fill("CI deploys");
  await page.getByRole("dialog").getByRole("button", { name: "Create token" }).click();
  const secret = (await page.getByTestId("created-api-token").textContent()) ?? "";
  expect(secret).toMatch(/^bt_[A-Za-z0-9_-]{20,}$/);
  await page.getByRole("button", { name: "Done" }).click();

  const row = page.getByRole("row", { name: /CI deploys/ });
  await expect(row).toContainText(secret.slice(0, 10));
  await expect(row).toContainText("Never");
  // The secret is not shown anywhere any more.
  await expect(page.getByText(secret)).toHaveCount(0);

  const asToken = { Authorization: `Bearer ${secret}` };
  const listed = await page.request.get("/api/v1/workspaces", { headers: asToken });
  expect(listed.status()).toBe(200);
  expect((await listed.json()).workspaces).toEqual([
    expect.objectContaining({ id: user.workspaceId, name: `${user.name}'s workspace` }),
  ]);

  await page.reload();
  // Its last use (the fourth cell: name, access, expiry, last use) is no longer "Never".
  await expect(
    page
      .getByRole("row", { name: /CI deploys/ })
      .getByRole("cell")
      .nth(3),
  ).not.toHaveText("Never");

  await page.getByRole("button", { name: "Revoke CI deploys" }).click();
  await page.getByRole("button", { name: "Revoke token" }).click();
  await expect(page.getByText("Token “CI deploys” revoked")).toBeVisible();
  await expect(page.getByRole("row", { name: /CI deploys/ })).toHaveCount(0);
  const refused = await page.request.get("/api/v1/workspaces", { headers: asToken });
  expect(refused.status()).toBe(403);
});

test("an author makes a token that only reads bots of one workspace: in scope it works, beyond it MISSING_SCOPE", async ({
  page,
  user,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/account");
  await expect(page.getByText("No API tokens yet")).toBeVisible();

  // Keyboard only, at phone width.
  await page.getByRole("button", { name: "Create token" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create an API token" });
  await expect(dialog.getByLabel("Token name")).toBeFocused();
  await page.keyboard.type("Bot reader");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("radio", { name: /^Full access/ })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByRole("radio", { name: "Only the chosen scopes" })).toBeChecked();
  // No scope ticked yet: nothing to create.
  await expect(dialog.getByRole("button", { name: "Create token" })).toBeDisabled();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("checkbox", { name: /^bots:read/ })).toBeFocused();
  await page.keyboard.press("Space");
  await dialog.getByLabel("Workspace", { exact: true }).selectOption({ label: `${user.name}'s workspace` });
  await dialog.getByLabel("Expires").selectOption({ label: "In 30 days" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page, "the token creation dialog at phone width");
  await dialog.getByRole("button", { name: "Create token" }).focus();
  await page.keyboard.press("Enter");

  const secret = (await page.getByTestId("created-api-token").textContent()) ?? "";
  expect(secret).toMatch(/^bt_[A-Za-z0-9_-]{20,}$/);
  await page.getByRole("button", { name: "Done" }).click();

  const row = page.getByRole("row", { name: /Bot reader/ });
  await expect(row.getByRole("list", { name: "Scopes" }).getByRole("listitem")).toHaveText(["bots:read"]);
  await expect(row).toContainText(`Only in ${user.name}'s workspace`);
  await expect(row).not.toContainText("Full access");
  const in30Days = await page.evaluate(() =>
    new Date(Date.now() + 30 * 86_400_000).toLocaleDateString(undefined, { dateStyle: "medium" }),
  );
  await expect(row).toContainText(in30Days);
  await expect(row.getByRole("cell").nth(3)).toHaveText("Never");

  const asToken = { Authorization: `Bearer ${secret}` };
  const bots = await page.request.get(`/api/v1/bots?workspaceId=${user.workspaceId}`, { headers: asToken });
  expect(bots.status()).toBe(200);
  expect(await bots.json()).toMatchObject({ bots: [] });
  const workspaces = await page.request.get("/api/v1/workspaces", { headers: asToken });
  expect(workspaces.status()).toBe(403);
  expect((await workspaces.json()).issues).toEqual([
    { code: "MISSING_SCOPE", message: 'This token lacks the scope "workspaces:read"' },
  ]);

  await page.reload();
  await expect(row.getByRole("cell").nth(3)).toHaveText(/now|seconds? ago|minutes? ago/);

  // A token past its expiry is listed as expired (and refused like a revoked one).
  await callMutation(page.request, "apiTokens.createApiToken", {
    name: "Short-lived",
    expiresAt: new Date(Date.now() + 3_000).toISOString(),
  });
  const expired = page.getByRole("row", { name: /Short-lived/ });
  await expect(async () => {
    await page.reload();
    await expect(expired).toContainText("Expired", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(expired.getByText("Full access")).toBeVisible();
  await expect(expired).toContainText("All workspaces");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page, "the API tokens at phone width");
});
