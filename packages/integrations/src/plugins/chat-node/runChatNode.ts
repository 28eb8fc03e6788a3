import type { PluginBlockResult } from "@parley/engine";
import type { ChatNodeBlock, VariableValue } from "@parley/schemas";
import { chatNodeCredentials } from "@parley/schemas/credentials";
import { z } from "zod";
import { readWorkspaceCredentials } from "../../credentials/workspaceCredentials";
import { callServiceApi, describeServiceRefusal, isSuccessStatus } from "../callServiceApi";
import { errorLog, logsOnly, type PluginContext, successLog } from "../pluginContext";

/** ChatNode's answer: the bot's reply and the chat session (thread) it belongs to. */
const chatNodeAnswerSchema = z.object({
  message: z.string().optional().catch(undefined),
  chat_session_id: z.string().optional().catch(undefined),
});

/**
 * `chat-node`, Send Message: `POST {apiUrl}/v1/{botId}` (Bearer key) with `{message, chat_session_id?}`; the
 * reply and the thread id go to the mapped variables (the thread id continues the conversation next time).
 */
export async function runChatNode(block: ChatNodeBlock, context: PluginContext): Promise<PluginBlockResult> {
  const options = block.options ?? {};
  if (!options.credentialsId) return logsOnly(errorLog("ChatNode block has no account; skipped"));
  const botId = options.botId?.trim();
  if (!botId) return logsOnly(errorLog("ChatNode Send Message: no bot ID; skipped"));
  const message = options.message?.trim();
  if (!message) return logsOnly(errorLog("ChatNode Send Message: the message is empty; skipped"));
  const credentials = await readWorkspaceCredentials(context.getPrisma(), {
    workspaceId: context.request.workspaceId,
    credentialsId: options.credentialsId,
    types: [chatNodeCredentials.type],
  });
  if (!credentials.ok) return logsOnly(errorLog("ChatNode credentials could not be read", credentials.error));
  const { apiKey, apiUrl } = credentials.data;
  const threadId = options.threadId?.trim();
  const response = await callServiceApi(
    { ...context.call, service: "ChatNode" },
    {
      method: "POST",
      url: `${apiUrl.replace(/\/+$/, "").replace(/\/v1$/, "")}/v1/${encodeURIComponent(botId)}`,
      headers: { authorization: `Bearer ${apiKey}` },
      body: { message, ...(threadId ? { chat_session_id: threadId } : {}) },
      secrets: [apiKey],
      timeoutMs: 60_000,
    },
  );
  if (!response.ok) return logsOnly(errorLog("ChatNode did not answer", response.error));
  if (!isSuccessStatus(response.status))
    return logsOnly(
      errorLog("ChatNode refused the message", describeServiceRefusal("ChatNode", response, [apiKey])),
    );
  const answer = chatNodeAnswerSchema.safeParse(response.body);
  if (!answer.success || answer.data.message === undefined)
    return logsOnly(errorLog("ChatNode answered without a message", response.text.slice(0, 300)));
  const updates: { variableId: string; value: VariableValue }[] = [];
  for (const mapping of options.responseMapping ?? []) {
    if (!mapping.variableId) continue;
    const value =
      (mapping.item ?? "Message") === "Message" ? answer.data.message : answer.data.chat_session_id;
    if (value !== undefined) updates.push({ variableId: mapping.variableId, value });
  }
  return { variableUpdates: updates, logs: [successLog("ChatNode answered")] };
}
