import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { createTestApiKey } from "@parley/integrations/testing/integrationFixtures";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortServices } from "../core/ports/createPortServices";
import { completionBlock, createAskThenAiFlow, publishAiTestBot, textBubble } from "../testing/askThenAiFlow";
import { chatRequest, createTestChat, readResponse } from "../testing/chatFixtures";

const apiKey = createTestApiKey();
let openai: FakeProviderServer;
const { chat } = createTestChat({
  services: createPortServices({ httpAllowList: ["127.0.0.1"] }),
});

beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
});
afterAll(() => openai.close());

/**
 * The gallery's basic ChatGPT loop: the question is appended to "Chat history", the completion reads
 * that list as its Dialogue, the answer is shown and appended too, and the flow asks again.
 */
function createDialogueFlow(credentialsId: string) {
  const append = (id: string, item: string) => ({
    id,
    type: "Set variable",
    options: { variableId: "v-history", type: "Append value(s)", item },
  });
  const flow = createAskThenAiFlow(
    [
      append("b-push-question", "{{Question}}"),
      completionBlock(
        "b-ai",
        "openai",
        credentialsId,
        [{ item: "Message content", variableId: "v-answer" }],
        {
          messages: [
            { role: "system", content: "You are helpful." },
            { role: "Dialogue", dialogueVariableId: "v-history" },
          ],
        },
      ),
      textBubble("b-show", "{{Answer}}"),
      { ...append("b-push-answer", "{{Answer}}"), outgoingEdgeId: "e-loop" },
    ],
    [
      { id: "v-answer", name: "Answer" },
      { id: "v-history", name: "Chat history" },
    ],
  );
  return {
    ...flow,
    edges: [...flow.edges, { id: "e-loop", from: { blockId: "b-push-answer" }, to: { groupId: "g-ask" } }],
  };
}

const call = async (path: string, chatKey: string, body: unknown) =>
  readResponse(await chat(chatRequest(path, { token: chatKey, body })));

describe.each([false, true])(
  "a dialogue variable keeps the conversation (streaming %s)",
  (isStreamEnabled) => {
    it("sends the whole history on every turn, answers included", async () => {
      const bot = await publishAiTestBot("openai", openai, apiKey, createDialogueFlow);
      const start = await call(`/bots/${bot.publicId}/startChat`, bot.chatKey, { isStreamEnabled });
      const sessionId = start.body.sessionId as string;
      /** One question: the turn, the streamed answer when streaming, and the client's reply with it. */
      const ask = async (question: string) => {
        const turn = await call(`/sessions/${sessionId}/continueChat`, bot.chatKey, { message: question });
        expect(turn.status).toBe(200);
        if (!isStreamEnabled) return JSON.stringify(turn.body.messages);
        expect(turn.body.clientSideActions).toEqual([expect.objectContaining({ type: "stream" })]);
        const streamed = await (
          await chat(chatRequest(`/sessions/${sessionId}/streamMessage`, { token: bot.chatKey, body: {} }))
        ).text();
        const reply = await call(`/sessions/${sessionId}/continueChat`, bot.chatKey, { message: streamed });
        expect(reply.status).toBe(200);
        return streamed;
      };
      expect(await ask("Hi")).toContain("You said: Hi");
      expect(await ask("And then?")).toContain("You said: And then?");
      expect(openai.requests.at(-1)?.json?.messages).toEqual([
        { role: "system", content: "You are helpful." },
        { role: "user", content: "Hi" },
        { role: "assistant", content: "You said: Hi" },
        { role: "user", content: "And then?" },
      ]);
    });
  },
);
