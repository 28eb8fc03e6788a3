import type { TurnResponse } from "@parley/engine";
import type { ClientSideActionInput } from "@parley/schemas";

/**
 * The engine's turn response as the contract words it (api-spec.md "Chat response elements"):
 * `input`, `lastMessageNewFormat`, `dynamicTheme` and `progress` only when they apply (left out,
 * never null); inside the records every field the contract names is present, null when unset:
 * each client-side action's `lastBubbleBlockId` and `expectsDedicatedReply`, a script's
 * `isUnsafe` and `isCode`, each log's `details` and `context`, and the three URLs of `dynamicTheme`.
 */
export function toWireTurnResponse(response: TurnResponse) {
  const { input, lastMessageNewFormat, dynamicTheme, progress } = response;
  return {
    messages: response.messages,
    ...(lastMessageNewFormat !== null ? { lastMessageNewFormat } : {}),
    ...(input !== null ? { input } : {}),
    clientSideActions: response.clientSideActions.map(toWireAction),
    logs: response.logs.map((log) => ({
      ...log,
      details: log.details ?? null,
      context: log.context ?? null,
    })),
    ...(dynamicTheme
      ? {
          dynamicTheme: {
            hostAvatarUrl: dynamicTheme.hostAvatarUrl ?? null,
            guestAvatarUrl: dynamicTheme.guestAvatarUrl ?? null,
            backgroundUrl: dynamicTheme.backgroundUrl ?? null,
          },
        }
      : {}),
    ...(progress !== null ? { progress } : {}),
    ...(response.streamedMessageSources?.length
      ? { streamedMessageSources: response.streamedMessageSources }
      : {}),
    ...(response.language ? { language: response.language } : {}),
  };
}

function toWireAction(action: ClientSideActionInput) {
  const base = {
    ...action,
    lastBubbleBlockId: action.lastBubbleBlockId ?? null,
    expectsDedicatedReply: action.expectsDedicatedReply ?? false,
  };
  if (action.type !== "scriptToExecute") return base;
  const script = action.scriptToExecute;
  return {
    ...base,
    scriptToExecute: { ...script, isUnsafe: script.isUnsafe ?? false, isCode: script.isCode ?? false },
  };
}
