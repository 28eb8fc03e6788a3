import type { SessionState } from "@parley/engine";
import { textBubbleBlock, type VariableValue } from "@parley/schemas";

/**
 * The session state once a streamed answer is complete: the mapped variables of the current frame
 * hold it (and the transcript, when the flow keeps one, has the bot's message), while the session
 * still waits for the client's dedicated reply. Pure: returns a new state.
 */
export function applyStreamedAnswer(
  state: SessionState,
  updates: { variableId: string; value: VariableValue }[],
  text: string,
): SessionState {
  const frames = state.frames.map((frame, index) =>
    index === state.frames.length - 1
      ? {
          ...frame,
          variables: {
            ...frame.variables,
            ...Object.fromEntries(updates.map((update) => [update.variableId, update.value])),
          },
        }
      : frame,
  );
  const transcript =
    state.transcript && text !== ""
      ? [...state.transcript, { role: "bot" as const, type: textBubbleBlock.type, text }]
      : state.transcript;
  return { ...state, frames, transcript };
}
