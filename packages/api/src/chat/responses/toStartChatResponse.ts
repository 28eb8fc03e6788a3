import type { FlowSnapshot, TurnOutcome } from "@parley/engine";

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** `bot` of a start response: what the client needs to render the chat. */
export function toBotView(flow: FlowSnapshot) {
  return {
    id: flow.botId,
    theme: flow.theme,
    settings: {
      general: asObject(flow.settings.general),
      typingEmulation: asObject(flow.settings.typingEmulation),
    },
    publishedAt: flow.publishedAt,
  };
}

/**
 * The start response. `resultId` is returned when the flow paused on an input
 * or an action (never in preview, nor for a session only registering).
 */
export function toStartChatResponse(
  outcome: TurnOutcome,
  context: { sessionId: string; flow: FlowSnapshot; resultId: string | null },
) {
  return {
    sessionId: context.sessionId,
    resultId: outcome.isCompleted ? null : context.resultId,
    bot: toBotView(context.flow),
    ...outcome.response,
  };
}
