import type { FakeProviderServer } from "../packages/integrations/src/testing/fakeProviderServer";
import { startFakeOpenAiServer } from "../packages/integrations/src/testing/openAiProtocolServer";
import { expectNoAxeViolations } from "./support/axe";
import { expectSaved, openNewBot } from "./support/editorPage";
import { callMutation, callQuery, expect, test } from "./support/fixtures";

// The AI agent's settings panel and its test run, against a local server speaking OpenAI's chat and
// embeddings protocols (the e2e install allows 127.0.0.1 through OUTBOUND_ALLOWED_HOSTS); the builder's own
// worker indexes the knowledge base.

const apiKey = "sk-e2e-agent-panel-0123456789abcdef";
let openai: FakeProviderServer;

test.beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
});
test.afterAll(() => openai.close());

test("AI agent panel: knowledge, tools with a JSON Schema, one port per path, and a test run showing each step", async ({
  page,
  user,
}) => {
  test.setTimeout(150_000);
  const { credentials } = await callMutation<{ credentials: { id: string } }>(
    page.request,
    "credentials.createCredentials",
    {
      workspaceId: user.workspaceId,
      credentials: { type: "openai", name: "Local OpenAI", data: { apiKey, baseUrl: `${openai.origin}/v1` } },
    },
  );
  const { knowledgeBase } = await callMutation<{ knowledgeBase: { id: string } }>(
    page.request,
    "knowledgeBases.createKnowledgeBase",
    {
      workspaceId: user.workspaceId,
      knowledgeBase: {
        name: "Help centre",
        credentialsId: credentials.id,
        embeddingModel: "text-embedding-3-small",
      },
    },
  );
  await callMutation(page.request, "knowledgeBases.createKnowledgeSource", {
    knowledgeBaseId: knowledgeBase.id,
    source: {
      type: "text",
      name: "Returns policy",
      text: "# Returns\n\nItems can be returned within 30 days of delivery for a full refund.",
    },
  });
  await expect
    .poll(
      async () =>
        (
          await callQuery<{ sources: { status: string }[] }>(
            page.request,
            "knowledgeBases.listKnowledgeSources",
            {
              knowledgeBaseId: knowledgeBase.id,
            },
          )
        ).sources.map((source) => source.status),
      { timeout: 60_000 },
    )
    .toEqual(["ready"]);

  await openNewBot(page, user.workspaceId, "Agent panel", {
    events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: [
      {
        id: "g-main",
        title: "Main",
        graphCoordinates: { x: 200, y: 0 },
        blocks: [
          {
            id: "b-agent",
            type: "AI agent",
            items: [
              { id: "i-human", name: "talk_to_a_human", description: "The visitor asks for a person" },
              { id: "i-order", name: "place_order", description: "The visitor wants to buy" },
            ],
            options: { provider: "openai", model: "gpt-4o-mini" },
          },
        ],
      },
    ],
    edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-main" } }],
    variables: [{ id: "v-email", name: "Email" }],
  });
  // One port per "go to a group" path on the canvas; no default exit while the fallback stays.
  const agentNode = page.locator('[data-block-id="b-agent"]');
  for (const itemId of ["i-human", "i-order"])
    await expect(page.locator(`.react-flow__handle[data-handleid="i:${itemId}"]`)).toHaveCount(1);
  await expect(page.locator('.react-flow__handle[data-handleid="b:b-agent"]')).toHaveCount(0);

  await agentNode.click();
  const panel = page.getByTestId("block-settings");
  await expect(panel.getByRole("heading", { name: "AI agent", exact: true })).toBeVisible();
  // Tools are edited per kind, not as an unknown JSON field.
  await expect(panel.locator('[data-field="tools"]').getByTestId("code-editor")).toHaveCount(0);

  await panel.getByLabel("Credentials").selectOption({ label: "Local OpenAI" });
  await panel.getByLabel("Instructions").fill("You help the shop's customers. Their e-mail: {{Email}}");
  await panel.getByRole("checkbox", { name: "Help centre" }).check();

  // An HTTP request tool, its parameters written by the list, then checked as JSON.
  const tools = panel.locator('[data-field="tools"]');
  await tools.getByLabel("Kind of tool").selectOption({ label: "HTTP request" });
  await tools.getByRole("button", { name: "Add the tool" }).click();
  await expect(panel.locator('[data-field="tools.0.name"] input')).toHaveValue("call_service");
  await panel.locator('[data-field="tools.0.name"] input').fill("track_order");
  await panel.locator('[data-field="tools.0.description"] textarea').fill("Tells where an order is");
  const parameters = panel.locator('[data-field="tools.0.parameters"]');
  await parameters.getByRole("button", { name: "Add a parameter" }).click();
  await parameters.getByLabel("Parameter name").fill("orderId");
  await parameters.getByRole("checkbox", { name: "Required" }).check();
  await panel
    .locator('[data-field="tools.0.url"] input')
    .fill("https://shop.example.test/orders/{{orderId}}");
  await parameters.getByRole("button", { name: "JSON" }).click();
  const json = parameters.getByLabel("Parameters as JSON Schema");
  expect(JSON.parse(await json.inputValue())).toEqual({
    type: "object",
    properties: { orderId: { type: "string" } },
    required: ["orderId"],
  });
  await json.fill('{"type": "object", "properties": {"orderId": {"type": "text"}}}');
  await expect(parameters.getByRole("alert")).toContainText("At /properties/orderId/type");
  await json.fill(
    '{"type": "object", "properties": {"orderId": {"type": "string"}}, "required": ["orderId"]}',
  );
  await expect(parameters.getByRole("alert")).toHaveCount(0);
  await tools.getByLabel("Kind of tool").selectOption({ label: "Set a variable" });
  await tools.getByRole("button", { name: "Add the tool" }).click();
  await panel.locator('[data-field="tools.1.name"] input').fill("save_email");
  await panel.locator('[data-field="tools.1.variableId"]').getByLabel("Variable", { exact: true }).click();
  await page.getByRole("combobox", { name: "Search or create a variable" }).fill("Email");
  await page.getByRole("combobox", { name: "Search or create a variable" }).press("Enter");
  await expect(
    panel.locator('[data-field="tools.1.variableId"]').getByLabel("Variable", { exact: true }),
  ).toHaveText("{{Email}}");
  await expectSaved(page);
  await expectNoAxeViolations(page, "the AI agent panel");

  // The test run: the model searches the knowledge base, then answers citing it.
  openai.script(
    { toolCalls: [{ id: "call_search", name: "search_knowledge", arguments: '{"query":"returns"}' }] },
    { text: "You can return items within 30 days [1]." },
  );
  const testRun = panel.getByRole("region", { name: "Test the agent" });
  await testRun.getByLabel("Visitor message").fill("Can I return my kettle?");
  await testRun.getByLabel("Email").fill("ada@example.test");
  await testRun.getByRole("button", { name: "Run the agent" }).click();
  const steps = testRun.getByTestId("agent-steps").locator(":scope > li");
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText("searches “returns”: 1 passage");
  await expect(steps.nth(0)).toContainText("Returns policy");
  await expect(steps.nth(0)).toContainText("within 30 days of delivery");
  await expect(steps.nth(1)).toContainText("calls search_knowledge");
  await expect(steps.nth(2)).toContainText("You can return items within 30 days [1].");
  await expect(steps.nth(2).getByRole("listitem")).toHaveText(["Returns policy"]);
  const sent = openai.requests.filter((request) => request.path === "/v1/chat/completions").at(-1)?.json as
    | { messages: { role: string; content: string }[]; tools: { function: { name: string } }[] }
    | undefined;
  expect(sent?.messages[0]?.content).toContain("Their e-mail: ada@example.test");
  expect(sent?.tools.map((tool: { function: { name: string } }) => tool.function.name)).toEqual([
    "search_knowledge",
    "no_answer",
    "track_order",
    "save_email",
    "talk_to_a_human",
    "place_order",
  ]);
  await expectNoAxeViolations(page, "the AI agent's test run");

  // The preview: the agent answers, and the steps of its turn are listed under the chat.
  await page.getByRole("button", { name: "Close settings" }).click();
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByTestId("preview-drawer");
  openai.script(
    {
      toolCalls: [{ id: "call_search_2", name: "search_knowledge", arguments: '{"query":"returns window"}' }],
    },
    { text: "Returns are accepted for 30 days [1]." },
  );
  const input = preview.getByPlaceholder("Type your answer...");
  await input.fill("How long do I have to return?");
  await input.press("Enter");
  await expect(
    preview.getByTestId("host-bubble").getByText("Returns are accepted for 30 days", { exact: false }),
  ).toBeVisible();
  const previewSteps = preview.getByTestId("preview-agent-steps");
  await previewSteps.getByText("AI agent steps (1 answer)").click();
  const listed = previewSteps.getByTestId("agent-steps").locator(":scope > li");
  await expect(listed).toHaveCount(2);
  await expect(listed.nth(0)).toContainText("searches “returns window”: 1 passage");
  await expect(listed.nth(0)).toContainText("Returns policy");
  await expect(listed.nth(1)).toContainText("calls search_knowledge");
  await expectNoAxeViolations(page, "the preview with the agent's steps");
});
