import { blockDefinitions } from "@parley/schemas";
import type { Page } from "@playwright/test";
import type { FlowSnapshot } from "./support/botApi";
import { text } from "./support/editorFlows";
import { dragTo, expectSaved, group, mod, openNewBot, renameGroup } from "./support/editorPage";
import { expect, test } from "./support/fixtures";

const smallFlow = {
  events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
  groups: [
    {
      id: "g-ask",
      title: "Ask",
      graphCoordinates: { x: 160, y: 0 },
      blocks: [
        text("b-hi", "Hello {{Name}}"),
        { id: "b-name", type: "text input", options: { variableId: "v-name" } },
        {
          id: "b-call",
          type: "Webhook",
          options: {
            webhook: { method: "GET", url: "https://api.example.com", headers: [], queryParams: [] },
          },
        },
      ],
    },
    { id: "g-other", title: "Other", graphCoordinates: { x: 560, y: 0 }, blocks: [text("b-bye", "Bye")] },
  ],
  edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-ask" } }],
  variables: [{ id: "v-name", name: "Name" }],
};

type SavedBlock = {
  id: string;
  content?: { richText: { children: { text: string; bold?: boolean }[] }[] };
} & {
  options?: Record<string, unknown> & { webhook?: { url?: string } };
};
const savedBlock = (flow: FlowSnapshot, blockId: string) =>
  (flow.groups as { blocks: SavedBlock[] }[])
    .flatMap((saved) => saved.blocks)
    .find((block) => block.id === blockId)!;
const variableNamed = (flow: FlowSnapshot, name: string) =>
  (flow.variables as { id: string; name: string; value?: string; isSessionVariable?: boolean }[]).find(
    (variable) => variable.name === name,
  );
const blockRow = (page: Page, blockId: string) =>
  page.locator(`[data-testid=block][data-block-id="${blockId}"]`);

test("block settings: rich text marks and variables, variables created from the pickers, HTTP request URL", async ({
  page,
  user,
}) => {
  const { api, bot } = await openNewBot(page, user.workspaceId, "Settings", smallFlow);

  await blockRow(page, "b-hi").click();
  const settings = page.getByTestId("block-settings");
  await settings.getByTestId("rich-text-editor").click();
  await page.keyboard.press(`${mod}+a`);
  await page.keyboard.type("Hi ");
  await settings.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("there");
  await settings.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(" ");
  await settings.getByRole("button", { name: "Insert a variable" }).click();
  await page.getByLabel("Search or create a variable").fill("City");
  await page.getByLabel("Search or create a variable").press("Enter");
  await expect(settings.getByTestId("rich-text-editor")).toContainText("Hi there {{City}}");

  await blockRow(page, "b-name").click();
  await settings.getByLabel("Save the answer in").click();
  await page.getByLabel("Search or create a variable").fill("Nickname");
  await page.getByRole("button", { name: "Create “Nickname”" }).click();
  await expect(settings.getByLabel("Save the answer in")).toHaveText("{{Nickname}}");

  await blockRow(page, "b-call").click();
  await settings.getByLabel("URL", { exact: true }).fill("https://api.example.com/users/{{Nickname}}");
  await page.getByRole("button", { name: "Close settings" }).click();
  await expect(blockRow(page, "b-hi")).toContainText("Hi there {{City}}");
  await expectSaved(page);

  const flow = await api.getFlow(bot.id);
  const [paragraph] = savedBlock(flow, "b-hi").content!.richText;
  expect(paragraph!.children.map((child) => child.text).join("")).toBe("Hi there {{City}}");
  expect(paragraph!.children).toContainEqual({ text: "there", bold: true });
  expect(variableNamed(flow, "City")).toBeDefined();
  expect(savedBlock(flow, "b-name").options!.variableId).toBe(variableNamed(flow, "Nickname")!.id);
  expect(savedBlock(flow, "b-call").options!.webhook!.url).toBe("https://api.example.com/users/{{Nickname}}");
});

test("variables manager: rename follows references, default value, session flag, delete with a warning", async ({
  page,
  user,
}) => {
  const { api, bot } = await openNewBot(page, user.workspaceId, "Variables", smallFlow);

  await page.getByRole("button", { name: "Variables" }).click();
  const panel = page.getByTestId("variables-panel");
  await panel.getByLabel("Name of Name").fill("First name");
  await panel.getByLabel("Name of Name").press("Enter");
  await expect(blockRow(page, "b-hi")).toContainText("Hello {{First name}}");
  await panel.getByLabel("Default value of First name").fill("Ada");
  await panel.getByRole("switch", { name: "Session only (not saved in results)" }).click();
  await expectSaved(page);
  let flow = await api.getFlow(bot.id);
  expect(flow.variables).toEqual([
    { id: "v-name", name: "First name", value: "Ada", isSessionVariable: true },
  ]);
  expect(savedBlock(flow, "b-hi").content!.richText[0]!.children[0]!.text).toBe("Hello {{First name}}");

  await panel.getByRole("button", { name: "Delete First name" }).click();
  const confirm = page.getByRole("alertdialog").or(page.getByRole("dialog"));
  await expect(confirm).toContainText("It is used in 2 blocks");
  await expect(confirm.getByTestId("variable-usages")).toContainText("Ask · Text (in text)");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(panel).toContainText("No variables yet.");
  await expectSaved(page);
  flow = await api.getFlow(bot.id);
  expect(flow.variables).toEqual([]);
  expect(savedBlock(flow, "b-name").options?.variableId).toBeUndefined();
});

