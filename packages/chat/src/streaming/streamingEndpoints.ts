import { bothHosts, type ChatEndpoint, defineChatEndpoint, viewerHost } from "../core/chatEndpoint";
import { authText, sessionParam, typebotAuthText } from "../core/endpointDocs";
import { streamMessage, streamTypebotMessage } from "./streamMessage";

/** An AI answer streamed to the web client. */
export const streamingEndpoints: readonly ChatEndpoint[] = [
  defineChatEndpoint({
    method: "POST",
    path: "/sessions/{sessionId}/streamMessage",
    hosts: bothHosts,
    handle: streamMessage,
    docs: {
      operationId: "streamMessage",
      summary: "Stream an AI answer",
      description: `After a \`stream\` client-side action (sent when \`isStreamEnabled\` is on and the next bubble shows the AI block's answer variable): the answer as a chunked \`text/plain\` body, token by token. The whole text is stored in the session and the result when the provider is done, even if the client leaves; the client then sends it back with continueChat as the action's reply. No body. ${authText} Issue codes: NOT_STREAMING (the session waits for no stream), AI_PROVIDER_ERROR (the provider could not be used; the error is logged on the result).`,
      params: sessionParam,
      response: { text: "The answer, streamed" },
    },
  }),
  defineChatEndpoint({
    method: "POST",
    path: "/sessions/{sessionId}/streamMessage",
    apiVersion: "v2",
    hosts: viewerHost,
    handle: streamTypebotMessage,
    docs: {
      operationId: "typebotStreamMessage",
      summary: "Stream an AI answer (Typebot's path)",
      description: `streamMessage as Typebot's client reads it: one \`0:<JSON string>\` line per chunk. ${typebotAuthText}`,
      params: sessionParam,
      response: { text: "The answer, one `0:` line per chunk" },
    },
  }),
];
