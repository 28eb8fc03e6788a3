// Canary releases in the builder (docs/publishing.md, "Canary releases" and "Numbers per version"): the Share page's
// "Canary release" section publishes the draft to a share of new chats, the Results page's "By version" compares the
// versions, and both promote or roll back in one click.
import type { APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { viewerUrl } from "./support/bots";
import { callMutation, callQuery, expect, test } from "./support/fixtures";
import { publishSurveyBot, surveyFlow } from "./support/surveyBot";

const canaryGreeting = "Hello from the new version! Your name?";

/** The survey flow whose greeting names the new version: each chat tells which version it started on. */
const newFlow = {
  ...surveyFlow,
  groups: surveyFlow.groups.map((group) => ({
    ...group,
    blocks: group.blocks.map((block) =>
      block.id === "hello"
        ? { ...block, content: { richText: [{ type: "p", children: [{ text: canaryGreeting }] }] } }
        : block,
    ),
  })),
};

/**
 * A visitor's chat through the public API: the version it started on (by its greeting), then the answers
 * `answersOf` gives for that version.
 */
async function chatOnce(
  request: APIRequestContext,
  bot: { publicId: string; chatKey: string },
  answersOf: (isCanary: boolean) => string[],
): Promise<boolean> {
  const headers = { Authorization: `Bearer ${bot.chatKey}` };
  const started = await request.post(`${viewerUrl}/api/v1/bots/${bot.publicId}/startChat`, {
    headers,
    data: {},
  });
  expect(started.status()).toBe(200);
  const { sessionId, messages } = (await started.json()) as { sessionId: string; messages: unknown[] };
  const isCanary = JSON.stringify(messages).includes(canaryGreeting);
  for (const text of answersOf(isCanary)) {
    const answer = await request.post(`${viewerUrl}/api/v1/sessions/${sessionId}/continueChat`, {
      headers,
      data: { message: { type: "text", text } },
    });
    expect(answer.status()).toBe(200);
  }
  return isCanary;
}

test("a canary release from the Share page, compared by version on the Results page, rolled back and promoted", async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  const bot = await publishSurveyBot(page.request, user.workspaceId, "Canary survey");
  // The draft changes: it will be version 2.
  await callMutation(page.request, "bots.updateBot", { botId: bot.botId, bot: { groups: newFlow.groups } });

  await page.goto(`/bots/${bot.botId}/share`);
  const canary = page.getByRole("region", { name: "Canary release" });
  await expect(canary).toContainText("No canary running: every new chat starts on the current version.");
  await canary.getByRole("button", { name: "Publish as a canary…" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish as a canary" });
  await dialog.getByLabel("Share of new chats").fill("50");
  await expect(dialog.getByRole("switch", { name: "Roll back automatically" })).toBeChecked();
  await dialog.getByLabel("If completion is lower by more than").fill("10.1");
  await dialog.getByLabel("Once the canary has").fill("500");
  await expectNoAxeViolations(page, "the Publish as a canary dialog");
  await dialog.getByRole("button", { name: "Publish as a canary" }).click();
  await expect(page.getByText("Published as a canary to 50 % of new chats")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(canary).toContainText("Version 2 takes 50 % of new chats; the others start on version 1.");
  await expect(canary).toContainText(
    "Rolled back automatically if its completion rate falls more than 10.1 points below version 1's, once it has 500 chats.",
  );
  await expectNoAxeViolations(page, "the Share page with a canary running");

  // The share changes from the section.
  await canary.getByLabel("Share of new chats").fill("60");
  await canary.getByRole("button", { name: "Change share" }).click();
  await expect(page.getByText("The canary now takes 60 % of new chats")).toBeVisible();
  await expect(canary).toContainText("Version 2 takes 60 % of new chats; the others start on version 1.");

  // Visitors: those on version 2 answer both questions, those on version 1 only their name. Each start is a
  // draw; chats go on until both versions have had three (a fixed count would leave one side empty now and then).
  const counts = { canary: 0, current: 0 };
  for (let chats = 0; (counts.canary < 3 || counts.current < 3) && chats < 200; chats++) {
    const isCanary = await chatOnce(page.request, bot, (onCanary) =>
      onCanary ? ["Ada", "London"] : ["Bob"],
    );
    counts[isCanary ? "canary" : "current"]++;
  }
  expect(Math.min(counts.canary, counts.current)).toBeGreaterThanOrEqual(3);

  await canary.getByRole("link", { name: "Compare the versions" }).click();
  await expect(page).toHaveURL(new RegExp(`/bots/${bot.botId}/results#versions$`));
  const byVersion = page.getByRole("region", { name: "By version" });
  const comparison = byVersion.getByTestId("canary-comparison");
  await expect(comparison).toContainText(
    `Version 2 (60 % of new chats) against version 1, since the canary started: completion 100.0% of ${counts.canary} chats against 0.0% of ${counts.current}.`,
  );
  await expect(comparison).toContainText("Difference +100.0 points");
  await expect(comparison).toContainText("two-proportion z-test p = ");
  await expect(comparison).toContainText("a real difference (p < 0.05)");
  const canaryRow = byVersion.getByTestId("version-row-2");
  const currentRow = byVersion.getByTestId("version-row-1");
  await expect(canaryRow.getByRole("cell").first()).toHaveText("Version 2Canary");
  await expect(canaryRow.getByRole("cell").nth(1)).toHaveText(String(counts.canary));
  await expect(canaryRow.getByRole("cell").nth(2)).toHaveText(String(counts.canary));
  await expect(canaryRow.getByRole("cell").nth(3)).toHaveText("100.0%");
  await expect(canaryRow.getByRole("cell").nth(5)).toHaveText("0.0%");
  await expect(currentRow.getByRole("cell").first()).toHaveText("Version 1Current");
  await expect(currentRow.getByRole("cell").nth(1)).toHaveText(String(counts.current));
  await expect(currentRow.getByRole("cell").nth(2)).toHaveText(String(counts.current));
  await expect(currentRow.getByRole("cell").nth(3)).toHaveText("0.0%");
  // The drop-off per input of each version: the canary's visitors answered everything, the others left at City.
  const canaryFunnel = byVersion.getByRole("list", { name: "Drop-off funnel of version 2" });
  await expect(canaryFunnel.getByTestId("funnel-step").nth(1)).toContainText(
    `${counts.canary} reached · ${counts.canary} answered · 0 dropped (0%)`,
  );
  await byVersion.getByLabel("Drop-off of version").selectOption("Version 1");
  const currentFunnel = byVersion.getByRole("list", { name: "Drop-off funnel of version 1" });
  await expect(currentFunnel.getByTestId("funnel-step").nth(0)).toContainText(
    `${counts.current} reached · ${counts.current} answered · 0 dropped (0%)`,
  );
  await expect(currentFunnel.getByTestId("funnel-step").nth(1)).toContainText(
    `${counts.current} reached · 0 answered · ${counts.current} dropped (100%)`,
  );
  await expectNoAxeViolations(page, "the Results page's By version with a canary running");

  // Roll back from the Results page: every new chat starts on version 1 again.
  await comparison.getByRole("button", { name: "Roll back" }).click();
  await expect(
    page.getByText("Rolled back: new chats start on the current version, not version 2"),
  ).toBeVisible();
  await expect(comparison).toHaveCount(0);
  await expect(byVersion.getByTestId("version-row-2").getByRole("cell").first()).toHaveText("Version 2");
  for (let chat = 0; chat < 8; chat++) expect(await chatOnce(page.request, bot, () => [])).toBe(false);

  // A new canary from the Share page, without a rollback rule, promoted from there: version 3 takes every chat.
  await page.goto(`/bots/${bot.botId}/share`);
  await expect(canary).toContainText("No canary running: every new chat starts on the current version.");
  await canary.getByRole("button", { name: "Publish as a canary…" }).click();
  await dialog.getByLabel("Share of new chats").fill("10");
  await dialog.getByRole("switch", { name: "Roll back automatically" }).click();
  await expect(dialog.getByLabel("Once the canary has")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Publish as a canary" }).click();
  await expect(canary).toContainText("Version 3 takes 10 % of new chats; the others start on version 1.");
  await expect(canary).toContainText("No automatic rollback.");
  await canary.getByRole("button", { name: "Promote to 100 %" }).click();
  await expect(page.getByText("Version 3 now takes every new chat")).toBeVisible();
  await expect(canary).toContainText("No canary running: every new chat starts on the current version.");
  const versions = page.getByRole("list", { name: "Published versions" }).getByRole("listitem");
  await expect(versions).toHaveCount(3);
  await expect(versions.first()).toContainText("Live");
  for (let chat = 0; chat < 8; chat++) expect(await chatOnce(page.request, bot, () => [])).toBe(true);

  // The audit log kept each step.
  const { entries } = await callQuery<{ entries: { action: string }[] }>(
    page.request,
    "auditLog.listAuditLog",
    {
      workspaceId: user.workspaceId,
    },
  );
  const actions = entries.map((entry) => entry.action);
  expect(actions.filter((action) => action.startsWith("bot.canary")).reverse()).toEqual([
    "bot.canaryStarted",
    "bot.canaryChanged",
    "bot.canaryRolledBack",
    "bot.canaryStarted",
    "bot.canaryPromoted",
  ]);
});