test("groups: duplicate, copy and paste, multi-select and delete", async ({ page, user }) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const { api, bot } = await openNewBot(page, user.workspaceId, "Selection", smallFlow);
  const savedTitles = async () =>
    ((await api.getFlow(bot.id)).groups as { title: string }[]).map((saved) => saved.title).sort();

  await group(page, "Other").getByRole("button", { name: "Other", exact: true }).click();
  await page.keyboard.press(`${mod}+d`);
  await expect(page.getByTestId("group")).toHaveCount(3);
  await expectSaved(page);
  expect(await savedTitles()).toEqual(["Ask", "Other", "Other"]);

  await group(page, "Ask").getByRole("button", { name: "Ask", exact: true }).click();
  await page.keyboard.press(`${mod}+c`);
  const pane = (await page.locator(".react-flow__pane").boundingBox())!;
  await page.mouse.move(pane.x + 300, pane.y + 420);
  await page.keyboard.press(`${mod}+v`);
  await expect(page.getByTestId("group")).toHaveCount(4);
  await expectSaved(page);
  const flow = await api.getFlow(bot.id);
  const pasted = (flow.groups as { id: string; title: string; blocks: { id: string }[] }[]).filter((saved) =>
    saved.title.startsWith("Ask"),
  );
  expect(pasted).toHaveLength(2);
  expect(pasted[1]!.id).not.toBe(pasted[0]!.id);
  expect(pasted[1]!.blocks.map((block) => block.id)).not.toContain("b-hi");

  await group(page, "Other").first().getByRole("button", { name: "Other", exact: true }).click();
  await group(page, "Ask")
    .first()
    .getByRole("button", { name: "Ask", exact: true })
    .click({ modifiers: ["Shift"] });
  await page.keyboard.press("Delete");
  await expect(page.getByTestId("group")).toHaveCount(2);
  await expectSaved(page);
  expect(await savedTitles()).toEqual(["Ask", "Other"]);
});

test("saving: a network failure keeps the edit, warns before leaving and retries", async ({ page, user }) => {
  const { api, bot } = await openNewBot(page, user.workspaceId, "Offline", smallFlow);
  const isSave = (url: URL) => url.pathname.includes("bots.updateBot");
  let isOffline = true;
  await page.route(isSave, (route) => (isOffline ? route.abort("internetdisconnected") : route.continue()));

  await renameGroup(page, "Other", "Offline edit");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "offline");
  await expect(page.getByTestId("save-status")).toContainText("Offline, retrying");
  const dialog = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const warning = await dialog;
  expect(warning.type()).toBe("beforeunload");
  await warning.dismiss();
  expect(page.isClosed()).toBe(false);

  // Back online. "Retry now" saves at once; the retry scheduled with backoff may get there
  // first (then the button is gone), which is fine: either way the edit must be saved.
  isOffline = false;
  await page
    .getByTestId("save-status")
    .getByRole("button", { name: "Retry now" })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expectSaved(page);
  const titles = ((await api.getFlow(bot.id)).groups as { title: string }[]).map((saved) => saved.title);
  expect(titles).toContain("Offline edit");
});

test("blocks are reordered and moved between groups by drag; zoom, pan and fit view", async ({
  page,
  user,
}) => {
  const { api, bot } = await openNewBot(page, user.workspaceId, "Moves", smallFlow);
  const savedBlocks = async () =>
    Object.fromEntries(
      ((await api.getFlow(bot.id)).groups as { title: string; blocks: { id: string }[] }[]).map((saved) => [
        saved.title,
        saved.blocks.map((block) => block.id),
      ]),
    );
  const top = async (blockId: string) => {
    const box = (await blockRow(page, blockId).boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + 3 };
  };

  await dragTo(page, blockRow(page, "b-call"), await top("b-hi"));
  await expectSaved(page);
  expect(await savedBlocks()).toEqual({ Ask: ["b-call", "b-hi", "b-name"], Other: ["b-bye"] });

  const other = (await group(page, "Other").boundingBox())!;
  await dragTo(page, blockRow(page, "b-hi"), { x: other.x + other.width / 2, y: other.y + other.height - 6 });
  await expectSaved(page);
  expect(await savedBlocks()).toEqual({ Ask: ["b-call", "b-name"], Other: ["b-bye", "b-hi"] });

  const pane = (await page.locator(".react-flow__pane").boundingBox())!;
  await dragTo(page, blockRow(page, "b-bye"), { x: pane.x + 500, y: pane.y + 420 });
  await expectSaved(page);
  expect(await savedBlocks()).toEqual({ Ask: ["b-call", "b-name"], Other: ["b-hi"], "Group #3": ["b-bye"] });

  const scale = async () =>
    Number(
      /scale\(([\d.]+)\)/.exec(
        (await page.locator(".react-flow__viewport").getAttribute("style")) ?? "",
      )?.[1],
    );
  const translate = () => page.locator(".react-flow__viewport").getAttribute("style");
  await page.getByRole("button", { name: "Zoom In" }).click();
  await expect.poll(scale).toBeGreaterThan(1);
  const before = await translate();
  await page.mouse.move(pane.x + 600, pane.y + pane.height - 40);
  await page.mouse.down();
  await page.mouse.move(pane.x + 400, pane.y + pane.height - 140, { steps: 8 });
  await page.mouse.up();
  expect(await translate()).not.toBe(before);
  await page.getByRole("button", { name: "Fit view" }).click();
  await expect(page.getByTestId("group")).toHaveCount(3);
  for (const title of ["Ask", "Other", "Group #3"]) await expect(group(page, title)).toBeInViewport();
  await expect(page.getByTestId("rf__minimap")).toBeVisible();
});

