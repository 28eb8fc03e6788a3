import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { text } from "./support/editorFlows";
import { expectSaved, mod, openNewBot } from "./support/editorPage";
import { expect, test } from "./support/fixtures";

/** A price service on 127.0.0.1 (allowed by the e2e servers' OUTBOUND_ALLOWED_HOSTS), counting its calls. */
async function startPriceService(): Promise<{ server: Server; url: string; calls: () => number }> {
  let calls = 0;
  const server = createServer((_request, response) => {
    calls++;
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ price: 42 }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/quote`, calls: () => calls };
}

/** Asks a name, fetches a price from the service, then answers with both. */
const quoteFlow = (serviceUrl: string) => ({
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
      id: "g-quote",
      title: "Quote",
      graphCoordinates: { x: 620, y: 0 },
      blocks: [
        {
          id: "b-quote",
          type: "Webhook",
          options: {
            webhook: { url: serviceUrl, method: "GET" },
            responseVariableMapping: [{ id: "m-price", variableId: "v-price", bodyPath: "data.price" }],
          },
        },
        text("b-answer", "Nice to meet you, {{Name}}. Pro costs {{Price}}."),
      ],
    },
  ],
  edges: [
    { id: "e-start", from: { eventId: "start" }, to: { groupId: "g-hello" } },
    { id: "e-name", from: { blockId: "b-name" }, to: { groupId: "g-quote" } },
  ],
  variables: [
    { id: "v-name", name: "Name" },
    { id: "v-price", name: "Price" },
  ],
});

const block = (page: Page, blockId: string) =>
  page.locator(`[data-testid=block][data-block-id="${blockId}"]`);

/** Rewrites the answer's text bubble in its settings panel and waits for the save. */
async function rewriteAnswer(page: Page, content: string) {
  // The Tests panel covers the right of the canvas, where the block is.
  const close = page.getByRole("button", { name: "Close tests" });
  if (await close.isVisible()) await close.click();
  await block(page, "b-answer").click();
  const editor = page.getByTestId("block-settings").getByTestId("rich-text-editor");
  await editor.click();
  await page.keyboard.press(`${mod}+a`);
  await page.keyboard.type(content);
  await expectSaved(page);
}

test("bot tests: a preview saved as a test, a broken bot refused at publish with the failure shown, fixed, published", async ({
  page,
  user,
}) => {
  test.setTimeout(240_000);
  const service = await startPriceService();
  try {
    const { bot } = await openNewBot(page, user.workspaceId, "Tested bot", quoteFlow(service.url));

    // The author chats in the preview (the service is called once), then saves the conversation as a test.
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const preview = page.getByTestId("preview-drawer");
    await expect(preview.getByText("Hi! What's your name?")).toBeVisible();
    const answer = preview.getByPlaceholder("Type your answer...");
    await answer.fill("Ada");
    await answer.press("Enter");
    await expect(preview.getByText("Nice to meet you, Ada. Pro costs 42.")).toBeVisible();
    expect(service.calls()).toBe(1);
    await preview.getByRole("button", { name: "Save as test" }).click();

    // The Tests panel opens on the recorded test: it passed, its steps are the conversation, the HTTP call's
    // recorded answer is its stub.
    const panel = page.getByTestId("tests-panel");
    const editor = panel.getByTestId("test-editor");
    await expect(editor.getByLabel("Test name")).toHaveValue("Recorded test 1");
    await expect(editor.getByText("Passed")).toBeVisible();
    await expect(editor.getByLabel("Step 3: text typed")).toHaveValue("Ada");
    await expect(editor.getByLabel("Step 4: text the message contains")).toHaveValue(
      "Nice to meet you, Ada. Pro costs 42.",
    );
    await expect(editor.getByLabel("Stubs")).toHaveValue(/"blockId": "b-quote"[\s\S]*price/);
    await expectSaved(page);
    await preview.getByRole("button", { name: "Close the preview" }).click();
    await editor.getByRole("button", { name: "Back to the tests" }).click();
    await expect(panel.getByTestId("test-row")).toHaveCount(1);
    await expectNoAxeViolations(page, "the Tests panel");

    // The author breaks the bot: the test fails at the answer, showing what it expected and what the bot said.
    await rewriteAnswer(page, "Bye {{Name}}.");
    await page.getByRole("button", { name: "Tests", exact: true }).click();
    await panel.getByRole("button", { name: "Run all" }).click();
    const failure = panel.getByTestId("test-failure");
    await expect(failure).toContainText("Step 4");
    await expect(failure).toContainText('a message containing "Nice to meet you, Ada. Pro costs 42."');
    await expect(failure).toContainText('the bot\'s messages: "Bye Ada."');
    await expectNoAxeViolations(page, "the Tests panel with a failing test");

    // Publishing is refused, the dialog lists the failing test; an admin is offered to publish anyway.
    await page.goto(`/bots/${bot.id}/share`);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Not published: 1 test fails" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("publish-failing-tests")).toContainText(
      'Test "Recorded test 1" failed at step 4: expected a message containing "Nice to meet you, Ada. Pro costs 42."',
    );
    await expect(dialog.getByRole("button", { name: "Publish anyway" })).toBeVisible();
    await expectNoAxeViolations(page, "the publish dialog with failing tests");

    // The author fixes the bot from the dialog's link (the Tests panel opens), then publishes.
    await dialog.getByRole("link", { name: "Open the tests" }).click();
    await expect(page.getByTestId("flow-editor")).toHaveAttribute("data-editor-ready", "true");
    await expect(panel).toBeVisible();
    await rewriteAnswer(page, "Nice to meet you, {{Name}}. Pro costs {{Price}}.");
    await page.goto(`/bots/${bot.id}/share`);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("banner").getByText("Published")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Neither the test runs nor publishing called the service: tests never reach the outside world.
    expect(service.calls()).toBe(1);
  } finally {
    await new Promise((resolve) => service.server.close(resolve));
  }
});
