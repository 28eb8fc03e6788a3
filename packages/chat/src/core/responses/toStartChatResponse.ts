import { type FlowSnapshot, getLocalizedFlow, type TurnOutcome } from "@parley/engine";
import { defaultSettings, defaultTheme, mergeDefaults } from "@parley/schemas";
import { toWireTurnResponse } from "./toWireTurnResponse";

const botViews = new WeakMap<FlowSnapshot, ReturnType<typeof createBotView>>();

function createBotView(flow: FlowSnapshot) {
  const settings = mergeDefaults(defaultSettings, flow.settings);
  return {
    id: flow.botId,
    theme: mergeDefaults(defaultTheme, flow.theme),
    settings: { general: settings.general, typingEmulation: settings.typingEmulation },
    publishedAt: flow.publishedAt,
  };
}

/** `bot` of a start response, defaults filled in; computed once per (cached, immutable) snapshot. */
export function toBotView(flow: FlowSnapshot) {
  let view = botViews.get(flow);
  if (!view) {
    view = createBotView(flow);
    botViews.set(flow, view);
  }
  return view;
}

/**
 * The start response. `resultId` is returned when the flow paused on an input
 * or an action (never in preview, nor for a session only registering); left out otherwise.
 */
export function toStartChatResponse(
  outcome: TurnOutcome,
  context: { sessionId: string; flow: FlowSnapshot; resultId: string | null },
) {
  const resultId = outcome.isCompleted ? null : context.resultId;
  return {
    sessionId: context.sessionId,
    ...(resultId !== null ? { resultId } : {}),
    // The widget's own texts (system messages) in the visitor's language.
    bot: toBotView(getLocalizedFlow(context.flow, outcome.response.language ?? null)),
    ...toWireTurnResponse(outcome.response),
  };
}
