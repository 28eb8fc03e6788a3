import { createBotApi } from "./support/botApi";
import { createShowcaseFlow } from "./support/editorFlows";
import {
  center,
  dragTo,
  expectSaved,
  group,
  mod,
  openEditor,
  openNewBot,
  renameGroup,
  screenshotPath,
} from "./support/editorPage";
import { expect, test } from "./support/fixtures";

test("(c) undo and redo restore the exact saved states", async ({ page, user }) => {
  const { api, bot } = await openNewBot(page, user.workspaceId, "Undo", createShowcaseFlow());
  const states = [await api.getFlow(bot.id)];

  await renameGroup(page, "Welcome", "Hello");
  await expectSaved(page);
  states.push(await api.getFlow(bot.id));

  await dragTo(
    page,
    page.locator('[data-block-type="Wait"]'),
    await center(group(page, "Email").getByTestId("block").first()),
  );
  await expect(group(page, "Email").getByTestId("block")).toHaveCount(3);
  await expectSaved(page);
  states.push(await api.getFlow(bot.id));

  await group(page, "Hello").getByTestId("block").nth(2).click();
  await page.getByTestId("block-settings").getByRole("switch", { name: "Long text" }).click();
  await page.getByRole("button", { name: "Close settings" }).click();
  await expectSaved(page);
  states.push(await api.getFlow(bot.id));

  // Deleting a group removes the edges into and out of it too.
  await group(page, "Email").hover();
  await group(page, "Email").getByRole("button", { name: "Delete group" }).click();
  await expect(group(page, "Email")).toHaveCount(0);
  await expectSaved(page);
  states.push(await api.getFlow(bot.id));
  expect(new Set(states.map((state) => JSON.stringify(state))).size).toBe(5);

  for (let index = states.length - 2; index >= 0; index--) {
    await page.locator(".react-flow__pane").click({ position: { x: 40, y: 300 } });
    await page.keyboard.press(`${mod}+z`);
    await expectSaved(page);
    expect(await api.getFlow(bot.id)).toEqual(states[index]);
  }
  await expect(page.getByRole("button", { name: "Undo" })).toBeDisabled();
  for (let index = 1; index < states.length; index++) {
    await page.keyboard.press(index % 2 ? `${mod}+Shift+z` : "Control+y");
    await expectSaved(page);
    expect(await api.getFlow(bot.id)).toEqual(states[index]);
  }
});

test("(b) two tabs: the stale tab reloads, then the other overwrites", async ({ page, user }) => {
  const api = await createBotApi(page.request);
  const bot = await api.createBot(user.workspaceId, { name: "Two tabs", ...createShowcaseFlow() });
  const tabA = page;
  const tabB = await page.context().newPage();
  await openEditor(tabA, bot.id);
  await openEditor(tabB, bot.id);

  await renameGroup(tabA, "Welcome", "Welcome (A)");
  await expectSaved(tabA);
  await renameGroup(tabB, "Email", "Email (B)");
  const conflictB = tabB.getByRole("dialog", { name: "This bot was changed elsewhere" });
  await expect(conflictB).toBeVisible();
  await expect(tabB.getByTestId("save-status")).toHaveAttribute("data-status", "conflict");
  await conflictB.getByRole("button", { name: "Reload their version" }).click();
  await expect(conflictB).toBeHidden();
  await expect(group(tabB, "Welcome (A)")).toBeVisible();
  await expect(group(tabB, "Email")).toBeVisible();
  await expectSaved(tabB);

  await renameGroup(tabB, "Welcome (A)", "Welcome (B)");
  await expectSaved(tabB);
  await renameGroup(tabA, "Email", "Email (A)");
  const conflictA = tabA.getByRole("dialog", { name: "This bot was changed elsewhere" });
  await expect(conflictA).toBeVisible();
  await conflictA.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(conflictA).toBeHidden();
  await expectSaved(tabA);

  const titles = ((await api.getFlow(bot.id)).groups as { title: string }[]).map((saved) => saved.title);
  // Tab A's version overwrote tab B's rename.
  expect(titles).toContain("Welcome (A)");
  expect(titles).toContain("Email (A)");
  expect(titles).not.toContain("Welcome (B)");
  expect(titles).not.toContain("Email (B)");
});

test("blocks are dragged from the catalogue and connected by dragging handles", async ({ page, user }) => {
  const { api, bot } = await openNewBot(page, user.workspaceId, "Drag");
  const pane = (await page.locator(".react-flow__pane").boundingBox())!;

  await dragTo(page, page.locator('[data-block-type="text"]'), { x: pane.x + 420, y: pane.y + 140 });
  const first = group(page, "Group #1");
  await expect(first).toBeVisible();
  await page.getByTestId("rich-text-editor").click();
  await page.keyboard.type("Hello there");
  await page.getByRole("button", { name: "Close settings" }).click();
  await dragTo(page, page.locator('[data-block-type="email input"]'), {
    x: (await center(first)).x,
    y: (await first.boundingBox())!.y + (await first.boundingBox())!.height - 6,
  });
  await expect(first.getByTestId("block")).toHaveCount(2);
  await dragTo(page, page.locator('[data-block-type="choice input"]'), { x: pane.x + 420, y: pane.y + 460 });
  const second = group(page, "Group #2");
  await expect(second).toBeVisible();
  await page.getByRole("button", { name: "Close settings" }).click();

  const startHandle = page.locator(`.react-flow__handle[data-handleid="e:${bot.events[0]!.id}"]`);
  await dragTo(page, startHandle, await center(first.getByRole("button", { name: "Group #1", exact: true })));
  const emailBlockId = await first.getByTestId("block").nth(1).getAttribute("data-block-id");
  await first.getByTestId("block").nth(1).hover();
  await dragTo(
    page,
    page.locator(`.react-flow__handle[data-handleid="b:${emailBlockId}"]`),
    await center(second),
  );
  await expect(page.locator(".react-flow__edge")).toHaveCount(2);
  await expectSaved(page);

  const flow = await api.getFlow(bot.id);
  const groups = flow.groups as {
    id: string;
    title: string;
    blocks: { id: string; type: string; content?: unknown }[];
  }[];
  const [textGroup, choiceGroup] = groups;
  expect(textGroup!.blocks.map((block) => block.type)).toEqual(["text", "email input"]);
  expect(textGroup!.blocks[0]!.content).toEqual({
    richText: [{ type: "p", children: [{ text: "Hello there" }] }],
  });
  expect(choiceGroup!.blocks.map((block) => block.type)).toEqual(["choice input"]);
  expect(flow.edges).toEqual([
    expect.objectContaining({ from: { eventId: bot.events[0]!.id }, to: { groupId: textGroup!.id } }),
    expect.objectContaining({ from: { blockId: emailBlockId }, to: { groupId: choiceGroup!.id } }),
  ]);
});

test("screenshot: the editor with a 20-group flow", async ({ page, user }) => {
  await page.setViewportSize({ width: 2560, height: 1440 });
  await openNewBot(page, user.workspaceId, "Acme onboarding", createShowcaseFlow());
  await page.getByRole("button", { name: "Fit view" }).click();
  await expect(page.getByTestId("group")).toHaveCount(20);
  await page.screenshot({ path: screenshotPath("editor") });
});
