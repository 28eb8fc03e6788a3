import { getPrisma } from "@parley/db";
import { startFakeAnthropicServer } from "@parley/integrations/testing/anthropicProtocolServer";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { createTestApiKey } from "@parley/integrations/testing/integrationFixtures";
import {
  startFakeMistralServer,
  startFakeOpenAiServer,
} from "@parley/integrations/testing/openAiProtocolServer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortServices } from "../core/ports/createPortServices";
import { completionBlock, createAskThenAiFlow, publishAiTestBot, textBubble } from "../testing/askThenAiFlow";
import { chatRequest, createTestChat, readResponse } from "../testing/chatFixtures";

const apiKey = createTestApiKey();
let openai: FakeProviderServer;
let anthropic: FakeProviderServer;
let mistral: FakeProviderServer;
type AiType = "openai" | "anthropic" | "mistral" | "openai-compatible";
const { chat } = createTestChat({
  services: createPortServices({ httpAllowList: ["127.0.0.1"] }),
});

beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
  anthropic = await startFakeAnthropicServer(apiKey);
  mistral = await startFakeMistralServer(apiKey);
});
afterAll(() => Promise.all([openai.close(), anthropic.close(), mistral.close()]));

/** Ask → AI (streamed into {{Answer}}) → "Anything else?" → ask again. */
const createAiFlow = (type: AiType, credentialsId: string, options: Record<string, unknown> = {}) =>
  createAskThenAiFlow(
    [
      completionBlock(
        "b-ai",
        type,
        credentialsId,
        [
          { item: "Message content", variableId: "v-answer" },
          { item: "Total tokens", variableId: "v-tokens" },
        ],
        options,
      ),
      textBubble("b-show", "{{Answer}}"),
      textBubble("b-after", "Anything else? ({{Tokens}} tokens)"),
      {
        id: "b-transcript",
        type: "Set variable",
        options: { variableId: "v-transcript", type: "Transcript" },
      },
      { id: "b-again", type: "text input", options: { variableId: "v-question" } },
    ],
    [
      { id: "v-answer", name: "Answer" },
      { id: "v-tokens", name: "Tokens" },
      { id: "v-transcript", name: "Transcript" },
    ],
  );

async function setUpBot(type: AiType, options: Record<string, unknown> = {}) {
  const server = type === "anthropic" ? anthropic : type === "mistral" ? mistral : openai;
  const bot = await publishAiTestBot(type, server, apiKey, (credentialsId) =>
    createAiFlow(type, credentialsId, options),
  );
  return { bot, server };
}

const post = async (
  handler: (request: Request) => Promise<Response>,
  path: string,
  token: string,
  body: unknown,
) => handler(chatRequest(path, { token, body }));

