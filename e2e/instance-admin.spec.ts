import { expectNoAxeViolations } from "./support/axe";
import { createPublishedBot } from "./support/bots";
import { callMutation, expect, test } from "./support/fixtures";

// Issue 26, item 6: the instance operators' area (ADMIN_EMAILS, playwright.config.ts), in Chromium.

test.describe.configure({ timeout: 180_000 });

/** riskLevel 100 at publishing: a password input and a look-alike redirect. */
const heldBot = {
  name: "Account help",
  events: [{ id: "start", type: "start", outgoingEdgeId: "e1", graphCoordinates: { x: 0, y: 0 } }],
  groups: [
    {
      id: "g1",
      title: "Sign in",
      graphCoordinates: { x: 300, y: 0 },
      blocks: [
        {
          id: "ask",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Confirm your account password" }] }] },
        },
        { id: "secret", type: "text input", options: { labels: { placeholder: "Password" } } },
        { id: "away", type: "Redirect", options: { url: "https://paypa1-login.com/" } },
      ],
    },
  ],
  edges: [{ id: "e1", from: { eventId: "start" }, to: { groupId: "g1" } }],
  variables: [],
};

test("an operator reviews workspaces, suspends, re-plans and clears a hold; others get 404", async ({
  page,
  user,
  browser,
}) => {
  // A workspace ADMIN is not an operator: the area does not exist for them.
  const refused = await page.goto("/admin");
  expect(refused?.status()).toBe(404);
  await createPublishedBot(page.request, user.workspaceId, heldBot);

  const operatorContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const operator = await operatorContext.newPage();
  await callMutation(operator.request, "auth.signUp", {
    email: "operator@parley.test",
    password: "a long enough password",
    name: "Operator",
  });
  await operator.goto("/account");
  await operator.getByRole("link", { name: "Open the admin area" }).click();
  await expect(operator.getByRole("heading", { name: "Instance administration" })).toBeVisible();

  // Keyboard only: search the author's workspace by its id.
  await operator.getByLabel("Search workspaces by name or id").focus();
  await operator.keyboard.type(user.workspaceId);
  await operator.keyboard.press("Enter");
  const table = operator.getByRole("table", { name: "Workspaces" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(operator.getByTestId(`chats-used-${user.workspaceId}`)).toHaveText("0 / 200");
  await expect(table.getByText("1 held")).toBeVisible();

  // The page itself never scrolls sideways at phone width (the table scrolls in its card).
  expect(await operator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(operator, "the admin area at phone width");

  const suspend = table.getByRole("button", { name: /^Suspend / });
  await suspend.focus();
  await operator.keyboard.press("Enter");
  await expect(table.getByText("Suspended")).toBeVisible();

  await table.getByRole("combobox", { name: /^Plan of / }).selectOption("PRO");
  await table.getByRole("spinbutton", { name: /^Own chat limit of / }).fill("5000");
  await table.getByRole("button", { name: /^Save the plan of / }).click();
  await expect(operator.getByTestId(`chats-used-${user.workspaceId}`)).toHaveText("0 / 5,000");

  const held = operator.getByRole("table", { name: "Bots held for review" });
  await expect(held.getByText("Account help")).toBeVisible();
  await held.getByRole("button", { name: "Clear hold of Account help" }).click();
  await expect(operator.getByText("No bot is held")).toBeVisible();
  await expect(table.getByText("1 held")).toHaveCount(0);
  await expectNoAxeViolations(operator, "the admin area after the changes");
  await operatorContext.close();
});
