import type { FakeProviderServer } from "../packages/integrations/src/testing/fakeProviderServer";
import { startFakeOpenAiServer } from "../packages/integrations/src/testing/openAiProtocolServer";
import { createApiToken } from "./support/bots";
import { expect, test } from "./support/fixtures";

const apiKey = "sk-e2e-streaming-0123456789abcdef";
let openai: FakeProviderServer;

test.beforeAll(async () => {
  // A local server speaking OpenAI's protocol; the e2e install allows 127.0.0.1 (OUTBOUND_ALLOWED_HOSTS).
  openai = await startFakeOpenAiServer(apiKey);
});
test.afterAll(() => openai.close());

const text = (id: string, value: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: value }] }] },
});

test("a preview chat streams an AI block's answer into a bubble, token by token", async ({ page, user }) => {
  const token = await createApiToken(page.request);
  const headers = { Authorization: `Bearer ${token}` };
  const credentials = await page.request.post("/api/v1/credentials", {
    headers,
    data: {
      workspaceId: user.workspaceId,
      credentials: { type: "openai", name: "Local OpenAI", data: { apiKey, baseUrl: `${openai.origin}/v1` } },
    },
  });
  expect(credentials.ok()).toBe(true);
  const credentialsId = ((await credentials.json()) as { credentials: { id: string } }).credentials.id;
  const created = await page.request.post("/api/v1/bots", {
    headers,
    data: {
      workspaceId: user.workspaceId,
      bot: {
        name: "Streaming assistant",
        events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
        groups: [
          {
            id: "g-chat",
            title: "Chat",
            graphCoordinates: { x: 200, y: 0 },
            blocks: [
              text("b-hello", "Ask me anything"),
              { id: "b-ask", type: "text input", options: { variableId: "v-question" } },
              {
                id: "b-ai",
                type: "openai",
                options: {
                  credentialsId,
                  action: "Create chat completion",
                  model: "gpt-4o-mini",
                  messages: [{ role: "user", content: "{{Question}}" }],
                  responseMapping: [{ item: "Message content", variableId: "v-answer" }],
                },
              },
              text("b-answer", "{{Answer}}"),
              text("b-done", "Anything else?"),
            ],
          },
        ],
        edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-chat" } }],
        variables: [
          { id: "v-question", name: "Question" },
          { id: "v-answer", name: "Answer" },
        ],
      },
    },
  });
  expect(created.ok()).toBe(true);
  const botId = ((await created.json()) as { bot: { id: string } }).bot.id;

  openai.setReply("Parley answers every question, one token at a time.");
  const hold = openai.holdStreams();
  await page.goto(`/bots/${botId}/edit`);
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByTestId("preview-drawer");
  await expect(preview.getByText("Ask me anything")).toBeVisible();
  const input = preview.getByPlaceholder("Type your answer...");
  await input.fill("What is Parley?");
  await input.press("Enter");

  // The first token is on screen while the provider still holds the rest.
  await expect(preview.getByText("Parley", { exact: true })).toBeVisible();
  await expect(preview.getByText("one token at a time.")).toHaveCount(0);
  hold.release();
  await expect(preview.getByText("Parley answers every question, one token at a time.")).toBeVisible();
  await expect(preview.getByText("Anything else?")).toBeVisible();
  const sent = openai.requests.at(-1);
  expect(sent?.json).toMatchObject({
    model: "gpt-4o-mini",
    stream: true,
    messages: [{ role: "user", content: "What is Parley?" }],
  });
  expect(sent?.headers.authorization).toBe(`Bearer ${apiKey}`);
});
