import type { ChatClient } from "../api/createChatClient";
import type { TurnTarget } from "./revealTurn";

/**
 * Streams the text of the current block (AI completions) into a host bubble as it arrives,
 * and resolves with the full text, which the caller sends back as the dedicated reply.
 */
export async function streamMessage(target: TurnTarget, client: ChatClient): Promise<string> {
  const sessionId = target.getState().sessionId;
  if (!sessionId) return "";
  const response = await client.request(`/api/v1/sessions/${encodeURIComponent(sessionId)}/streamMessage`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  if (!response.ok || !response.body) return "";
  const key = target.nextKey("stream");
  target.update((state) => ({
    entries: [...state.entries, { kind: "stream", key, text: "", isStreaming: true }],
    isWaiting: false,
  }));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const setEntry = (patch: { text?: string; isStreaming?: boolean }) =>
    target.update((state) => ({
      entries: state.entries.map((entry) =>
        entry.key === key && entry.kind === "stream" ? { ...entry, ...patch } : entry,
      ),
    }));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += value;
      setEntry({ text });
    }
  } finally {
    setEntry({ isStreaming: false });
  }
  return text;
}
