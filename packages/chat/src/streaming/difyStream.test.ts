import { getPrisma } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { createTestApiKey } from "@parley/integrations/testing/integrationFixtures";
import { type ServiceServer, startServiceServer } from "@parley/integrations/testing/pluginHarness";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPortServices } from "../core/ports/createPortServices";
import { createAskThenAiFlow, textBubble } from "../testing/askThenAiFlow";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  publishTestBotVersion,
  readResponse,
} from "../testing/chatFixtures";

const apiKey = createTestApiKey("app");
let dify: ServiceServer;
const { chat } = createTestChat({ services: createPortServices({ httpAllowList: ["127.0.0.1"] }) });

/** One Server-Sent Event as Dify writes it: a `data:` line of JSON, the event's name inside. */
const sse = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;
const difyEvent = (event: string, fields: Record<string, unknown>) =>
  sse({
    event,
    conversation_id: "conv-7",
    message_id: "m-1",
    task_id: "t-1",
    created_at: 1767225600,
    ...fields,
  });

beforeAll(async () => {
  dify = await startServiceServer();
});
afterAll(() => dify.close());
beforeEach(() => {
  dify.received.length = 0;
});

/** Ask → Dify (streamed into {{Answer}}) → "{{Answer}}" → "Anything else? …" → ask again. */
async function setUpBot() {
  const bot = await createPublishedTestBot({ events: [], groups: [], edges: [], variables: [] });
  const credentials = await createWorkspaceCredentials(getPrisma(), bot.workspaceId, {
    type: "dify-ai",
    name: "dify",
    data: { apiKey, apiEndpoint: dify.origin },
  });
  await publishTestBotVersion(
    bot.botId,
    createAskThenAiFlow(
      [
        {
          id: "b-dify",
          type: "dify-ai",
          options: {
            credentialsId: credentials.id,
            action: "Create Chat Message",
            query: "{{Question}}",
            conversationVariableId: "v-conversation",
            responseMapping: [
              { item: "Message content", variableId: "v-answer" },
              { item: "Total tokens", variableId: "v-tokens" },
            ],
          },
        },
        textBubble("b-show", "{{Answer}}"),
        textBubble("b-after", "Anything else? ({{Tokens}} tokens, {{Conversation}})"),
        { id: "b-again", type: "text input", options: { variableId: "v-question" } },
      ],
      [
        { id: "v-answer", name: "Answer" },
        { id: "v-tokens", name: "Tokens" },
        { id: "v-conversation", name: "Conversation" },
      ],
    ),
  );
  return bot;
}

const post = (path: string, token: string, body: unknown) => chat(chatRequest(path, { token, body }));

async function startAndAsk(bot: Awaited<ReturnType<typeof setUpBot>>, isStreamEnabled: boolean) {
  const start = await readResponse(
    await post(`/bots/${bot.publicId}/startChat`, bot.chatKey, { isStreamEnabled }),
  );
  expect(start.status).toBe(200);
  const turn = await readResponse(
    await post(`/sessions/${start.body.sessionId}/continueChat`, bot.chatKey, { message: "What is Parley?" }),
  );
  expect(turn.status).toBe(200);
  return { sessionId: start.body.sessionId as string, turn: turn.body };
}

