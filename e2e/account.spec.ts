import { expect, test } from "./support/fixtures";

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
  await expect(page.getByRole("row", { name: /CI deploys/ })).not.toContainText("Never");

  await page.getByRole("button", { name: "Revoke CI deploys" }).click();
  await page.getByRole("button", { name: "Revoke token" }).click();
  await expect(page.getByText("Token “CI deploys” revoked")).toBeVisible();
  await expect(page.getByRole("row", { name: /CI deploys/ })).toHaveCount(0);
  const refused = await page.request.get("/api/v1/workspaces", { headers: asToken });
  expect(refused.status()).toBe(403);
});
