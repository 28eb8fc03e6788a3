import type { PluginBlockResult } from "@parley/engine";
import { type DifyBlock, toPropertyObject, type VariableValue } from "@parley/schemas";
import { difyCredentials } from "@parley/schemas/credentials";
import { z } from "zod";
import { parseServerSentEvents } from "../../ai/parseServerSentEvents";
import { readWorkspaceCredentials } from "../../credentials/workspaceCredentials";
import { callServiceApi, describeServiceRefusal, isSuccessStatus } from "../callServiceApi";
import { errorLog, logsOnly, type PluginContext, successLog } from "../pluginContext";

/** Dify's `user` when the block names none: conversations are found by id and user, so it stays the same. */
export const defaultDifyUser = "parley";

/** A streamed chat event: `message`/`agent_message` carry a piece of the answer, `message_end` the usage. */
const difyEventSchema = z.object({
  event: z.string(),
  answer: z.string().optional().catch(undefined),
  conversation_id: z.string().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
  metadata: z
    .object({
      usage: z
        .object({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() })
        .partial()
        .optional(),
    })
    .optional()
    .catch(undefined),
});

interface DifyAnswer {
  text: string;
  conversationId: string | undefined;
  usage: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
}

/**
 * `dify-ai`, Create Chat Message: `POST {apiEndpoint}/v1/chat-messages` in `streaming` response mode (the mode
 * every Dify app, agents included, answers in), the Server-Sent Events read to the end: the answer's pieces
 * joined, the conversation id written to the block's variable (and read from it to continue the conversation),
 * token counts from `message_end`.
 */
export async function runDify(block: DifyBlock, context: PluginContext): Promise<PluginBlockResult> {
  const options = block.options ?? {};
  if (!options.credentialsId) return logsOnly(errorLog("Dify block has no account; skipped"));
  const query = options.query?.trim();
  if (!query) return logsOnly(errorLog("Dify Create Chat Message: the query is empty; skipped"));
  const credentials = await readWorkspaceCredentials(context.getPrisma(), {
    workspaceId: context.request.workspaceId,
    credentialsId: options.credentialsId,
    types: [difyCredentials.type],
  });
  if (!credentials.ok) return logsOnly(errorLog("Dify credentials could not be read", credentials.error));
  const { apiKey, apiEndpoint } = credentials.data;
  const conversation = context.request.variables.find(
    (variable) => variable.id === options.conversationVariableId,
  );
  const conversationId = typeof conversation?.value === "string" ? conversation.value.trim() : "";
  const response = await callServiceApi(
    { ...context.call, service: "Dify" },
    {
      method: "POST",
      url: `${apiEndpoint.replace(/\/+$/, "").replace(/\/v1$/, "")}/v1/chat-messages`,
      headers: { authorization: `Bearer ${apiKey}`, accept: "text/event-stream" },
      body: {
        inputs: toPropertyObject(options.inputs),
        query,
        response_mode: "streaming",
        conversation_id: conversationId,
        user: options.user?.trim() || defaultDifyUser,
      },
      secrets: [apiKey],
      timeoutMs: 60_000,
    },
  );
  if (!response.ok) return logsOnly(errorLog("Dify did not answer", response.error));
  if (!isSuccessStatus(response.status))
    return logsOnly(errorLog("Dify refused the message", describeServiceRefusal("Dify", response, [apiKey])));
  const answer = await readDifyStream(response.text);
  if (!answer.ok) return logsOnly(errorLog("Dify failed while answering", answer.error));
  return {
    variableUpdates: toVariableUpdates(options, answer.answer),
    logs: [successLog("Dify answered")],
  };
}

async function readDifyStream(
  text: string,
): Promise<{ ok: true; answer: DifyAnswer } | { ok: false; error: string }> {
  const answer: DifyAnswer = { text: "", conversationId: undefined, usage: {} };
  for await (const event of parseServerSentEvents(toChunks(text))) {
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      continue;
    }
    const parsed = difyEventSchema.safeParse(data);
    if (!parsed.success) continue;
    const { event: name, answer: piece, conversation_id, message, metadata } = parsed.data;
    if (conversation_id) answer.conversationId = conversation_id;
    if ((name === "message" || name === "agent_message") && piece) answer.text += piece;
    else if (name === "message_end" && metadata?.usage) answer.usage = metadata.usage;
    else if (name === "error") return { ok: false, error: message ?? "Dify sent an error event" };
  }
  return { ok: true, answer };
}

/** The body read whole, as the one chunk the event parser takes. */
async function* toChunks(text: string): AsyncGenerator<string> {
  yield text;
}

function toVariableUpdates(
  options: NonNullable<DifyBlock["options"]>,
  answer: DifyAnswer,
): { variableId: string; value: VariableValue }[] {
  const updates: { variableId: string; value: VariableValue }[] = [];
  if (options.conversationVariableId && answer.conversationId)
    updates.push({ variableId: options.conversationVariableId, value: answer.conversationId });
  for (const mapping of options.responseMapping ?? []) {
    if (!mapping.variableId) continue;
    const value = readItem(mapping.item ?? "Message content", answer);
    if (value !== undefined) updates.push({ variableId: mapping.variableId, value });
  }
  return updates;
}

function readItem(item: string, answer: DifyAnswer): string | undefined {
  switch (item) {
    case "Message content":
    case "Answer":
      return answer.text;
    case "Total tokens":
    case "Total Tokens":
      return answer.usage.total_tokens === undefined ? undefined : String(answer.usage.total_tokens);
    case "Prompt tokens":
      return answer.usage.prompt_tokens === undefined ? undefined : String(answer.usage.prompt_tokens);
    case "Completion tokens":
      return answer.usage.completion_tokens === undefined
        ? undefined
        : String(answer.usage.completion_tokens);
    default:
      return undefined;
  }
}
