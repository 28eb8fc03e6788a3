import { generateKeyPairSync } from "node:crypto";
import type { FakeProviderServer } from "../packages/integrations/src/testing/fakeProviderServer";
import { startGoogleSheetsProtocolServer } from "../packages/integrations/src/testing/googleSheetsProtocolServer";
import { startFakeOpenAiServer } from "../packages/integrations/src/testing/openAiProtocolServer";
import { type LocalSmtpServer, startSmtpServer } from "../packages/integrations/src/testing/startSmtpServer";
import { createBotApi } from "./support/botApi";
import { createApiToken } from "./support/bots";
import { expect, test } from "./support/fixtures";

// Local servers speaking OpenAI's protocol and SMTP; the e2e install allows 127.0.0.1 (OUTBOUND_ALLOWED_HOSTS).
const apiKey = "sk-e2e-settings-panel-0123456789abcdef";
let openai: FakeProviderServer;
let smtp: LocalSmtpServer;

test.beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
  smtp = await startSmtpServer();
});
test.afterAll(() => Promise.all([openai.close(), smtp.close()]));

/** A bot with an OpenAI block (no credentials yet) and an e-mail block, created over REST. */
async function createIntegrationBot(request: Parameters<typeof createApiToken>[0], workspaceId: string) {
  const api = await createBotApi(request);
  const bot = await api.createBot(workspaceId, {
    name: "Integrations panel",
    events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: [{ id: "g-main", title: "Main", graphCoordinates: { x: 200, y: 0 }, blocks: integrationBlocks }],
    edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-main" } }],
    variables: [
      { id: "v-question", name: "Question" },
      { id: "v-answer", name: "Answer" },
      { id: "v-email", name: "Email" },
    ],
  });
  return { botId: bot.id, headers: { Authorization: `Bearer ${await createApiToken(request)}` } };
}

const integrationBlocks = [
  { id: "b-ask", type: "text input", options: { variableId: "v-question" } },
  {
    id: "b-ai",
    type: "openai",
    options: {
      action: "Create chat completion",
      messages: [{ id: "m1", role: "user", content: "Say: " }],
      responseMapping: [{ id: "r1", item: "Message content", variableId: "v-answer" }],
    },
  },
  {
    id: "b-mail",
    type: "Email",
    options: {
      recipients: ["{{Email}}"],
      subject: "Question from the panel: {{Question}}",
      body: "They asked {{Question}}",
      isCustomBody: true,
    },
  },
];