// The catalogue's kinds in four parts, each its own test on its own bot (they run in parallel): one test
// dragging every kind took over three minutes on two loaded cores.
const catalogueParts = 4;
for (let part = 0; part < catalogueParts; part++) {
  test(`every block kind of the catalogue is dropped and opens its settings panel (part ${part + 1} of ${catalogueParts})`, async ({
    page,
    user,
  }) => {
    test.setTimeout(120_000);
    const { api, bot } = await openNewBot(page, user.workspaceId, "Every kind");
    const entries = page.locator("[data-block-type]");
    const kinds = await entries.evaluateAll((elements) =>
      elements.map((element) => ({
        type: element.getAttribute("data-block-type")!,
        label: element.textContent!,
      })),
    );
    // The catalogue offers every block kind an author can add (an unsupported block only comes from
    // an import).
    expect(kinds.map((kind) => kind.type).sort()).toEqual(
      blockDefinitions
        .filter((definition) => !definition.catalogue.isHidden)
        .map((definition) => definition.type as string)
        .sort(),
    );
    const pane = (await page.locator(".react-flow__pane").boundingBox())!;
    const dropped = kinds.filter((_, index) => index % catalogueParts === part);
    for (const [index, kind] of kinds.entries()) {
      if (index % catalogueParts !== part) continue;
      const entry = entries.nth(index);
      await entry.scrollIntoViewIfNeeded();
      await dragTo(page, entry, { x: pane.x + 120 + (index % 6) * 10, y: pane.y + 60 + (index % 6) * 10 });
      const settings = page.getByTestId("block-settings");
      await expect(settings).toHaveAttribute("aria-label", `${kind.label} settings`);
      await expect(settings.getByRole("heading", { name: kind.label, exact: true })).toBeVisible();
    }
    await expectSaved(page);
    const saved = (await api.getFlow(bot.id)).groups as { blocks: { type: string }[] }[];
    expect(saved.flatMap((savedGroup) => savedGroup.blocks.map((block) => block.type)).sort()).toEqual(
      dropped.map((kind) => kind.type).sort(),
    );
  });
}

test("Jump and Bot link: their targets are picked by group title and saved as ids", async ({
  page,
  user,
}) => {
  const flow = {
    ...smallFlow,
    groups: [
      {
        ...smallFlow.groups[0]!,
        blocks: [
          { id: "b-jump", type: "Jump", options: {} },
          { id: "b-link", type: "Bot link", options: {} },
        ],
      },
      smallFlow.groups[1]!,
    ],
  };
  const { api, bot } = await openNewBot(page, user.workspaceId, "Targets", flow);
  const settings = page.getByTestId("block-settings");

  await blockRow(page, "b-jump").click();
  await expect(settings.getByLabel("Block", { exact: true })).toHaveCount(0);
  await settings.getByLabel("Group", { exact: true }).selectOption({ label: "Other" });
  await settings.getByLabel("Block", { exact: true }).selectOption("b-bye");

  await blockRow(page, "b-link").click();
  await settings.getByLabel("Bot", { exact: true }).selectOption({ label: "This bot" });
  await expect(settings.getByLabel("Group", { exact: true })).toHaveValue("");
  await expect(settings.getByLabel("Group", { exact: true }).locator("option").first()).toHaveText(
    "The start",
  );
  await settings.getByLabel("Group", { exact: true }).selectOption({ label: "Other" });
  await page.getByRole("button", { name: "Close settings" }).click();
  await expectSaved(page);

  const saved = await api.getFlow(bot.id);
  expect(savedBlock(saved, "b-jump").options).toEqual({ groupId: "g-other", blockId: "b-bye" });
  expect(savedBlock(saved, "b-link").options).toMatchObject({ botId: "current", groupId: "g-other" });
});
