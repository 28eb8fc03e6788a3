import { expectNoAxeViolations } from "./support/axe";
import { viewerUrl } from "./support/bots";
import { text } from "./support/editorFlows";
import { group, openEditor } from "./support/editorPage";
import { callMutation, callQuery, createBot, expect, getBot, test } from "./support/fixtures";
import { chat } from "./support/surveyBot";

/** Asks a name, then an HTTP request without a URL (an error log), then says goodbye; one group nothing reaches. */
const flow = {
  events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
  groups: [
    {
      id: "g-ask",
      title: "Ask",
      graphCoordinates: { x: 260, y: 0 },
      blocks: [
        text("b-hi", "Hi! Your name?"),
        { id: "b-name", type: "text input", options: { variableId: "v-name" }, outgoingEdgeId: "e-name" },
      ],
    },
    {
      id: "g-bye",
      title: "Bye",
      graphCoordinates: { x: 620, y: 0 },
      blocks: [{ id: "b-call", type: "Webhook", options: {} }, text("b-bye", "Bye {{Name}}")],
    },
    {
      id: "g-forgotten",
      title: "Forgotten",
      graphCoordinates: { x: 620, y: 400 },
      blocks: [text("b-lost", "Nobody reads this")],
    },
  ],
  edges: [
    { id: "e-start", from: { eventId: "start" }, to: { groupId: "g-ask" } },
    { id: "e-name", from: { blockId: "b-name" }, to: { groupId: "g-bye" } },
  ],
  variables: [{ id: "v-name", name: "Name" }],
};

test("result logs by status, the preview's logs and variables, the flow checker's marks and a version's changes", async ({
  page,
  user,
}) => {
  const bot = await createBot(page.request, user.workspaceId, { name: "Debugged", ...flow });
  await callMutation(page.request, "publishing.publishBot", { botId: bot.id });
  const { publicId } = await getBot(page.request, bot.id);
  const { chatKey } = await callQuery<{ chatKey: { key: string } }>(page.request, "publishing.getChatKey", {
    botId: bot.id,
  });
  await chat(page.request, viewerUrl, publicId!, chatKey.key, ["Ada"]);

  // The result's logs, filtered by status.
  await page.goto(`/bots/${bot.id}/results`);
  await page
    .getByRole("table", { name: "Results" })
    .locator("tbody tr")
    .first()
    .getByRole("cell")
    .nth(2)
    .click();
  const logs = page.getByRole("dialog", { name: "Result" }).getByTestId("result-logs");
  await expect(logs).toContainText("HTTP request has no URL; skipped");
  await expectNoAxeViolations(page, "result sheet with its logs");
  await logs.getByRole("radio", { name: "Success" }).click();
  await expect(logs).toContainText("No logs with this status.");
  await logs.getByRole("radio", { name: "Error" }).click();
  await expect(logs).toContainText("HTTP request has no URL; skipped");
  await page.keyboard.press("Escape");

  // The canvas marks the group nothing reaches; the preview lists each turn's logs and variables.
  await openEditor(page, bot.id);
  await expect(group(page, "Forgotten").getByTestId("flow-check")).toHaveAttribute(
    "aria-label",
    'Warning: "Forgotten" is never reached from the start: nothing leads to it',
  );
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByTestId("preview-drawer");
  const answer = preview.getByPlaceholder("Type your answer...");
  await answer.fill("Ada");
  await answer.press("Enter");
  await expect(preview.getByText("Bye Ada")).toBeVisible();
  const debuggerPanel = preview.getByTestId("preview-debugger");
  await debuggerPanel.getByText(/Logs and variables/).click();
  const secondTurn = debuggerPanel.getByRole("listitem", { name: "Turn 2: After “Ada”" });
  await expect(secondTurn).toContainText("HTTP request has no URL; skipped");
  await expect(secondTurn.getByRole("row", { name: /Name/ })).toContainText("—Ada");
  // The blocks the turn showed, marked on the canvas on demand.
  await expect(secondTurn.getByRole("list", { name: "Blocks of turn 2" })).toContainText("Bye › Text");
  await secondTurn.getByRole("button", { name: "Show on canvas" }).click();
  await expect(page.locator('[data-block-id="b-bye"]')).toHaveAttribute("data-mark", "passed");
  await expect(page.locator('[data-block-id="b-hi"]')).not.toHaveAttribute("data-mark", "passed");
  await expectNoAxeViolations(page, "preview debugger");

  // A new preview from the "Bye" group with a chosen name.
  await preview.getByText("Starts from the start").click();
  await preview.getByLabel("Start from").selectOption({ label: "Bye" });
  await preview.getByRole("textbox", { name: "Name" }).fill("Grace");
  await expectNoAxeViolations(page, "preview start form");
  await preview.getByRole("button", { name: "Start the preview" }).click();
  await expect(preview.getByText("Bye Grace")).toBeVisible();
  await expect(preview.getByText("Hi! Your name?")).toHaveCount(0);
  await expect(preview.getByTestId("preview-start")).toContainText("Starts from “Bye”, 1 variable set");

  // A second version, then its changes in the version history.
  await callMutation(page.request, "bots.updateBot", {
    botId: bot.id,
    bot: {
      groups: flow.groups.map((entry) => (entry.id === "g-forgotten" ? { ...entry, title: "Later" } : entry)),
    },
  });
  await callMutation(page.request, "publishing.publishBot", { botId: bot.id });
  await page.goto(`/bots/${bot.id}/share`);
  await page.getByRole("button", { name: "Changes in version 2" }).click();
  const changes = page.getByRole("dialog", { name: "Changes" });
  await expect(changes).toContainText("From version 1 to version 2");
  await expect(changes.getByTestId("version-diff")).toContainText("Later");
  await expect(changes.getByTestId("version-diff")).toContainText("title");
  await expectNoAxeViolations(page, "version changes");

  // The draft's changes since the live version (2), marked on the canvas.
  await callMutation(page.request, "bots.updateBot", {
    botId: bot.id,
    bot: {
      groups: flow.groups.map((entry) =>
        entry.id === "g-forgotten"
          ? { ...entry, title: "Later" }
          : entry.id === "g-ask"
            ? { ...entry, title: "Ask first" }
            : entry.id === "g-bye"
              ? { ...entry, blocks: [...entry.blocks, text("b-new", "See you")] }
              : entry,
      ),
    },
  });
  await openEditor(page, bot.id);
  await page.getByRole("button", { name: "Changes", exact: true }).click();
  await expect(page.getByTestId("canvas-changes")).toContainText("2 on the canvas since version 2");
  await expect(page.locator('[data-block-id="b-new"]')).toHaveAttribute("data-mark", "added");
  await expect(group(page, "Ask first")).toHaveAttribute("data-mark", "changed");
  await expect(group(page, "Bye")).not.toHaveAttribute("data-mark", /.+/);
  await expectNoAxeViolations(page, "canvas changes");
});
