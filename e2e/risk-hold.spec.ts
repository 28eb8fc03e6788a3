import { createPublishedBot, viewerUrl } from "./support/bots";
import { expect, test } from "./support/fixtures";
import { runCli } from "./support/launchParley";

// The e2e server's embedded database (playwright.config.ts), for the administrator's CLI.
const cliEnv = {
  DATABASE_URL: `postgresql://postgres:postgres@127.0.0.1:${process.env.E2E_POSTGRES_PORT}/parley`,
};

const text = (id: string, words: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: words }] }] },
});

/** A brand's look-alike sign-in: a password input and a redirect to paypa1-login.com (riskLevel 100). */
const phishingBot = {
  name: "Account help",
  events: [{ id: "start", type: "start", outgoingEdgeId: "e1", graphCoordinates: { x: 0, y: 0 } }],
  groups: [
    {
      id: "g1",
      title: "Sign in",
      graphCoordinates: { x: 300, y: 0 },
      blocks: [
        text("ask", "Confirm your account password"),
        { id: "secret", type: "text input", options: { labels: { placeholder: "Password" } } },
        { id: "away", type: "Redirect", options: { url: "https://paypa1-login.com/" } },
      ],
    },
  ],
  edges: [{ id: "e1", from: { eventId: "start" }, to: { groupId: "g1" } }],
  variables: [],
};

test("a bot held for its riskLevel shows as closed until an administrator clears it", async ({
  page,
  user,
}) => {
  const { botId, publicId } = await createPublishedBot(page.request, user.workspaceId, phishingBot);
  await page.goto(`${viewerUrl}/${publicId}`);
  await expect(page.getByText("This bot is now closed.")).toBeVisible();
  await expect(page.getByText("Confirm your account password")).toHaveCount(0);

  // Its author sees why in the share tab, and what lifts it.
  await page.goto(`/bots/${botId}/share`);
  const banner = page.getByRole("region", { name: "Held for review: this bot is published but not served" });
  await expect(banner).toContainText(
    "its risk level is 100 of 100, at or above this install's threshold of 100",
  );
  await expect(banner).toContainText(`npm run cli -- bot clear-risk --bot-id ${botId}`);
  await expect(banner).toContainText(`npm run cli -- workspace verify --workspace-id ${user.workspaceId}`);

  expect(runCli(cliEnv, ["bot", "clear-risk", "--bot-id", botId])).toBe(
    `Risk of bot ${botId} cleared (riskLevel was 100)\n`,
  );
  await page.reload();
  await expect(page.getByRole("heading", { name: "Publish" })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.goto(`${viewerUrl}/${publicId}`);
  await expect(page.getByText("Confirm your account password")).toBeVisible();
  await expect(page.getByPlaceholder("Password")).toBeVisible();
});