describe.each(["openai", "anthropic", "mistral", "openai-compatible"] as const)(
  "streamed %s answers over HTTP",
  (type) => {
    it("returns a stream action, streams the chunks in order, stores the answer and goes on", async () => {
      const { bot, server } = await setUpBot(type);
      server.setReply("Parley streams every token");
      const start = await readResponse(
        await post(chat, `/bots/${bot.publicId}/startChat`, bot.chatKey, {
          isStreamEnabled: true,
        }),
      );
      expect(start.status).toBe(200);
      const turn = await readResponse(
        await post(chat, `/sessions/${start.body.sessionId}/continueChat`, bot.chatKey, {
          message: "What is Parley?",
        }),
      );
      expect(turn.status).toBe(200);
      expect(turn.body.clientSideActions).toEqual([
        expect.objectContaining({ type: "stream", stream: true, expectsDedicatedReply: true }),
      ]);
      expect(turn.body.messages).toEqual([]);

      const response = await post(chat, `/sessions/${start.body.sessionId}/streamMessage`, bot.chatKey, {});
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      const chunks: string[] = [];
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
      }
      expect(chunks.join("")).toBe("Parley streams every token");
      expect(chunks.length).toBeGreaterThan(1);
      const sent = server.requests.at(-1)!;
      expect(sent.json).toMatchObject({
        model: "model-s",
        stream: true,
        messages: [{ role: "user", content: "What is Parley?" }],
      });

      // Stored before the body closed: the result already holds the answer.
      const result = await getPrisma().result.findFirstOrThrow({ where: { botId: bot.botId } });
      expect(result.variables).toContainEqual({
        id: "v-answer",
        name: "Answer",
        value: "Parley streams every token",
      });

      const next = await readResponse(
        await post(chat, `/sessions/${start.body.sessionId}/continueChat`, bot.chatKey, {
          message: chunks.join(""),
        }),
      );
      expect(next.status).toBe(200);
      // OpenAI-compatible servers are not asked for usage in streams (not all accept stream_options).
      expect(JSON.stringify(next.body.messages)).toMatch(
        type === "openai-compatible" ? /Anything else\? \( tokens\)/ : /Anything else\? \(\d+ tokens\)/,
      );
      expect(next.body.input.id).toBe("b-again");
      expect(JSON.stringify([start.body, turn.body, next.body])).not.toContain(apiKey);
    });

    it("runs the block's tool steps first and streams only the final answer", async () => {
      const tools = [
        {
          name: "square",
          description: "Squares a number",
          parameters: [{ name: "n", type: "number", required: true }],
          code: "return n * n;",
        },
        { name: "fail", description: "Always fails", parameters: [], code: 'throw new Error("broken")' },
      ];
      const { bot, server } = await setUpBot(type, { tools });
      server.script(
        {
          text: "Let me compute.",
          toolCalls: [
            { id: "call_sq", name: "square", arguments: '{"n":12}' },
            { id: "call_fail", name: "fail", arguments: "{}" },
          ],
        },
        { text: "Twelve squared is 144." },
      );
      const start = await readResponse(
        await post(chat, `/bots/${bot.publicId}/startChat`, bot.chatKey, { isStreamEnabled: true }),
      );
      const turn = await readResponse(
        await post(chat, `/sessions/${start.body.sessionId}/continueChat`, bot.chatKey, {
          message: "What is 12 squared?",
        }),
      );
      expect(turn.body.clientSideActions).toEqual([expect.objectContaining({ type: "stream" })]);
      const before = server.requests.length;
      const response = await post(chat, `/sessions/${start.body.sessionId}/streamMessage`, bot.chatKey, {});
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("Twelve squared is 144.");
      const [first, second] = server.requests.slice(before);
      expect(server.requests.length - before).toBe(2);
      expect(first!.json!.tools).toHaveLength(2);
      expect(second!.json!.messages).toContainEqual(
        type === "anthropic"
          ? {
              role: "user",
              content: [
                { type: "tool_result", tool_use_id: "call_sq", content: "144" },
                { type: "tool_result", tool_use_id: "call_fail", content: "Error: Error: broken" },
              ],
            }
          : { role: "tool", tool_call_id: "call_sq", content: "144" },
      );
      const result = await getPrisma().result.findFirstOrThrow({ where: { botId: bot.botId } });
      expect(result.variables).toContainEqual({
        id: "v-answer",
        name: "Answer",
        value: "Twelve squared is 144.",
      });
      const logs = await getPrisma().log.findMany({ where: { botId: bot.botId } });
      expect(logs).toContainEqual(
        expect.objectContaining({ status: "error", details: "Error: broken", context: "b-ai" }),
      );
    });

    it("stores the whole answer in the variable and the transcript when the client leaves mid-stream", async () => {
      const { bot, server } = await setUpBot(type);
      server.setReply("one two three four five");
      const start = await readResponse(
        await post(chat, `/bots/${bot.publicId}/startChat`, bot.chatKey, {
          isStreamEnabled: true,
        }),
      );
      await post(chat, `/sessions/${start.body.sessionId}/continueChat`, bot.chatKey, {
        message: "Count",
      });
      const hold = server.holdStreams();
      const finished = server.nextStreamFinished();
      const response = await post(chat, `/sessions/${start.body.sessionId}/streamMessage`, bot.chatKey, {});
      const reader = response.body!.getReader();
      await reader.read();
      await reader.cancel();
      hold.release();
      await finished;
      await expect
        .poll(async () => (await getPrisma().result.findFirst({ where: { botId: bot.botId } }))?.variables)
        .toContainEqual({ id: "v-answer", name: "Answer", value: "one two three four five" });
      const session = await getPrisma().chatSession.findUniqueOrThrow({
        where: { id: start.body.sessionId },
      });
      expect((session.state as { transcript: unknown[] }).transcript).toEqual([
        { role: "user", type: "text", text: "Count" },
        { role: "bot", type: "text", text: "one two three four five" },
      ]);
    });
  },
);

describe("streamMessage refusals", () => {
  it("answers BAD_REQUEST when the session waits for no stream, and never a 500", async () => {
    const { bot } = await setUpBot("openai");
    const start = await readResponse(
      await post(chat, `/bots/${bot.publicId}/startChat`, bot.chatKey, {
        isStreamEnabled: true,
      }),
    );
    const response = await readResponse(
      await post(chat, `/sessions/${start.body.sessionId}/streamMessage`, bot.chatKey, {}),
    );
    expect(response.status).toBe(400);
    expect(response.body.issues[0]).toMatchObject({ code: "NOT_STREAMING" });
    const unknown = await readResponse(await post(chat, "/sessions/nope/streamMessage", bot.chatKey, {}));
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0]).toMatchObject({ code: "SESSION_NOT_FOUND" });
  });

  it("logs a provider failure on the result and answers with its reason", async () => {
    const { bot } = await setUpBot("openai");
    const start = await readResponse(
      await post(chat, `/bots/${bot.publicId}/startChat`, bot.chatKey, {
        isStreamEnabled: true,
      }),
    );
    await post(chat, `/sessions/${start.body.sessionId}/continueChat`, bot.chatKey, {
      message: "hi",
    });
    await getPrisma().credentials.deleteMany({ where: { workspaceId: bot.workspaceId } });
    const response = await readResponse(
      await post(chat, `/sessions/${start.body.sessionId}/streamMessage`, bot.chatKey, {}),
    );
    expect(response.status).toBe(400);
    expect(response.body.issues[0]).toMatchObject({ code: "AI_PROVIDER_ERROR" });
    const logs = await getPrisma().log.findMany({ where: { botId: bot.botId } });
    expect(logs).toContainEqual(
      expect.objectContaining({
        status: "error",
        description: "AI answer could not be streamed",
        context: "b-ai",
      }),
    );
  });
});