test("AI block panel: add credentials in place, pick a listed model, insert a variable, test the block", async ({
  page,
  user,
}) => {
  const { botId } = await createIntegrationBot(page.request, user.workspaceId);
  await page.goto(`/bots/${botId}/edit`);
  await page.locator('[data-block-id="b-ai"]').click();
  const panel = page.getByTestId("block-settings");
  await expect(panel.getByRole("heading", { name: "OpenAI" })).toBeVisible();
  await expect(panel.getByText("Choose credentials to list the provider's models.")).toBeVisible();

  // "Add new" in the picker opens the credentials form; the new credentials become the block's.
  await panel.getByLabel("Account").selectOption({ label: "Add new OpenAI credentials…" });
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Local OpenAI");
  await dialog.getByLabel("API key").fill(apiKey);
  await dialog.getByLabel("Base URL").fill(`${openai.origin}/v1`);
  await dialog.getByRole("button", { name: "Save credentials" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByLabel("Account").locator("option:checked")).toHaveText("Local OpenAI");

  // The model dropdown lists what the provider's /models answered.
  await expect(panel.getByText("4 models available; type to filter.")).toBeVisible();
  await expect(panel.getByTestId("model-options").locator("option")).toHaveCount(4);
  const modelValues = await panel
    .getByTestId("model-options")
    .locator("option")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(modelValues.sort()).toEqual(["gpt-4o", "gpt-4o-mini", "tts-1", "whisper-1"]);
  await panel.getByLabel("Model").fill("gpt-4o-mini");

  // Message list editor: the variable goes in at the caret.
  const content = panel.locator('[data-field="messages.0.content"]');
  await content.locator("textarea, input").first().click();
  await content.locator("textarea, input").first().press("End");
  await content.getByRole("button", { name: "Insert a variable" }).click();
  await page.getByRole("listbox", { name: "Variables" }).getByRole("option", { name: "Question" }).click();
  await expect(content.locator("textarea, input").first()).toHaveValue("Say: {{Question}}");

  // Test: runs the block once on the server with the sample value.
  const testSection = panel.getByRole("region", { name: "Test the block" });
  await testSection.getByLabel("Question").fill("What is Parley?");
  await testSection.getByRole("button", { name: "Run the block" }).click();
  const result = panel.getByTestId("block-test-result");
  await expect(result).toContainText("Answer");
  await expect(result).toContainText("You said: Say: What is Parley?");
  const sent = openai.requests.at(-1);
  expect(sent?.json).toMatchObject({
    model: "gpt-4o-mini",
    messages: [{ role: "user", content: "Say: What is Parley?" }],
  });
  expect(sent?.headers.authorization).toBe(`Bearer ${apiKey}`);
  expect(await page.content()).not.toContain(apiKey);
});

test("AI block panel: function tools with their parameters and code, run by the Test button", async ({
  page,
  user,
}) => {
  const api = await createBotApi(page.request);
  const bot = await api.createBot(user.workspaceId, {
    name: "Tools panel",
    events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: [
      {
        id: "g-main",
        title: "Main",
        graphCoordinates: { x: 200, y: 0 },
        blocks: [
          {
            id: "b-ai",
            type: "openai",
            options: {
              action: "Create chat completion",
              model: "gpt-4o-mini",
              messages: [{ id: "m1", role: "user", content: "{{Question}}" }],
              responseMapping: [{ id: "r1", item: "Message content", variableId: "v-answer" }],
              tools: [
                {
                  id: "t1",
                  type: "function",
                  name: "add",
                  description: "Adds two numbers",
                  parameters: [
                    { id: "p1", name: "a", type: "number", required: true },
                    { id: "p2", name: "b", type: "number", required: true },
                  ],
                  code: "return a + b;",
                },
              ],
            },
          },
        ],
      },
    ],
    edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-main" } }],
    variables: [
      { id: "v-question", name: "Question" },
      { id: "v-answer", name: "Answer" },
    ],
  });
  await page.goto(`/bots/${bot.id}/edit`);
  await page.locator('[data-block-id="b-ai"]').click();
  const panel = page.getByTestId("block-settings");
  await expect(panel.getByRole("heading", { name: "OpenAI" })).toBeVisible();

  // The tool's fields: name, parameters as a list, code in the code editor; its type stays hidden.
  await expect(panel.locator('[data-field="tools.0.name"] input')).toHaveValue("add");
  await expect(panel.locator('[data-field="tools.0.parameters.1.name"] input')).toHaveValue("b");
  await expect(panel.locator('[data-field="tools.0.code"]').getByTestId("code-editor")).toHaveValue(
    "return a + b;",
  );
  await expect(panel.locator('[data-field="tools.0.type"]')).toHaveCount(0);
  // A parameter's allowed values show once it is an enum.
  await panel.locator('[data-field="tools.0.parameters"]').getByRole("button", { name: "Add" }).click();
  const added = panel.locator('[data-field="tools.0.parameters.2.type"] select');
  await expect(panel.locator('[data-field="tools.0.parameters.2.values"]')).toHaveCount(0);
  await added.selectOption("enum");
  await expect(panel.locator('[data-field="tools.0.parameters.2.values"]')).toBeVisible();

  await panel.getByLabel("Account").selectOption({ label: "Add new OpenAI credentials…" });
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Local OpenAI");
  await dialog.getByLabel("API key").fill(apiKey);
  await dialog.getByLabel("Base URL").fill(`${openai.origin}/v1`);
  await dialog.getByRole("button", { name: "Save credentials" }).click();
  await expect(dialog).toHaveCount(0);

  // Test: the model calls the tool, its code runs on the arguments, the result goes back, the answer shows.
  openai.script(
    { toolCalls: [{ id: "call_add", name: "add", arguments: '{"a":2,"b":40}' }] },
    { text: "The sum is 42." },
  );
  const testSection = panel.getByRole("region", { name: "Test the block" });
  await testSection.getByLabel("Question").fill("What is 2 + 40?");
  await testSection.getByRole("button", { name: "Run the block" }).click();
  await expect(panel.getByTestId("block-test-result")).toContainText("The sum is 42.");
  expect(openai.requests.at(-1)?.json?.messages).toContainEqual({
    role: "tool",
    tool_call_id: "call_add",
    content: "42",
  });
});

test("E-mail block panel: pick SMTP credentials and send a test e-mail", async ({ page, user }) => {
  const { botId, headers } = await createIntegrationBot(page.request, user.workspaceId);
  const credentials = await page.request.post("/api/v1/credentials", {
    headers,
    data: {
      workspaceId: user.workspaceId,
      credentials: {
        type: "smtp",
        name: "Local mailbox",
        data: { host: "127.0.0.1", port: smtp.port, isTlsEnabled: false, from: { email: "bot@parley.test" } },
      },
    },
  });
  expect(credentials.ok()).toBe(true);
  await page.goto(`/bots/${botId}/edit`);
  await page.locator('[data-block-id="b-mail"]').click();
  const panel = page.getByTestId("block-settings");
  await panel.getByLabel("Account").selectOption({ label: "Local mailbox" });

  const before = smtp.messages.length;
  const testSection = panel.getByRole("region", { name: "Test the block" });
  await testSection.getByLabel("Email").fill("ada@example.com");
  await testSection.getByLabel("Question").fill("Is it sent?");
  await testSection.getByRole("button", { name: "Send a test e-mail" }).click();
  await expect(panel.getByTestId("block-test-result")).toContainText("E-mail sent");
  await expect.poll(() => smtp.messages.length).toBe(before + 1);
  const message = smtp.messages.at(-1)!;
  expect(message.envelope.to).toEqual(["ada@example.com"]);
  expect(message.parsed.subject).toBe("Question from the panel: Is it sent?");
  expect(message.parsed.text?.trim()).toBe("They asked Is it sent?");
});

test("Google Sheets block panel: paste a service-account key and a spreadsheet address, pick a listed sheet", async ({
  page,
  user,
}) => {
  const clientEmail = "e2e-sheets@parley-e2e.iam.gserviceaccount.com";
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  // The builder was started with GOOGLE_* URLs on this port (playwright.config.ts).
  const google = await startGoogleSheetsProtocolServer({
    clientEmail,
    publicKey,
    port: Number(process.env.E2E_GOOGLE_PORT),
  });
  try {
    google.spreadsheets.set("1E2eSheets_list-0", [
      { sheetId: 0, title: "Leads", values: [["Email"]] },
      { sheetId: 918273645, title: "Orders 2026", values: [] },
    ]);
    const api = await createBotApi(page.request);
    const bot = await api.createBot(user.workspaceId, {
      name: "Sheets panel",
      events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
      groups: [
        {
          id: "g-main",
          title: "Main",
          graphCoordinates: { x: 200, y: 0 },
          blocks: [{ id: "b-sheets", type: "Google Sheets", options: {} }],
        },
      ],
      edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-main" } }],
    });
    await page.goto(`/bots/${bot.id}/edit`);
    await page.locator('[data-block-id="b-sheets"]').click();
    const panel = page.getByTestId("block-settings");
    await expect(panel.getByTestId("sheet-list-status")).toHaveText(
      "Choose credentials and a spreadsheet to list its sheets.",
    );

    await panel
      .getByLabel("Account")
      .selectOption({ label: "Add new Google Sheets (service account) credentials…" });
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Sheets robot");
    await dialog
      .getByLabel("Service account key (JSON)")
      .fill(JSON.stringify({ type: "service_account", client_email: clientEmail, private_key: privateKey }));
    await dialog.getByRole("button", { name: "Save credentials" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(panel.getByLabel("Account").locator("option:checked")).toHaveText("Sheets robot");

    await panel
      .getByLabel("Spreadsheet")
      .fill("https://docs.google.com/spreadsheets/d/1E2eSheets_list-0/edit#gid=0");
    await expect(panel.getByLabel("Spreadsheet")).toHaveValue("1E2eSheets_list-0");
    await expect(panel.getByTestId("sheet-list-status")).toHaveText("2 sheets in this spreadsheet.");
    await expect(panel.getByLabel("Sheet", { exact: true }).locator("option")).toHaveText([
      "Choose a sheet…",
      "Leads",
      "Orders 2026",
    ]);
    await panel.getByLabel("Sheet", { exact: true }).selectOption({ label: "Orders 2026" });
    await expect(panel.getByLabel("Action")).toBeVisible();
    await expect
      .poll(async () => {
        const flow = await api.getFlow(bot.id);
        return (flow.groups[0] as { blocks: { options?: Record<string, unknown> }[] }).blocks[0]?.options;
      })
      .toMatchObject({ spreadsheetId: "1E2eSheets_list-0", sheetId: "918273645" });
    expect(google.sheetsRequests.at(-1)?.path).toBe(
      "/v4/spreadsheets/1E2eSheets_list-0?fields=sheets.properties",
    );
    expect(await page.content()).not.toContain("PRIVATE KEY");
  } finally {
    await google.close();
  }
});
