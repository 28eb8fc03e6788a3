import type { Locator, Page } from "@playwright/test";
import { text } from "./support/editorFlows";
import { dragTo, expectSaved, group, openNewBot } from "./support/editorPage";
import { expect, test } from "./support/fixtures";

const flow = {
  events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
  groups: [
    {
      id: "g-start",
      title: "Start",
      graphCoordinates: { x: 260, y: 0 },
      blocks: [text("b-intro", "Your basket:")],
    },
    {
      id: "g-each",
      title: "Each fruit",
      graphCoordinates: { x: 260, y: 360 },
      blocks: [
        text("b-ask", "{{Position}}. How many {{Fruit}}?"),
        { id: "b-count", type: "number input", options: { variableId: "v-count" } },
        text("b-noted", "{{Count}} × {{Fruit}} noted"),
      ],
    },
  ],
  edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-start" } }],
  variables: [
    { id: "v-fruits", name: "Fruits", value: ["apple", "kiwi"] },
    { id: "v-fruit", name: "Fruit" },
    { id: "v-position", name: "Position" },
    { id: "v-count", name: "Count" },
  ],
};

async function pickVariable(page: Page, picker: Locator, name: string) {
  await picker.click();
  await page.getByRole("combobox", { name: "Search or create a variable" }).fill(name);
  await page.getByRole("combobox", { name: "Search or create a variable" }).press("Enter");
}

test("Loop: added from the catalogue, set up in its panel, and chatted through in the preview", async ({
  page,
  user,
}) => {
  const { api, bot } = await openNewBot(page, user.workspaceId, "Loop", flow);
  const start = group(page, "Start");
  await page.getByPlaceholder("Search blocks").fill("for each");
  const box = (await start.boundingBox())!;
  await dragTo(page, page.locator('[data-block-type="Loop"]'), {
    x: box.x + box.width / 2,
    y: box.y + box.height - 6,
  });
  await expect(start.getByTestId("block")).toHaveCount(2);

  const settings = page.getByTestId("block-settings");
  await expect(settings.getByRole("heading", { name: "Loop" })).toBeVisible();
  await pickVariable(page, settings.getByLabel("List to go through"), "Fruits");
  await pickVariable(page, settings.getByLabel("Save each item in"), "Fruit");
  await pickVariable(page, settings.getByLabel("Save its position in"), "Position");
  await settings.getByLabel("Group to run for each item").selectOption({ label: "Each fruit" });
  await expect(settings.getByLabel("Maximum iterations")).toHaveAttribute("placeholder", "100");
  await page.getByRole("button", { name: "Close settings" }).click();
  await expect(start.getByTestId("block").nth(1)).toContainText(
    "For each item of {{Fruits}}: Each fruit → {{Fruit}}",
  );
  await expectSaved(page);

  const saved = await api.getFlow(bot.id);
  const loopBlock = (saved.groups as { blocks: { type: string; options?: unknown }[] }[])[0]!.blocks[1]!;
  expect(loopBlock).toMatchObject({
    type: "Loop",
    options: {
      listVariableId: "v-fruits",
      itemVariableId: "v-fruit",
      indexVariableId: "v-position",
      groupId: "g-each",
    },
  });

  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByTestId("preview-drawer");
  await expect(preview.getByText("1. How many apple?")).toBeVisible();
  const answer = preview.getByPlaceholder("Type a number...");
  await answer.fill("3");
  await answer.press("Enter");
  await expect(preview.getByText("3 × apple noted")).toBeVisible();
  await expect(preview.getByText("2. How many kiwi?")).toBeVisible();
  await answer.fill("5");
  await answer.press("Enter");
  await expect(preview.getByText("5 × kiwi noted")).toBeVisible();
  await expect(preview.getByText("3. How many")).toHaveCount(0);
});
