import type { TurnResponse } from "@parley/engine";
import type { ClientSideActionInput } from "@parley/schemas";

/**
 * The engine's turn response with every field the contract names present (api-spec.md "Chat
 * response elements"; absent values are null): each client-side action's `lastBubbleBlockId`
 * and `expectsDedicatedReply`, a script's `isUnsafe` and `isCode`, each log's `details` and
 * `context`, and the three URLs of `dynamicTheme`.
 */
export function toWireTurnResponse(response: TurnResponse) {
  return {
    ...response,
    clientSideActions: response.clientSideActions.map(toWireAction),
    logs: response.logs.map((log) => ({
      ...log,
      details: log.details ?? null,
      context: log.context ?? null,
    })),
    dynamicTheme: response.dynamicTheme && {
      hostAvatarUrl: response.dynamicTheme.hostAvatarUrl ?? null,
      guestAvatarUrl: response.dynamicTheme.guestAvatarUrl ?? null,
      backgroundUrl: response.dynamicTheme.backgroundUrl ?? null,
    },
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
