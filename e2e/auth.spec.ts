import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";

test("a new user signs up, lands on the dashboard, signs out and back in", async ({ page }) => {
  const email = `e2e-${randomUUID()}@example.test`;
  const password = "a long enough password";

  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByRole("link", { name: "Create an account" }).click();

  await page.getByLabel("Name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("signed-in-email")).toHaveText(email);
  await expect(page.getByRole("heading", { name: "Ada Lovelace's workspace" })).toBeVisible();

  await page.getByRole("button", { name: /^Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  // Next.js renders its own (empty) route announcer with role="alert" too.
  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password" })).toBeVisible();

  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("signed-in-email")).toHaveText(email);
});
