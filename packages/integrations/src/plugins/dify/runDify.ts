import type { PluginBlockRequest, PluginBlockResult } from "@parley/engine";
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

export interface DifyAnswer {
  text: string;
  conversationId: string | undefined;
  usage: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
}

/** The request a Create Chat Message block makes, once its account is read; or why it makes none. */
export type DifyChatRequest =
  | { ok: true; url: string; apiKey: string; body: Record<string, unknown> }
  | { ok: false; error: string; details?: string };

/**
 * What a Create Chat Message block sends (its options with variables already replaced): `POST
 * {apiEndpoint}/v1/chat-messages` with the app key, in `streaming` response mode (the mode every Dify app, agents
 * included, answers in), the conversation id read from the block's variable.
 */
export async function buildDifyChatRequest(
  options: NonNullable<DifyBlock["options"]>,
  request: Pick<PluginBlockRequest, "workspaceId" | "variables">,
  getPrisma: PluginContext["getPrisma"],
): Promise<DifyChatRequest> {
  if (!options.credentialsId) return { ok: false, error: "Dify block has no account; skipped" };
  const query = options.query?.trim();
  if (!query) return { ok: false, error: "Dify Create Chat Message: the query is empty; skipped" };
  const credentials = await readWorkspaceCredentials(getPrisma(), {
    workspaceId: request.workspaceId,
    credentialsId: options.credentialsId,
    types: [difyCredentials.type],
  });
  if (!credentials.ok)
    return { ok: false, error: "Dify credentials could not be read", details: credentials.error };
  const { apiKey, apiEndpoint } = credentials.data;
  const conversation = request.variables.find((variable) => variable.id === options.conversationVariableId);
  const conversationId = typeof conversation?.value === "string" ? conversation.value.trim() : "";
  return {
    ok: true,
    url: `${apiEndpoint.replace(/\/+$/, "").replace(/\/v1$/, "")}/v1/chat-messages`,
    apiKey,
    body: {
      inputs: toPropertyObject(options.inputs),
      query,
      response_mode: "streaming",
      conversation_id: conversationId,
      user: options.user?.trim() || defaultDifyUser,
    },
  };
}

/** The variable that receives the answer's text (`Message content`, or Typebot's older `Answer`). */
export const getDifyContentVariableIds = (options: NonNullable<DifyBlock["options"]>): string[] =>
  (options.responseMapping ?? [])
    .filter(
      (mapping) => (mapping.item ?? "Message content") === "Message content" || mapping.item === "Answer",
    )
    .flatMap((mapping) => (mapping.variableId ? [mapping.variableId] : []));

/**
 * `dify-ai`, Create Chat Message. When the client streams and the next bubble shows the answer's variable alone,
 * the block answers `stream`: the client's streamMessage call then makes the request and relays the answer as
 * Dify sends it (`streamDifyChat`). Otherwise the Server-Sent Events are read to the end here: the answer's
 * pieces joined, the conversation id written to the block's variable (and read from it to continue the
 * conversation), token counts from `message_end`.
 */
export async function runDify(block: DifyBlock, context: PluginContext): Promise<PluginBlockResult> {
  const options = block.options ?? {};
  const prepared = await buildDifyChatRequest(options, context.request, context.getPrisma);
  if (!prepared.ok) return logsOnly(errorLog(prepared.error, prepared.details));
  const { streamVariableId } = context.request;
  if (streamVariableId && getDifyContentVariableIds(options).includes(streamVariableId))
    return { variableUpdates: [], logs: [], stream: { variableId: streamVariableId } };
  const { apiKey } = prepared;
  const response = await callServiceApi(
    { ...context.call, service: "Dify" },
    {
      method: "POST",
      url: prepared.url,
      headers: { authorization: `Bearer ${apiKey}`, accept: "text/event-stream" },
      body: prepared.body,
      secrets: [apiKey],
      timeoutMs: 60_000,
    },
  );
  if (!response.ok) return logsOnly(errorLog("Dify did not answer", response.error));
  if (!isSuccessStatus(response.status))
    return logsOnly(errorLog("Dify refused the message", describeServiceRefusal("Dify", response, [apiKey])));
  const answer: DifyAnswer = { text: "", conversationId: undefined, usage: {} };
  try {
    for await (const piece of readDifyAnswer(toChunks(response.text), answer)) answer.text += piece;
  } catch (error) {
    return logsOnly(
      errorLog("Dify failed while answering", error instanceof Error ? error.message : String(error)),
    );
  }
  return {
    variableUpdates: toDifyVariableUpdates(options, answer),
    logs: [successLog("Dify answered")],
  };
}

/**
 * The answer's pieces as Dify streams them (`message`/`agent_message` events); the conversation id and the
 * token counts of `message_end` are written to `answer` on the way. An `error` event throws with its message.
 */
export async function* readDifyAnswer(
  chunks: AsyncIterable<Buffer | string>,
  answer: DifyAnswer,
): AsyncGenerator<string> {
  for await (const event of parseServerSentEvents(chunks)) {
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
    if ((name === "message" || name === "agent_message") && piece) yield piece;
    else if (name === "message_end" && metadata?.usage) answer.usage = metadata.usage;
    else if (name === "error") throw new Error(message ?? "Dify sent an error event");
  }
}

/** The body read whole, as the one chunk the event parser takes. */
async function* toChunks(text: string): AsyncGenerator<string> {
  yield text;
}

export function toDifyVariableUpdates(
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
