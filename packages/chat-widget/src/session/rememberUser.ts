import { getRememberedChatStorage } from "@parley/schemas/bot/rememberChat";
import type { ChatState } from "./chatState";

/** What survives a reload when the bot remembers its users. */
export type PersistedChat = Pick<
  ChatState,
  | "entries"
  | "input"
  | "progress"
  | "dynamicTheme"
  | "theme"
  | "settings"
  | "sessionId"
  | "resultId"
  | "pendingListenId"
  | "agentConversationId"
  | "lastAgentEventId"
>;

const keyPrefix = "parley-chat:";

function getStorages(): Storage[] {
  const storages: Storage[] = [];
  try {
    storages.push(window.sessionStorage, window.localStorage);
  } catch {
    // storage disabled (privacy mode, sandboxed frame)
  }
  return storages;
}

/** A stored value that still has the remembered chat's shape (a session and its entries). */
function isPersistedChat(value: unknown): value is PersistedChat {
  return (
    typeof value === "object" &&
    value !== null &&
    "sessionId" in value &&
    typeof value.sessionId === "string" &&
    "entries" in value &&
    Array.isArray(value.entries)
  );
}

/** The remembered chat of this bot, from session or local storage. */
export function loadRememberedChat(publicId: string): PersistedChat | undefined {
  for (const storage of getStorages()) {
    try {
      const raw = storage.getItem(keyPrefix + publicId);
      if (!raw) continue;
      const parsed: unknown = JSON.parse(raw);
      if (isPersistedChat(parsed)) return parsed;
    } catch {
      // corrupted or unreadable: start afresh
    }
  }
  return undefined;
}

/**
 * Stores the chat where the bot's settings say (`getRememberedChatStorage`: remember the user, or new
 * result on refresh off), or forgets it when neither keeps it (a reload then starts a new chat).
 */
export function saveRememberedChat(publicId: string, state: ChatState): boolean {
  const storage = getRememberedChatStorage(state.settings.general);
  if (!storage || state.status !== "running") {
    forgetRememberedChat(publicId);
    return false;
  }
  const persisted: PersistedChat = {
    entries: state.entries.filter((entry) => entry.kind !== "host" || !entry.isTyping),
    input: state.input,
    progress: state.progress,
    dynamicTheme: state.dynamicTheme,
    theme: state.theme,
    settings: state.settings,
    sessionId: state.sessionId,
    resultId: state.resultId,
    pendingListenId: state.pendingListenId,
    agentConversationId: state.agentConversationId,
    lastAgentEventId: state.lastAgentEventId,
  };
  const storages = getStorages();
  const target = storage === "local" ? storages[1] : storages[0];
  try {
    for (const storage of storages) if (storage !== target) storage.removeItem(keyPrefix + publicId);
    target?.setItem(keyPrefix + publicId, JSON.stringify(persisted));
    return target !== undefined;
  } catch {
    // quota exceeded: the chat simply is not remembered
    return false;
  }
}

export function forgetRememberedChat(publicId: string) {
  for (const storage of getStorages()) {
    try {
      storage.removeItem(keyPrefix + publicId);
    } catch {
      // ignore
    }
  }
}
