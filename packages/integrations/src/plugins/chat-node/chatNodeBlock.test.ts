import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApiKey, createWorkspaceWithCredentials } from "../../testing/integrationFixtures";
import { runPluginBlock, type ServiceServer, startServiceServer } from "../../testing/pluginHarness";

const apiKey = createTestApiKey("chatnode");
let chatNode: ServiceServer;
let workspace: Awaited<ReturnType<typeof createWorkspaceWithCredentials>>;

beforeAll(async () => {
  chatNode = await startServiceServer();
  workspace = await createWorkspaceWithCredentials([
    { type: "chat-node", name: "account", data: { apiKey, apiUrl: chatNode.origin } },
  ]);
});
afterAll(() => chatNode.close());
beforeEach(() => {
  chatNode.received.length = 0;
  chatNode.answer = (_request, response) =>
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ message: "Our plans start at 9 €.", chat_session_id: "thread-7" }));
});

const runChatNode = (options: Record<string, unknown>) =>
  runPluginBlock(workspace.workspaceId, {
    id: "chatnode",
    type: "chat-node",
    options: { credentialsId: workspace.credentialsIds.account, action: "Send Message", ...options },
  });

describe("ChatNode block against ChatNode's bot API", () => {
  it("sends the message to the bot and saves the reply and the thread id", async () => {
    const { logs, variables } = await runChatNode({
      botId: "68c052c5c3680f63",
      message: "Which plan for {{Email}}?",
      responseMapping: [
        { item: "Message", variableId: "v-out" },
        { item: "Thread ID", variableId: "v-out2" },
      ],
    });
    expect(logs).toEqual([{ status: "success", description: "ChatNode answered" }]);
    expect(variables["v-out"]).toBe("Our plans start at 9 €.");
    expect(variables["v-out2"]).toBe("thread-7");
    const [request] = chatNode.received;
    expect(`${request!.method} ${request!.path}`).toBe("POST /v1/68c052c5c3680f63");
    expect(request!.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.body).toBe(JSON.stringify({ message: "Which plan for ada@example.com?" }));
  });

  it("continues the thread the block names", async () => {
    await runChatNode({ botId: "b1", message: "Again", threadId: "{{Plan}}" });
    expect(JSON.parse(chatNode.received[0]!.body)).toEqual({ message: "Again", chat_session_id: "pro" });
  });

  it("logs ChatNode's refusal without the key, and a block without bot or account", async () => {
    chatNode.answer = (_request, response) =>
      response
        .writeHead(401, { "content-type": "application/json" })
        .end(JSON.stringify({ error: `Invalid API key ${apiKey}` }));
    const refused = await runChatNode({
      botId: "b1",
      message: "Hi",
      responseMapping: [{ item: "Message", variableId: "v-out" }],
    });
    expect(refused.logs).toEqual([
      {
        status: "error",
        description: "ChatNode refused the message",
        details: "ChatNode answered 401: Invalid API key [redacted]",
      },
    ]);
    expect(refused.variables["v-out"]).toBeUndefined();
    const noBot = await runChatNode({ message: "Hi" });
    expect(noBot.logs).toEqual([
      { status: "error", description: "ChatNode Send Message: no bot ID; skipped" },
    ]);
    const noAccount = await runPluginBlock(workspace.workspaceId, {
      id: "chatnode",
      type: "chat-node",
      options: { action: "Send Message", botId: "b1", message: "Hi" },
    });
    expect(noAccount.logs).toEqual([
      { status: "error", description: "ChatNode block has no account; skipped" },
    ]);
    expect(chatNode.received).toHaveLength(1);
  });
});