describe("Dify answers streamed to the client", () => {
  it("relays Dify's message events as they arrive, stores the answer and goes on after the bubble", async () => {
    const bot = await setUpBot();
    let sendRest = () => {};
    const restAllowed = new Promise<void>((resolve) => {
      sendRest = resolve;
    });
    dify.answer = (_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(difyEvent("message", { answer: "Parley " }));
      response.write("event: ping\n\n");
      // The rest only once the client has read the first piece: it was relayed before Dify finished.
      void restAllowed.then(() =>
        response.end(
          difyEvent("agent_message", { answer: "streams " }) +
            difyEvent("message", { answer: "Dify's answer." }) +
            difyEvent("message_end", {
              metadata: { usage: { prompt_tokens: 9, completion_tokens: 6, total_tokens: 15 } },
            }),
        ),
      );
    };
    const { sessionId, turn } = await startAndAsk(bot, true);
    expect(turn.clientSideActions).toEqual([
      expect.objectContaining({ type: "stream", stream: true, expectsDedicatedReply: true }),
    ]);
    expect(turn.messages).toEqual([]);
    // The turn did not call Dify: the stream does.
    expect(dify.received).toEqual([]);

    const response = await post(`/sessions/${sessionId}/streamMessage`, bot.chatKey, {});
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const first = await reader.read();
    expect(first.value).toBe("Parley ");
    sendRest();
    const chunks = [first.value!];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const text = chunks.join("");
    expect(text).toBe("Parley streams Dify's answer.");

    expect(dify.received).toHaveLength(1);
    const [request] = dify.received;
    expect(`${request!.method} ${request!.path}`).toBe("POST /v1/chat-messages");
    expect(request!.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(request!.headers.accept).toBe("text/event-stream");
    expect(JSON.parse(request!.body)).toEqual({
      inputs: {},
      query: "What is Parley?",
      response_mode: "streaming",
      conversation_id: "",
      user: "parley",
    });

    const result = await getPrisma().result.findFirstOrThrow({ where: { botId: bot.botId } });
    expect(result.variables).toEqual(
      expect.arrayContaining([
        { id: "v-answer", name: "Answer", value: "Parley streams Dify's answer." },
        { id: "v-conversation", name: "Conversation", value: "conv-7" },
        { id: "v-tokens", name: "Tokens", value: "15" },
      ]),
    );

    const next = await readResponse(
      await post(`/sessions/${sessionId}/continueChat`, bot.chatKey, { message: text }),
    );
    expect(next.status).toBe(200);
    // The streamed bubble is not sent again; the flow goes on after it.
    expect(JSON.stringify(next.body.messages)).not.toContain("Parley streams");
    expect(JSON.stringify(next.body.messages)).toContain("Anything else? (15 tokens, conv-7)");
    expect(next.body.input.id).toBe("b-again");
    expect(JSON.stringify(next.body)).not.toContain(apiKey);
  });

  it("ends the stream on Dify's error event and logs it with the session's block", async () => {
    const bot = await setUpBot();
    dify.answer = (_request, response) =>
      response
        .writeHead(200, { "content-type": "text/event-stream" })
        .end(
          difyEvent("message", { answer: "Half " }) +
            sse({ event: "error", status: 400, code: "provider_quota_exceeded", message: "Quota exceeded" }),
        );
    const { sessionId } = await startAndAsk(bot, true);
    const response = await post(`/sessions/${sessionId}/streamMessage`, bot.chatKey, {});
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("Half ");
    const logs = await getPrisma().log.findMany({ where: { botId: bot.botId } });
    expect(logs).toContainEqual(
      expect.objectContaining({
        status: "error",
        description: "Dify chat message failed mid-stream",
        details: "Quota exceeded",
        context: "b-dify",
      }),
    );
  });

  it("refuses the stream with Dify's refusal, without the key", async () => {
    const bot = await setUpBot();
    dify.answer = (_request, response) =>
      response
        .writeHead(401, { "content-type": "application/json" })
        .end(JSON.stringify({ code: "unauthorized", message: `Access token ${apiKey} is invalid` }));
    const { sessionId } = await startAndAsk(bot, true);
    const refused = await readResponse(await post(`/sessions/${sessionId}/streamMessage`, bot.chatKey, {}));
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0]).toMatchObject({ code: "AI_PROVIDER_ERROR" });
    expect(JSON.stringify(refused.body)).not.toContain(apiKey);
    const logs = await getPrisma().log.findMany({ where: { botId: bot.botId } });
    expect(logs).toContainEqual(
      expect.objectContaining({
        status: "error",
        description: "AI answer could not be streamed",
        details: "Dify answered 401: Access token [redacted] is invalid",
        context: "b-dify",
      }),
    );
  });

  it("answers within the turn when the client does not stream", async () => {
    const bot = await setUpBot();
    dify.answer = (_request, response) =>
      response
        .writeHead(200, { "content-type": "text/event-stream" })
        .end(
          difyEvent("message", { answer: "Whole answer." }) +
            difyEvent("message_end", { metadata: { usage: { total_tokens: 4 } } }),
        );
    const { turn } = await startAndAsk(bot, false);
    expect(turn.clientSideActions ?? []).toEqual([]);
    expect(JSON.stringify(turn.messages)).toContain("Whole answer.");
    expect(JSON.stringify(turn.messages)).toContain("Anything else? (4 tokens, conv-7)");
    expect(dify.received).toHaveLength(1);
  });
});
