import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApiKey, createWorkspaceWithCredentials } from "../../testing/integrationFixtures";
import { runPluginBlock, type ServiceServer, startServiceServer } from "../../testing/pluginHarness";

const apiKey = createTestApiKey("app");
let dify: ServiceServer;
let workspace: Awaited<ReturnType<typeof createWorkspaceWithCredentials>>;

/** Dify's streaming answer: `data:` lines of JSON events, the event's name inside, a ping between. */
const sse = (events: unknown[]) =>
  `${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("event: ping\n\n")}`;

beforeAll(async () => {
  dify = await startServiceServer();
  workspace = await createWorkspaceWithCredentials([
    { type: "dify-ai", name: "app", data: { apiKey, apiEndpoint: dify.origin } },
  ]);
});
afterAll(() => dify.close());
beforeEach(() => {
  dify.received.length = 0;
  dify.answer = (_request, response) =>
    response.writeHead(200, { "content-type": "text/event-stream" }).end(
      sse([
        { event: "message", conversation_id: "conv-42", message_id: "m1", answer: "Hello " },
        { event: "agent_message", conversation_id: "conv-42", message_id: "m1", answer: "Ada!" },
        {
          event: "message_end",
          conversation_id: "conv-42",
          message_id: "m1",
          metadata: { usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } },
        },
      ]),
    );
});

const runDify = (options: Record<string, unknown>) =>
  runPluginBlock(workspace.workspaceId, {
    id: "dify",
    type: "dify-ai",
    options: { credentialsId: workspace.credentialsIds.app, action: "Create Chat Message", ...options },
  });

describe("Dify block against Dify's chat-messages API", () => {
  it("sends the query in streaming mode, joins the streamed answer and keeps the conversation id", async () => {
    const { logs, variables } = await runDify({
      query: "Hi, I am {{Email}}",
      conversationVariableId: "v-out2",
      inputs: [{ key: "plan", value: "{{Plan}}" }],
      responseMapping: [
        { item: "Message content", variableId: "v-out" },
        { item: "Total tokens", variableId: "v-plan" },
      ],
    });
    expect(logs).toEqual([{ status: "success", description: "Dify answered" }]);
    expect(variables["v-out"]).toBe("Hello Ada!");
    expect(variables["v-out2"]).toBe("conv-42");
    expect(variables["v-plan"]).toBe("15");
    const [request] = dify.received;
    expect(`${request!.method} ${request!.path}`).toBe("POST /v1/chat-messages");
    expect(request!.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(JSON.parse(request!.body)).toEqual({
      inputs: { plan: "pro" },
      query: "Hi, I am ada@example.com",
      response_mode: "streaming",
      conversation_id: "",
      user: "parley",
    });
  });

  it("continues the conversation whose id the variable holds", async () => {
    await runDify({ query: "Again", conversationVariableId: "v-plan", user: "{{Email}}" });
    expect(JSON.parse(dify.received[0]!.body)).toMatchObject({
      conversation_id: "pro",
      user: "ada@example.com",
    });
  });

  it("logs an error event of the stream and Dify's refusal without the key", async () => {
    dify.answer = (_request, response) =>
      response
        .writeHead(200, { "content-type": "text/event-stream" })
        .end(
          sse([{ event: "error", status: 400, code: "provider_quota_exceeded", message: "Quota exceeded" }]),
        );
    const failed = await runDify({
      query: "Hi",
      responseMapping: [{ item: "Message content", variableId: "v-out" }],
    });
    expect(failed.logs).toEqual([
      { status: "error", description: "Dify failed while answering", details: "Quota exceeded" },
    ]);
    expect(failed.variables["v-out"]).toBeUndefined();
    dify.answer = (_request, response) =>
      response
        .writeHead(401, { "content-type": "application/json" })
        .end(JSON.stringify({ code: "unauthorized", message: `Access token ${apiKey} is invalid` }));
    const refused = await runDify({ query: "Hi" });
    expect(refused.logs).toEqual([
      {
        status: "error",
        description: "Dify refused the message",
        details: "Dify answered 401: Access token [redacted] is invalid",
      },
    ]);
  });
});
