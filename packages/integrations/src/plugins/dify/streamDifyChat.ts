import {
  createVariableScope,
  type FlowFrame,
  type FlowSnapshot,
  parseVariablesDeep,
  type SessionState,
} from "@parley/engine";
import type { DifyBlock } from "@parley/schemas";
import type { AiServices } from "../../ai/aiBlockContext";
import { integrationsEnv } from "../../env";
import { isOutboundError } from "../../outbound/OutboundError";
import { readStreamBytes, safeFetchStream } from "../../outbound/safeFetchStream";
import {
  type PreparedStream,
  type StreamContext,
  streamedBlockScope,
} from "../../streaming/streamedCompletion";
import { describeServiceRefusal, isSuccessStatus } from "../callServiceApi";
import {
  buildDifyChatRequest,
  type DifyAnswer,
  getDifyContentVariableIds,
  readDifyAnswer,
  toDifyVariableUpdates,
} from "./runDify";

/**
 * The Dify block a session waits on, streamed (its `stream` action): the same Create Chat Message request the
 * block would have made in the turn, with the session's current variable values, its answer relayed piece by
 * piece as Dify's `message`/`agent_message` events arrive. The conversation id, the answer and the token counts
 * are mapped once the stream ends; an `error` event ends the stream with that error.
 */
export async function streamDifyChat(
  block: DifyBlock,
  session: { flow: FlowSnapshot; state: SessionState; frame: FlowFrame },
  context: StreamContext,
  services: Pick<AiServices, "getPrisma" | "allowList">,
  streamVariableId: string | undefined,
): Promise<PreparedStream> {
  const { flow, state, frame } = session;
  const scope = streamedBlockScope(flow, state, frame);
  const options = parseVariablesDeep(block.options ?? {}, createVariableScope(flow, { ...frame.variables }));
  const prepared = await buildDifyChatRequest(options, scope, services.getPrisma);
  if (!prepared.ok)
    return {
      ok: false,
      status: "FAILED",
      error: prepared.details ? `${prepared.error}: ${prepared.details}` : prepared.error,
      context,
    };
  const { apiKey } = prepared;
  let response: Awaited<ReturnType<typeof safeFetchStream>>;
  try {
    response = await safeFetchStream(prepared.url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${apiKey}`,
        accept: "text/event-stream",
        "content-type": "application/json",
      },
      body: JSON.stringify(prepared.body),
      timeoutMs: integrationsEnv.AI_STREAM_TIMEOUT_MS,
      maxResponseBytes: 8 * 1024 * 1024,
      allowList: services.allowList,
    });
  } catch (error) {
    const reason = isOutboundError(error)
      ? error.code === "BLOCKED_ADDRESS"
        ? "refused by the outbound rules"
        : error.code
      : "NETWORK_ERROR";
    return { ok: false, status: "FAILED", error: `Dify could not be reached (${reason})`, context };
  }
  if (!isSuccessStatus(response.status)) {
    const text = (await readStreamBytes(response).catch(() => Buffer.alloc(0))).toString("utf8");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return {
      ok: false,
      status: "FAILED",
      error: describeServiceRefusal("Dify", { status: response.status, body, text }, [apiKey]),
      context,
    };
  }
  const answer: DifyAnswer = { text: "", conversationId: undefined, usage: {} };
  const contentVariableIds = getDifyContentVariableIds(options);
  const mappedOptions =
    streamVariableId && !contentVariableIds.includes(streamVariableId)
      ? {
          ...options,
          responseMapping: [
            ...(options.responseMapping ?? []),
            { item: "Message content" as const, variableId: streamVariableId },
          ],
        }
      : options;
  return {
    ok: true,
    context,
    completion: {
      label: "Dify chat message",
      stream: {
        deltas: readDifyAnswer(response.body, answer),
        getUsage: () => null,
      },
      toVariableUpdates: (text) => toDifyVariableUpdates(mappedOptions, { ...answer, text }),
      logs: [],
    },
  };
}
