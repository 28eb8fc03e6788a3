// Driving the flow editor in browser tests as an author does.
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { createBotApi } from "./botApi";
import { expect } from "./fixtures";

export const mod = process.platform === "darwin" ? "Meta" : "Control";

export async function openEditor(page: Page, botId: string) {
  await page.goto(`/bots/${botId}/edit`);
  await expect(page.getByTestId("flow-editor")).toHaveAttribute("data-editor-ready", "true");
}

/** Creates a bot with `flow` through the REST API and opens it in the editor. */
export async function openNewBot(
  page: Page,
  workspaceId: string,
  name: string,
  flow: Record<string, unknown> = {},
) {
  const api = await createBotApi(page.request);
  const bot = await api.createBot(workspaceId, { name, ...flow });
  await openEditor(page, bot.id);
  return { api, bot };
}

export async function expectSaved(page: Page) {
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
}

/** The group node whose title is `title`. */
export const group = (page: Page, title: string) =>
  page.getByTestId("group").filter({ has: page.getByRole("button", { name: title, exact: true }) });

export async function renameGroup(page: Page, title: string, next: string) {
  await group(page, title).getByRole("button", { name: title, exact: true }).dblclick();
  await page.getByLabel("Group title").fill(next);
  await page.getByLabel("Group title").press("Enter");
}

/** Presses on `source`, moves in steps (the editor starts a drag after a few pixels) and releases on `target`. */
export async function dragTo(page: Page, source: Locator, target: { x: number; y: number }) {
  const box = (await source.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 + 10, { steps: 3 });
  await page.mouse.move(target.x, target.y, { steps: 12 });
  await page.mouse.up();
}

export async function center(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Where the e2e run leaves its screenshots (e2e/artifacts/screenshots/<name>.png). */
export const screenshotPath = (name: string) =>
  path.join(import.meta.dirname, "..", "artifacts", "screenshots", `${name}.png`);
