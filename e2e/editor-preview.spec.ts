import type { Page } from "@playwright/test";
import { text } from "./support/editorFlows";
import { expectSaved, mod, openNewBot, screenshotPath } from "./support/editorPage";
import { expect, test } from "./support/fixtures";

/** Never published: the preview runs the draft. */
const draftFlow = {
  events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
  groups: [
    {
      id: "g-hello",
      title: "Hello",
      graphCoordinates: { x: 260, y: 0 },
      blocks: [
        text("b-hi", "Hi! What's your name?"),
        { id: "b-name", type: "text input", options: { variableId: "v-name" }, outgoingEdgeId: "e-name" },
      ],
    },
    {
      id: "g-bye",
      title: "Bye",
      graphCoordinates: { x: 620, y: 0 },
      blocks: [text("b-bye", "Nice to meet you, {{Name}}.")],
    },
  ],
  edges: [
    { id: "e-start", from: { eventId: "start" }, to: { groupId: "g-hello" } },
    { id: "e-name", from: { blockId: "b-name" }, to: { groupId: "g-bye" } },
  ],
  variables: [{ id: "v-name", name: "Name" }],
};

const block = (page: Page, blockId: string) =>
  page.locator(`[data-testid=block][data-block-id="${blockId}"]`);

test("preview: chat with the draft, restart, edits during the chat reach it, the running block is highlighted", async ({
  page,
  user,
}) => {
  await openNewBot(page, user.workspaceId, "Preview", draftFlow);

  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByTestId("preview-drawer");
  const answer = preview.getByPlaceholder("Type your answer...");
  await expect(preview.getByText("Hi! What's your name?")).toBeVisible();
  await expect(block(page, "b-name")).toHaveAttribute("data-executing", "true");
  await answer.fill("Ada");
  await answer.press("Enter");
  await expect(preview.getByText("Nice to meet you, Ada.")).toBeVisible();
  await expect(block(page, "b-bye")).toHaveAttribute("data-executing", "true");
  await expect(block(page, "b-name")).not.toHaveAttribute("data-executing");

  await preview.getByRole("button", { name: "Restart" }).click();
  await expect(preview.getByText("Nice to meet you, Ada.")).toBeHidden();
  await expect(preview.getByText("Hi! What's your name?")).toBeVisible();
  await expect(block(page, "b-name")).toHaveAttribute("data-executing", "true");

  // The author pans the canvas out from under the drawer and rewrites the next message while the chat
  // waits for a name: the block's settings open beside the drawer, the edit is saved and the running
  // session moves to it with updateBot.
  const pane = (await page.locator(".react-flow__pane").boundingBox())!;
  await page.mouse.move(pane.x + 560, pane.y + pane.height - 60);
  await page.mouse.down();
  await page.mouse.move(pane.x + 160, pane.y + pane.height - 60, { steps: 10 });
  await page.mouse.up();
  await block(page, "b-bye").click();
  await expect(preview).toBeVisible();
  const editor = page.getByTestId("block-settings").getByTestId("rich-text-editor");
  await editor.click();
  await page.keyboard.press(`${mod}+a`);
  const updated = page.waitForResponse((response) => response.url().endsWith("/updateBot"));
  await page.keyboard.type("Glad you are here, {{Name}}!");
  await expectSaved(page);
  expect((await updated).status()).toBe(200);
  await answer.fill("Grace");
  await answer.press("Enter");
  await expect(preview.getByText("Glad you are here, Grace!")).toBeVisible();
  await expect(preview.getByText("Nice to meet you, Grace.")).toHaveCount(0);
  await expect(block(page, "b-bye")).toHaveAttribute("data-executing", "true");
  await page.screenshot({ path: screenshotPath("editor-preview") });

  await preview.getByRole("button", { name: "Close the preview" }).click();
  await expect(preview).toBeHidden();
  await expect(page.locator("[data-executing]")).toHaveCount(0);
});
